/**
 * Table types of the AI area (migration 0003_ai): likes, translations and stored recommendations.
 * Kept apart from schema.ts like the other areas; `Database` extends this interface.
 */
import type { Generated } from 'kysely';

export interface ContentLikesTable {
  contentId: number;
  userId: number;
  createdAt: number;
}

export interface TranslationsTable {
  id: Generated<number>;
  contentId: number;
  /** A code of SUPPORTED_LANGUAGES. */
  language: string;
  title: string;
  description: string | null;
  aiGenerated: number;
  /** The translation job that wrote it; null for manual translations. */
  jobId: string | null;
  /** 'apertium' or 'libretranslate' for AI translations. */
  engine: string | null;
  createdBy: number | null;
  createdAt: number;
}

export interface AiRecommendationsTable {
  userId: number;
  contentId: number;
  rank: number;
  confidence: number;
  signal: 'watched' | 'liked' | 'category' | 'trending';
  reason: string;
  computedAt: number;
}

export interface RecommendationRunsTable {
  userId: number;
  basis: 'history' | 'trending';
  items: number;
  computedAt: number;
}

export interface AiTables {
  contentLikes: ContentLikesTable;
  translations: TranslationsTable;
  aiRecommendations: AiRecommendationsTable;
  recommendationRuns: RecommendationRunsTable;
}
