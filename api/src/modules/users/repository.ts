import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { User } from '@onair/protocol';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { containsText } from '../../db/contains.ts';

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

/**
 * A search box over people: where an account's username, email, first or last name, or both names
 * together ("Ama Mensah"), contain `text`, case-insensitively. For queries that select from `users`.
 */
export function accountMatches(text: string) {
  const like = (column: string) => containsText(sql.ref(column), text);
  const fullName = containsText(sql<string>`coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')`, text);
  return <TB extends keyof Database>(eb: ExpressionBuilder<Database, TB | 'users'>) =>
    eb.or([like('users.username'), like('users.email'), like('users.firstName'), like('users.lastName'), fullName]);
}

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
