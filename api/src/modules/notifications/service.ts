/**
 * Personal notifications: stored until read, and pushed at once to the recipient's `user:{id}` room.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { NOTIFICATIONS_LIMIT, rooms, type Notification, type Notifications } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

function selectNotifications(db: Kysely<Database>) {
  return db
    .selectFrom('notifications')
    .leftJoin('users as sender', 'sender.id', 'notifications.senderId')
    .select(['notifications.id', 'notifications.kind', 'notifications.text', 'notifications.link', 'notifications.readAt', 'notifications.createdAt', 'sender.username as from']);
}

type Row = { id: number; kind: Notification['kind']; text: string; link: string | null; readAt: number | null; createdAt: number; from: string | null };

const present = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  text: r.text,
  from: r.from,
  link: r.link,
  read: r.readAt !== null,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * What a notification says and to whom. No sender: a notice from OnAir itself. `link`: the in-app
 * path it is about, which the bell and a phone's push open.
 */
export interface NotificationInput {
  userId: number;
  senderId: number | null;
  text: string;
  link?: `/${string}` | null;
}

export async function sendNotification(app: FastifyInstance, input: NotificationInput, db: Kysely<Database> = app.db.kysely): Promise<Notification> {
  const kind = input.senderId === null ? 'notice' : 'admin_message';
  const { id } = await db
    .insertInto('notifications')
    .values({ userId: input.userId, senderId: input.senderId, kind, text: input.text, link: input.link ?? null, readAt: null, createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await selectNotifications(db).where('notifications.id', '=', id).executeTakeFirstOrThrow();
  return present(row);
}

/** Pushes a stored notification to the recipient's open sockets. Call after the write is committed. */
export function pushNotification(app: FastifyInstance, userId: number, notification: Notification) {
  app.io.to(rooms.user(userId)).emit('notification:new', notification);
  // Also to the recipient's phones and browsers, even when OnAir is closed.
  const title = notification.from ? `Message from ${notification.from}` : 'Message from OnAir';
  void app.webPush
    .notifyUsers([userId], { title, body: notification.text, url: notification.link ?? '/', tag: `notification-${notification.id}` })
    .catch((error: unknown) => app.log.warn({ err: error }, 'notification push failed'));
}

/** Stores a notification and pushes it to its recipient: for writes that are already committed. */
export async function notify(app: FastifyInstance, input: NotificationInput): Promise<void> {
  pushNotification(app, input.userId, await sendNotification(app, input));
}

/** The recipient's latest notifications, newest first, with how many are unread. */
export async function listNotifications(db: Kysely<Database>, userId: number): Promise<Notifications> {
  const [rows, unread] = await Promise.all([
    selectNotifications(db)
      .where('notifications.userId', '=', userId)
      .orderBy('notifications.createdAt', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(NOTIFICATIONS_LIMIT)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(present), unread: Number(unread.n) };
}

/** Marks one of the recipient's notifications read; someone else's is answered as not found. */
export async function markRead(db: Kysely<Database>, userId: number, id: number): Promise<Notification> {
  const row = await selectNotifications(db).where('notifications.id', '=', id).where('notifications.userId', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No notification with that id');
  if (row.readAt === null) {
    const readAt = Date.now();
    await db.updateTable('notifications').set({ readAt }).where('id', '=', id).where('readAt', 'is', null).execute();
    return present({ ...row, readAt });
  }
  return present(row);
}
