import type { FastifyInstance } from 'fastify';
import { acknowledge, requireSocketUser } from '../../realtime/ack.ts';
import type { AppSocket } from '../../realtime/types.ts';
import { sendChatMessage } from './service.ts';

export function registerChatHandlers(app: FastifyInstance, socket: AppSocket) {
  socket.on('chat:send', (request, ack) =>
    acknowledge(app, ack, async () => sendChatMessage(app, await requireSocketUser(app, socket, 'Sign in to chat'), request)),
  );
}
