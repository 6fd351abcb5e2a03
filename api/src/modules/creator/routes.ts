import { CreatorIdParamsSchema, CreatorProfileRequestSchema, type CreatorState, type SubscriptionState } from '@onair/protocol';
import { badRequest, notFound } from '../../http/errors.ts';
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
import type { ZodApp } from '../../http/typed-routes.ts';
import type { UserRow } from '../../db/schema.ts';

export default async function creatorRoutes(app: ZodApp) {
  const db = app.db.kysely;

  app.get('/api/creator', { onRequest: app.requireUser }, async (request): Promise<CreatorState> => {
    const user = signedInUser(request);
    return { profile: await presentProfile(db, user.id), creatorStatus: creatorStatusOf(user) };
  });

  app.post('/api/creator', { onRequest: app.requireUser, schema: { body: CreatorProfileRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const { state, created } = await saveCreatorProfile(app, signedInUser(request), input);
    return reply.code(created ? 201 : 200).send(state);
  });

  app.get('/api/creators/:userId', { schema: { params: CreatorIdParamsSchema } }, async (request) => {
    const { userId } = request.params;
    const creator = await presentPublicCreator(db, userId, request.user?.id ?? null);
    if (!creator) throw notFound('No creator with that id');
    return creator;
  });

  const subscription = (subscribed: boolean) => async (request: { user: UserRow | null; params: { userId: number } }): Promise<SubscriptionState> => {
    const { userId: creatorId } = request.params;
    const me = signedInUser(request);
    if (!(await findProfile(db, creatorId))) throw notFound('No creator with that id');
    if (creatorId === me.id) throw badRequest('userId: you cannot subscribe to yourself');
    if (subscribed) await subscribe(db, creatorId, me.id);
    else await unsubscribe(db, creatorId, me.id);
    return { creatorId, subscribed, subscriberCount: await subscriberCount(db, creatorId) };
  };
  const subscribing = { onRequest: app.requireUser, schema: { params: CreatorIdParamsSchema } };
  app.post('/api/creators/:userId/subscribe', subscribing, subscription(true));
  app.delete('/api/creators/:userId/subscribe', subscribing, subscription(false));
}
