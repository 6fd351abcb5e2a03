/** Rows a worker test starts from: a creator and one item of theirs. */
import type { Db } from '@onair/api/db';

type Item = { title: string; type: 'tv' | 'radio' | 'podcast' | 'other'; category: string | null; status: 'live' | 'offline' | 'published'; durationSeconds: number };

export async function insertCreatorWithItem(k: Db['kysely'], item: Item): Promise<{ userId: number; contentId: number }> {
  const { id: userId } = await k
    .insertInto('users')
    .values({ username: 'maker', usernameKey: 'maker', email: 'maker@example.com', passwordHash: '', firstName: null, lastName: null, role: 'creator', creatorRequest: null, country: 'GH', createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: contentId } = await k
    .insertInto('content')
    .values({ creatorId: userId, description: null, language: 'en', createdAt: Date.now(), liveSince: null, ...item })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, contentId };
}
