/**
 * Founding a school or a church: the institution and its owner's membership, in one transaction, after
 * two checks. An owner does not found the same place twice (a school of the same name or domain, a
 * church of the same name: a double press or a second try would leave a twin to tell apart), and a
 * domain another institution has proved is theirs is not registered again by someone else.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { InstitutionType } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';
import { conflict } from '../../http/errors.ts';

export interface Founding {
  name: string;
  type: InstitutionType;
  domain: string | null;
  timeZone: string | null;
}

async function assertNotTwin(trx: Kysely<Database>, ownerId: number, founding: Founding) {
  const church = founding.type === 'church';
  const own = await trx
    .selectFrom('institutions')
    .select(['name', 'domain'])
    .where('ownerId', '=', ownerId)
    .where('type', church ? '=' : '!=', 'church')
    .where((eb) => {
      const sameName = eb(sql`lower(name)`, '=', founding.name.toLowerCase());
      return founding.domain && !church ? eb.or([sameName, eb('domain', '=', founding.domain)]) : sameName;
    })
    .executeTakeFirst();
  if (own?.name.toLowerCase() === founding.name.toLowerCase()) throw conflict(`name: you already run ${own.name}`);
  if (own) throw conflict(`domain: you registered ${founding.domain} already, for ${own.name}`);
  if (!founding.domain) return;
  const proved = await trx.selectFrom('institutions').select('id').where('domain', '=', founding.domain).where('verified', '=', 1).executeTakeFirst();
  if (proved) throw conflict(`domain: ${founding.domain} is already verified by another institution`);
}

export async function foundInstitution(db: Kysely<Database>, ownerId: number, founding: Founding): Promise<InstitutionRow> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    await assertNotTwin(trx, ownerId, founding);
    const created = await trx
      .insertInto('institutions')
      .values({ ownerId, ...founding, verified: 0, verificationToken: randomBytes(16).toString('hex'), subscriptionTier: 'basic', createdAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('institutionMembers').values({ institutionId: created.id, userId: ownerId, role: 'owner', createdAt: now }).execute();
    return created;
  });
}
