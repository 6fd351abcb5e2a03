import type { FastifyInstance } from 'fastify';
import { CreatorIdParamsSchema, CreatorProfileRequestSchema, type CreatorState, type SubscriptionState } from '@onair/protocol';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import {
  creatorStatusOf,
  findProfile,
  presentProfile,
  presentPublicCreator,
  subscribe,
  subscriberCount,
  unsubscribe,
} from './repository.ts';
import { saveCreatorProfile } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function creatorRoutes(app: FastifyInstance) {
  const db = app.db.kysely;

  app.get('/api/creator', { onRequest: app.requireUser }, async (request): Promise<CreatorState> => {
    const user = signedInUser(request);
    return { profile: await presentProfile(db, user.id), creatorStatus: creatorStatusOf(user) };
  });

  app.post('/api/creator', { onRequest: app.requireUser }, async (request, reply) => {
    const input = parseOr400(CreatorProfileRequestSchema, request.body);
    const { state, created } = await saveCreatorProfile(app, signedInUser(request), input);
    return reply.code(created ? 201 : 200).send(state);
  });

  app.get('/api/creators/:userId', async (request) => {
    const { userId } = parseOr400(CreatorIdParamsSchema, request.params);
    const creator = await presentPublicCreator(db, userId, request.user?.id ?? null);
    if (!creator) throw notFound('No creator with that id');
    return creator;
  });

  const subscription = (subscribed: boolean) => async (request: import('fastify').FastifyRequest): Promise<SubscriptionState> => {
    const { userId: creatorId } = parseOr400(CreatorIdParamsSchema, request.params);
    const me = signedInUser(request);
    if (!(await findProfile(db, creatorId))) throw notFound('No creator with that id');
    if (creatorId === me.id) throw badRequest('userId: you cannot subscribe to yourself');
    if (subscribed) await subscribe(db, creatorId, me.id);
    else await unsubscribe(db, creatorId, me.id);
    return { creatorId, subscribed, subscriberCount: await subscriberCount(db, creatorId) };
  };
  app.post('/api/creators/:userId/subscribe', { onRequest: app.requireUser }, subscription(true));
  app.delete('/api/creators/:userId/subscribe', { onRequest: app.requireUser }, subscription(false));
}
