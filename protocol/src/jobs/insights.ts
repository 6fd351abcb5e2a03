import { z } from 'zod';
import { ViewershipRecordSchema } from '../api/analytics.ts';

export const InsightsJobPayloadSchema = z.object({ analyticsData: ViewershipRecordSchema });
export type InsightsJobPayload = z.infer<typeof InsightsJobPayloadSchema>;

export const InsightsJobResultSchema = z.object({
  insights: z.array(z.string()),
  recommendations: z.array(z.string()),
  trends: z.array(z.string()),
});
export type InsightsJobResult = z.infer<typeof InsightsJobResultSchema>;
