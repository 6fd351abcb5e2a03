/**
 * The one function every driver calls to run a job: payload validated against the protocol schema,
 * the job's processor called with the data layer and engines, the result validated before it is
 * stored or sent. The inline driver (in the API) and the BullMQ workers share it.
 */
import type { Db } from '@onair/api/db';
import { isQueuedJobName, JOB_SCHEMAS, type JobHandler, type QueuedJobName } from '@onair/protocol';
import { PermanentJobError } from './errors.ts';
import { PROCESSORS, type JobContext, type Processor, type WorkerEngines } from './processors/index.ts';

/** The contract lives in protocol (so the API's drivers need not import this package). */
export type { JobHandler, RunContext } from '@onair/protocol';

export function createJobHandler(deps: { db: Db; engines: WorkerEngines }): JobHandler {
  return async (name, payload, run) => {
    if (!isQueuedJobName(name)) throw new PermanentJobError(`Unknown job ${String(name)}`);
    const schemas = JOB_SCHEMAS[name];
    const parsed = schemas.payload.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PermanentJobError(`Invalid ${name} job: ${issue?.path.join('.') || 'payload'}: ${issue?.message}`);
    }
    const ctx: JobContext = { ...run, db: deps.db, engines: deps.engines };
    // The map is typed per name; indexing it with a union loses the pairing, so restore it here.
    const processor = PROCESSORS[name] as Processor<QueuedJobName>;
    const result = await processor(parsed.data as never, ctx);
    return schemas.result.parse(result);
  };
}
