/**
 * The one place where the API's tests reach the workers package: the jobs runtime a test server runs
 * (what `scripts/api.ts` composes in production), and the worker pieces a few job tests drive directly.
 * It sits in test support, outside `src`, so the API package itself never imports the workers.
 */
export { composeJobs, createJobHandler, startBullWorkers, TranslationEngines, wordErrorRate, type BullWorkers } from '@onair/workers';
