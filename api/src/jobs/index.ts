/**
 * The API's job drivers and their contract, for the entry points that compose a jobs runtime (the
 * workers package's `composeJobs`).
 */
export { BullJobQueue } from './bullmq.ts';
export { InlineJobQueue } from './inline.ts';
export type { JobQueue, JobsRuntime, JobsRuntimeFactory, TranslationEngineInfo } from './types.ts';
