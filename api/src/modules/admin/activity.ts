/**
 * The admin action log (who did what, when) and the live activity feed built from recorded facts:
 * new accounts, published content, streams going live, flagged messages and admin actions.
 */
import type { Kysely } from 'kysely';
import { ACTIVITY_FEED_LIMIT, ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';

export interface AdminAction {
  adminId: number;
  action: string;
  targetUserId?: number | null;
  targetId?: number | null;
  detail?: string | null;
}

/** Records an admin action; written in the same transaction as the change when one is given. */
export async function recordAdminAction(db: Kysely<Database>, entry: AdminAction, now = Date.now()): Promise<void> {
  await db
    .insertInto('adminActions')
    .values({
      adminId: entry.adminId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      targetId: entry.targetId ?? null,
      detail: entry.detail ?? null,
      createdAt: now,
    })
    .execute();
}

/**
 * Newest first, merged from each source's own newest rows; only the `kinds` asked for (the Content tab
 * wants publishes and go-lives, which a busy moderation queue would push out of the whole feed).
 */
export async function activityFeed(db: Kysely<Database>, options: { kinds?: readonly ActivityKind[]; limit?: number } = {}): Promise<ActivityEntry[]> {
  const { kinds = ACTIVITY_KINDS, limit = ACTIVITY_FEED_LIMIT } = options;
  /** A source's rows, or none without reading when its kind is not wanted. */
  const from = <T>(kind: ActivityKind, read: () => Promise<T[]>): Promise<T[]> => (kinds.includes(kind) ? read() : Promise.resolve([]));
  const [users, content, streams, flags, actions] = await Promise.all([
    from('user_joined', () => db.selectFrom('users').select(['username', 'role', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute()),
    from('content_published', () =>
      db
        .selectFrom('content')
        .leftJoin('users', 'users.id', 'content.creatorId')
        .select(['content.title', 'content.type', 'content.createdAt', 'users.username'])
        .orderBy('content.createdAt', 'desc')
        .orderBy('content.id', 'desc')
        .limit(limit)
        .execute(),
    ),
    from('stream_started', () =>
      db
        .selectFrom('streams')
        .innerJoin('users', 'users.id', 'streams.creatorId')
        .select(['streams.title', 'streams.startedAt', 'users.username'])
        .orderBy('streams.startedAt', 'desc')
        .limit(limit)
        .execute(),
    ),
    from('flagged', () =>
      db
        .selectFrom('moderationItems')
        .innerJoin('users', 'users.id', 'moderationItems.authorId')
        .select(['moderationItems.severity', 'moderationItems.reason', 'moderationItems.createdAt', 'users.username'])
        .orderBy('moderationItems.createdAt', 'desc')
        .limit(limit)
        .execute(),
    ),
    from('admin_action', () =>
      db
        .selectFrom('adminActions')
        .leftJoin('users as admin', 'admin.id', 'adminActions.adminId')
        .leftJoin('users as target', 'target.id', 'adminActions.targetUserId')
        .select(['adminActions.action', 'adminActions.detail', 'adminActions.createdAt', 'admin.username as adminName', 'target.username as targetName'])
        .orderBy('adminActions.createdAt', 'desc')
        .limit(limit)
        .execute(),
    ),
  ]);
  const entries: (Omit<ActivityEntry, 'at'> & { time: number })[] = [
    ...users.map((u) => ({ kind: 'user_joined' as const, text: `${u.username} joined as ${u.role}`, time: u.createdAt })),
    ...content.map((c) => ({
      kind: 'content_published' as const,
      text: `${c.username ?? 'Someone'} published “${c.title}” (${c.type})`,
      time: c.createdAt,
    })),
    ...streams.map((s) => ({ kind: 'stream_started' as const, text: `${s.username} went live: “${s.title}”`, time: s.startedAt })),
    ...flags.map((f) => ({ kind: 'flagged' as const, text: `Message by ${f.username} flagged ${f.severity}: ${f.reason}`, time: f.createdAt })),
    ...actions.map((a) => ({
      kind: 'admin_action' as const,
      text: [a.adminName ?? 'An admin', describeAction(a.action), a.targetName, a.detail ? `(${a.detail})` : null].filter(Boolean).join(' '),
      time: a.createdAt,
    })),
  ];
  return entries
    .sort((a, b) => b.time - a.time)
    .slice(0, limit)
    .map(({ kind, text, time }) => ({ kind, text, at: new Date(time).toISOString() }));
}

const ACTION_VERBS: Record<string, string> = {
  'moderation.approve': 'approved a flagged item by',
  'moderation.reject': 'rejected a flagged item by',
  'user.verify': 'verified',
  'user.approve_creator': 'approved the creator request of',
  'user.suspend': 'suspended',
  'user.unsuspend': 'reinstated',
  'user.role': 'changed the role of',
  'user.message': 'sent a message to',
  'curation.apply': 'applied a regional curation',
  'curation.remove': 'removed a regional curation',
  'content.delete': 'took down an item of',
};

function describeAction(action: string): string {
  return ACTION_VERBS[action] ?? action;
}
