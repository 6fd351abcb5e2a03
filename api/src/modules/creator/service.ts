/**
 * Creating or editing a creator profile, and the creator status it asks for: granted at once when
 * the operator allows self-serve creators, otherwise left pending for an admin (admin area).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { rooms, type CreatorProfileRequestSchema, type CreatorState } from '@onair/protocol';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { creatorStatusOf, findProfile, findProfileByHandle, presentProfile } from './repository.ts';

type ProfileInput = z.output<typeof CreatorProfileRequestSchema>;

const handleTaken = () => conflict('handle: that handle is already taken');

/**
 * Whether an admin's last decision on this user's role made them a viewer (a demotion, recorded in
 * the admin action log as `user.role` "creator → viewer"). Such a user stays a viewer until an admin
 * restores them: self-serve does not undo an admin.
 */
async function demotedByAdmin(db: Kysely<Database>, userId: number): Promise<boolean> {
  const last = await db
    .selectFrom('adminActions')
    .select(['action', 'detail'])
    .where('targetUserId', '=', userId)
    .where('action', 'in', ['user.role', 'user.approve_creator'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.action === 'user.role' && /→ viewer$/.test(last.detail ?? '');
}

export async function saveCreatorProfile(
  app: FastifyInstance,
  user: UserRow,
  input: ProfileInput,
  now = Date.now(),
): Promise<{ state: CreatorState; created: boolean }> {
  const db = app.db.kysely;
  const owner = await findProfileByHandle(db, input.handle);
  if (owner && owner.userId !== user.id) throw handleTaken();

  const existing = await findProfile(db, user.id);
  // Viewers ask for creator status with their first profile; creators and admins already have it.
  // Self-serve grants it at once, except to someone an admin demoted: they may only ask again.
  const selfServe = app.config.creatorSelfServe && !(user.role === 'viewer' && (await demotedByAdmin(db, user.id)));
  const grant = user.role === 'viewer' && selfServe;
  const request = user.role === 'viewer' && !selfServe && user.creatorRequest !== 'pending';
  try {
    await db.transaction().execute(async (trx) => {
      const values = { handle: input.handle, displayName: input.displayName, bio: input.bio || null };
      if (existing) await trx.updateTable('creatorProfiles').set(values).where('userId', '=', user.id).execute();
      else await trx.insertInto('creatorProfiles').values({ userId: user.id, ...values, createdAt: now }).execute();
      if (grant) {
        await trx.updateTable('users').set({ role: 'creator', creatorRequest: 'approved' }).where('id', '=', user.id).execute();
      } else if (request) {
        await trx.updateTable('users').set({ creatorRequest: 'pending' }).where('id', '=', user.id).execute();
      }
    });
  } catch (error) {
    // Two people claiming the same handle at once: the unique index decides.
    if (isUniqueViolation(error)) throw handleTaken();
    throw error;
  }

  const updated: Pick<UserRow, 'role' | 'creatorRequest'> = grant
    ? { role: 'creator', creatorRequest: 'approved' }
    : request
      ? { role: user.role, creatorRequest: 'pending' }
      : user;
  if (grant) {
    // Open sockets of this person start receiving their creator room (active streams, viewer counts).
    app.io.in(rooms.user(user.id)).socketsJoin(rooms.creator(user.id));
  }
  const profile = await presentProfile(db, user.id);
  return { state: { profile, creatorStatus: creatorStatusOf(updated) }, created: !existing };
}
