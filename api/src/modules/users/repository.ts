import type { Kysely } from 'kysely';
import type { User } from '@onair/protocol';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-once.ts';

/** The public shape of a user: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    // An account whose email belonged to someone else sees the address it typed (auth/service.ts).
    email: row.unclaimedEmail ?? row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    subscription: row.subscription,
    verified: row.verified === 1,
    creatorRequest: row.creatorRequest,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

// Every signed-in request and socket event reads its user: compiled once (db/compiled-once.ts).
const userById = compiledOnce((db, p: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', p.id));

export function findUserById(db: Kysely<Database>, id: number) {
  return userById.takeFirst(db, { id });
}

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('usernameKey', '=', usernameKey(username)).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: Omit<NewUser, 'usernameKey'>): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase(), usernameKey: usernameKey(user.username) })
    .returningAll()
    .executeTakeFirstOrThrow();
}
