/**
 * Creating or editing a creator profile, and the creator status it asks for: granted at once when
 * the operator allows self-serve creators, otherwise left pending for an admin (admin area).
 */
import type { FastifyInstance } from 'fastify';
import { rooms, type CreatorProfileRequestSchema, type CreatorState } from '@onair/protocol';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../auth/service.ts';
import { creatorStatusOf, findProfile, findProfileByHandle, presentProfile } from './repository.ts';

type ProfileInput = z.output<typeof CreatorProfileRequestSchema>;

const handleTaken = () => conflict('handle: that handle is already taken');

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
  const grant = user.role === 'viewer' && app.config.creatorSelfServe;
  const request = user.role === 'viewer' && !app.config.creatorSelfServe && user.creatorRequest !== 'pending';
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
