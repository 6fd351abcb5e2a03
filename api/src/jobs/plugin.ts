/**
 * `app.jobs` (the job queue) and `app.translationEngines` (what can be translated here). At start the
 * engines report is logged once (where info lines are logged); the recommendations job is scheduled
 * to run every few hours.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobQueue, JobsRuntimeFactory, TranslationEngineInfo } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    translationEngines: TranslationEngineInfo;
  }
}

/** Every user's recommendations are recomputed this often (and on demand). */
export const RECOMMENDATIONS_EVERY_MS = 6 * 3600_000;

/** Whether a logger at this level writes info lines (a disabled logger has no level). */
export function logsInfo(level: string | undefined): boolean {
  return level === 'info' || level === 'debug' || level === 'trace';
}

export interface JobsPluginOptions {
  compose: JobsRuntimeFactory;
}

async function jobsPlugin(app: FastifyInstance, opts: JobsPluginOptions) {
  const runtime = await opts.compose({ config: app.config, db: app.db, log: app.log });
  app.decorate('jobs', runtime.queue);
  app.decorate('translationEngines', runtime.engines);
  app.addHook('onReady', async () => {
    // The report exists to be logged. Making it runs every installed Apertium mode once (a dozen
    // pipelines of five or six programs: 4–5 s and about 9 CPU-seconds on a 2-core machine), so where
    // info lines are dropped (LOG_LEVEL=warn, tests) it is skipped; the first translation or the
    // engines page detects what it needs then.
    if (logsInfo(app.log.level)) {
      void runtime.engines
        .report()
        .then((report) => app.log.info({ engines: report }, runtime.engines.describe(report)))
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not check the translation engines'));
    }
    await runtime.queue.schedule('recommendations', { scope: 'all' }, RECOMMENDATIONS_EVERY_MS);
  });
  app.addHook('onClose', async () => runtime.close());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['context'] });
