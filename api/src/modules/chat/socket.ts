import type { FastifyInstance } from 'fastify';
import { acknowledge, requireSocketUser } from '../../realtime/ack.ts';
import type { SharedListener } from '../../realtime/listener.ts';
import { sendChatMessage } from './service.ts';

/** `chat:send`, shared by every socket of the server. */
export function chatSendListener(app: FastifyInstance): SharedListener<'chat:send'> {
  return function onChatSend(request, ack) {
    void acknowledge(app, ack, async () => sendChatMessage(app, await requireSocketUser(app, this, 'Sign in to chat'), request));
  };
}
