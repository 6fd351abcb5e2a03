/**
 * Saved payment methods: the provider's token with brand, last four and expiry. A person's first
 * method becomes the default; removing the default promotes their newest other method.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { PaymentMethodAddRequestSchema, type PaymentMethod } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { PaymentMethodRow } from '../../db/schema-monetization.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';

const MAX_METHODS = 10;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function presentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    name: `${capitalised(row.brand)} ending ${row.last4}`,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault === 1,
    provider: row.provider,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function listMethods(db: Kysely<Database>, userId: number): Promise<PaymentMethod[]> {
  const rows = await db.selectFrom('paymentMethods').selectAll().where('userId', '=', userId).orderBy('isDefault', 'desc').orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(presentMethod);
}

export async function addMethod(app: FastifyInstance, userId: number, body: unknown): Promise<PaymentMethod> {
  const input = parseOr400(PaymentMethodAddRequestSchema, body);
  const db = app.db.kysely;
  const count = Number((await db.selectFrom('paymentMethods').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()).n);
  if (count >= MAX_METHODS) throw badRequest(`type: you can keep at most ${MAX_METHODS} payment methods; remove one first`);
  const tokenized = await app.payments.tokenize(userId, input);
  const makeDefault = count === 0 || input.makeDefault === true;
  const row = await db.transaction().execute(async (trx) => {
    if (makeDefault) await trx.updateTable('paymentMethods').set({ isDefault: 0 }).where('userId', '=', userId).execute();
    return trx
      .insertInto('paymentMethods')
      .values({ userId, type: input.type, provider: app.payments.name, providerToken: tokenized.token, brand: tokenized.brand, last4: tokenized.last4, expMonth: tokenized.expMonth, expYear: tokenized.expYear, isDefault: makeDefault ? 1 : 0, createdAt: Date.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentMethod(row);
}

async function ownMethod(db: Kysely<Database>, userId: number, id: number) {
  const row = await db.selectFrom('paymentMethods').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No payment method with that id');
  return row;
}

export async function setDefaultMethod(db: Kysely<Database>, userId: number, id: number): Promise<PaymentMethod[]> {
  await ownMethod(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('paymentMethods').set({ isDefault: 0 }).where('userId', '=', userId).execute();
    await trx.updateTable('paymentMethods').set({ isDefault: 1 }).where('id', '=', id).execute();
  });
  return listMethods(db, userId);
}

export async function removeMethod(db: Kysely<Database>, userId: number, id: number): Promise<PaymentMethod[]> {
  const row = await ownMethod(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('paymentMethods').where('id', '=', id).execute();
    if (row.isDefault === 1) {
      const next = await trx.selectFrom('paymentMethods').select('id').where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirst();
      if (next) await trx.updateTable('paymentMethods').set({ isDefault: 1 }).where('id', '=', next.id).execute();
    }
  });
  return listMethods(db, userId);
}

/** The method a charge uses: the one named, else the default. */
export async function methodForCharge(db: Kysely<Database>, userId: number, id: number | undefined): Promise<PaymentMethodRow> {
  let query = db.selectFrom('paymentMethods').selectAll().where('userId', '=', userId);
  query = id !== undefined ? query.where('id', '=', id) : query.where('isDefault', '=', 1);
  const row = await query.executeTakeFirst();
  if (!row) throw badRequest(id !== undefined ? 'paymentMethodId: no payment method of yours with that id' : 'paymentMethodId: add a payment method first');
  return row;
}
