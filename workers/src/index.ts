/**
 * What other entry points compose: the API's inline driver runs jobs through `createJobHandler`, the
 * API reports engines with `TranslationEngines`, and JOBS_INLINE_WORKERS starts `startBullWorkers`.
 */
export { createJobHandler, type JobHandler, type RunContext } from './runner.ts';
export { startBullWorkers, type BullWorkers, type BullWorkersOptions } from './bull.ts';
export { TranslationEngines, describeReport } from './engines/translation/index.ts';
export { PermanentJobError } from './errors.ts';
export { PROCESSORS, type JobContext, type Processor, type WorkerEngines } from './processors/index.ts';
