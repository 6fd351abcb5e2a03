/**
 * What other entry points compose: the API's inline driver runs jobs through `createJobHandler`, the
 * API reports engines with `TranslationEngines`, and JOBS_INLINE_WORKERS starts `startBullWorkers`.
 */
export { createJobHandler, type JobHandler, type RunContext } from './runner.ts';
export { startBullWorkers, type BullWorkers, type BullWorkersOptions } from './bull.ts';
export { TranslationEngines, describeReport } from './engines/translation/index.ts';
export { PermanentJobError } from './errors.ts';
export { PROCESSORS, type JobContext, type Processor, type WorkerEngines } from './processors/index.ts';
export { MediaTools } from './engines/media/index.ts';
export { TranscriptionEngines, describeTranscription, cuesToVtt, wordErrorRate, measureCaptionQuality, readCorpus, LIBRIVOX_CORPUS, Pocketsphinx, POCKETSPHINX_MODEL_DIR, parsePocketsphinxWords, wordsToCues } from './engines/transcription/index.ts';
export { composeJobs, type ComposeOptions } from './compose.ts';
export { parsePingUrls, type SyndicationSettings } from './engines/syndication/index.ts';
