/**
 * Relays job events to the sockets of the user who started the job (`user:{id}`) as `job:progress`,
 * `job:done` and `job:failed`. With BullMQ every API node hears every event through QueueEvents, so
 * each node emits to its own sockets only (`io.local`): one copy per socket, not one per node.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rooms } from '@onair/protocol';
import type { JobEvent } from '../jobs/types.ts';

export function relayJobEvent(app: FastifyInstance, event: JobEvent) {
  if (event.userId === null) return;
  const target = app.io.local.to(rooms.user(event.userId));
  const base = { jobId: event.jobId, name: event.name };
  if (event.type === 'progress') target.emit('job:progress', { ...base, progress: event.progress ?? 0, message: event.message ?? '' });
  else if (event.type === 'done') target.emit('job:done', { ...base, result: event.result });
  else target.emit('job:failed', { ...base, error: event.error ?? 'The job failed' });
}

async function jobRelay(app: FastifyInstance) {
  const unsubscribe = app.jobs.onEvent((event) => relayJobEvent(app, event));
  app.addHook('onClose', async () => unsubscribe());
}

export default fp(jobRelay, { name: 'job-relay', dependencies: ['realtime', 'jobs'] });
