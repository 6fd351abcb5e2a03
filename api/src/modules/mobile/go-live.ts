/**
 * When a creator goes live, the people who follow them hear about it: a Web Push message on each of
 * their devices with notifications on, and a text to each confirmed phone that sent SUBSCRIBE.
 * Runs after the stream is stored; a failing delivery never stops the broadcast.
 */
import type { FastifyInstance } from 'fastify';

export async function notifyGoLive(app: FastifyInstance, creatorId: number, contentId: number): Promise<void> {
  const db = app.db.kysely;
  const [content, creator, followers] = await Promise.all([
    db.selectFrom('content').select(['title']).where('id', '=', contentId).executeTakeFirst(),
    db
      .selectFrom('users')
      .leftJoin('creatorProfiles', 'creatorProfiles.userId', 'users.id')
      .select((eb) => eb.fn.coalesce('creatorProfiles.displayName', 'users.username').as('name'))
      .where('users.id', '=', creatorId)
      .executeTakeFirst(),
    db.selectFrom('creatorSubscribers').select('userId').where('creatorId', '=', creatorId).execute(),
  ]);
  if (!content || !creator || followers.length === 0) return;
  const userIds = followers.map((f) => f.userId);
  const title = `${creator.name} is live`;
  const url = `/watch/${contentId}`;

  const phones = await db
    .selectFrom('phoneLinks')
    .select('phone')
    .where('userId', 'in', userIds)
    .where('subscribed', '=', 1)
    .where('confirmedAt', 'is not', null)
    .execute();
  const text = `${title} on OnAir: ${content.title} ${app.config.publicUrl}${url}`;
  await Promise.all([
    app.webPush.notifyUsers(userIds, { title, body: content.title, url, tag: `live-${contentId}` }),
    ...phones.map((p) =>
      app.smsSender.send(p.phone, text).catch((error: unknown) => app.log.warn({ err: error }, 'go-live text not sent')),
    ),
  ]);
}

/** Fire and forget from request handlers: the caller's answer does not wait for push services. */
export function announceGoLive(app: FastifyInstance, creatorId: number, contentId: number): Promise<void> {
  return notifyGoLive(app, creatorId, contentId).catch((error: unknown) => app.log.warn({ err: error }, 'go-live notifications failed'));
}
