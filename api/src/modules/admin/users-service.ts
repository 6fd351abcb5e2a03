/**
 * The users tab's actions. Each one checks the target, changes it, records who did it, and moves the
 * target's open sockets when their rights change (the server alone chooses a socket's rooms).
 */
import type { FastifyInstance } from 'fastify';
import { rooms, type AdminUser, type Role } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { findUserById } from '../users/repository.ts';
import { endUserSockets } from '../../realtime/socket-guard.ts';
import { recordAdminAction } from './activity.ts';
import { adminUserById } from './users-repository.ts';

async function targetOf(app: FastifyInstance, id: number): Promise<UserRow> {
  const user = await findUserById(app.db.kysely, id);
  if (!user) throw notFound('No user with that id');
  return user;
}

async function done(app: FastifyInstance, id: number): Promise<AdminUser> {
  return (await adminUserById(app.db.kysely, id))!;
}

export async function verifyUser(app: FastifyInstance, admin: UserRow, id: number): Promise<AdminUser> {
  const target = await targetOf(app, id);
  if (target.verified !== 1) {
    await app.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ verified: 1 }).where('id', '=', id).execute();
      await recordAdminAction(trx, { adminId: admin.id, action: 'user.verify', targetUserId: id });
    });
  }
  return done(app, id);
}

/**
 * Moves the sockets of a user between role rooms, so a new role takes effect without reconnecting, and
 * tells their open pages, which read the session again (menus, guards and the role badge follow).
 */
function applyRoleToSockets(app: FastifyInstance, userId: number, role: Role) {
  const own = app.io.in(rooms.user(userId));
  if (role === 'creator' || role === 'admin') own.socketsJoin(rooms.creator(userId));
  else own.socketsLeave(rooms.creator(userId));
  if (role === 'admin') own.socketsJoin(rooms.admin());
  else own.socketsLeave(rooms.admin());
  app.io.to(rooms.user(userId)).emit('account:changed');
}

export async function approveCreatorRequest(app: FastifyInstance, admin: UserRow, id: number): Promise<AdminUser> {
  const target = await targetOf(app, id);
  if (target.creatorRequest !== 'pending') throw conflict('This user has no pending creator request');
  await app.db.kysely.transaction().execute(async (trx) => {
    // An admin who asked keeps the admin role; everyone else becomes a creator.
    const role = target.role === 'admin' ? 'admin' : 'creator';
    await trx.updateTable('users').set({ role, creatorRequest: 'approved' }).where('id', '=', id).execute();
    await recordAdminAction(trx, { adminId: admin.id, action: 'user.approve_creator', targetUserId: id });
  });
  applyRoleToSockets(app, id, target.role === 'admin' ? 'admin' : 'creator');
  return done(app, id);
}

export async function setRole(app: FastifyInstance, admin: UserRow, id: number, role: Role): Promise<AdminUser> {
  if (id === admin.id) throw badRequest('role: you cannot change your own role');
  const target = await targetOf(app, id);
  if (target.role !== role) {
    await app.db.kysely.transaction().execute(async (trx) => {
      // Becoming a creator settles a pending request; the profile, if any, stays.
      const creatorRequest = role === 'viewer' ? (target.creatorRequest === 'pending' ? 'pending' : null) : 'approved';
      await trx.updateTable('users').set({ role, creatorRequest }).where('id', '=', id).execute();
      await recordAdminAction(trx, { adminId: admin.id, action: 'user.role', targetUserId: id, detail: `${target.role} → ${role}` });
    });
    applyRoleToSockets(app, id, role);
  }
  return done(app, id);
}

/**
 * Suspends an account: it can no longer sign in, every session ends, and its open sockets are cut at
 * once (the handshake then refuses it, since only active accounts pass).
 */
export async function suspendUser(app: FastifyInstance, admin: UserRow, id: number): Promise<AdminUser> {
  if (id === admin.id) throw badRequest('You cannot suspend your own account');
  const target = await targetOf(app, id);
  if (target.status !== 'suspended') {
    await app.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: 'suspended' }).where('id', '=', id).execute();
      await recordAdminAction(trx, { adminId: admin.id, action: 'user.suspend', targetUserId: id });
    });
  }
  await app.sessionStore.destroyAllForUser(id);
  endUserSockets(app, id);
  return done(app, id);
}

export async function unsuspendUser(app: FastifyInstance, admin: UserRow, id: number): Promise<AdminUser> {
  const target = await targetOf(app, id);
  if (target.status !== 'active') {
    await app.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: 'active' }).where('id', '=', id).execute();
      await recordAdminAction(trx, { adminId: admin.id, action: 'user.unsuspend', targetUserId: id });
    });
  }
  return done(app, id);
}
