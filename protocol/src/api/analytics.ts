import { z } from 'zod';
import { AnalyticsSummarySchema } from '../entities.ts';

export const AnalyticsSummaryResponseSchema = AnalyticsSummarySchema;
