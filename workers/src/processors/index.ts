/**
 * The explicit map from job name to processor. A job without an entry here does not compile: adding a
 * job to protocol's JOB_SCHEMAS requires its processor.
 */
import type { QueuedJobName } from '@onair/protocol';
import { insightsProcessor } from './insights.ts';
import { recommendationsProcessor } from './recommendations.ts';
import { summaryProcessor } from './summary.ts';
import { translationProcessor } from './translation.ts';
import { mediaProcessor } from './media.ts';
import { syndicationProcessor } from './syndication.ts';
import { transcriptProcessor } from './transcript.ts';
import { subtitlesProcessor } from './subtitles.ts';
import type { Processor } from './types.ts';

export const PROCESSORS: { [N in QueuedJobName]: Processor<N> } = {
  summary: summaryProcessor,
  translation: translationProcessor,
  insights: insightsProcessor,
  recommendations: recommendationsProcessor,
  media: mediaProcessor,
  syndication: syndicationProcessor,
  transcript: transcriptProcessor,
  subtitles: subtitlesProcessor,
};

export type { JobContext, Processor, WorkerEngines } from './types.ts';
