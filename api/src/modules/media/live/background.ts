/**
 * Work the live pipeline starts and does not wait for (a timer's, a relayed event's, a take's): its
 * failure is logged. Left unobserved, a rejection (a database or Redis error at the wrong moment) would
 * end a Node 20 process, and every broadcast it carries with it.
 */
import type { FastifyBaseLogger } from 'fastify';

export function inBackground(log: FastifyBaseLogger, what: string, task: Promise<unknown>): void {
  task.catch((error: unknown) => log.error({ err: error }, what));
}
