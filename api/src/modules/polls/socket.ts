import type { FastifyInstance } from 'fastify';
import { acknowledge, requireSocketUser } from '../../realtime/ack.ts';
import type { SharedListener } from '../../realtime/listener.ts';
import { vote } from './service.ts';

/** `poll:vote`, shared by every socket of the server. */
export function pollVoteListener(app: FastifyInstance): SharedListener<'poll:vote'> {
  return function onPollVote(request, ack) {
    void acknowledge(app, ack, async () => vote(app, await requireSocketUser(app, this, 'Sign in to vote'), request));
  };
}
