import type { FastifyInstance } from 'fastify';
import { acknowledge, requireSocketUser } from '../../realtime/ack.ts';
import type { AppSocket } from '../../realtime/types.ts';
import { vote } from './service.ts';

export function registerPollHandlers(app: FastifyInstance, socket: AppSocket) {
  socket.on('poll:vote', (request, ack) =>
    acknowledge(app, ack, async () => vote(app, await requireSocketUser(app, socket, 'Sign in to vote'), request)),
  );
}
