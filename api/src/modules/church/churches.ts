/** Reading churches and their page: services with next start, the live service, the pastoral team. */
import type { Kysely } from 'kysely';
import type { Church, ChurchPage, Service } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';
import { nextOccurrence } from './schedule.ts';

export async function presentChurches(db: Kysely<Database>, rows: InstitutionRow[], viewerId: number): Promise<Church[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [owners, counts, mine] = await Promise.all([
    db.selectFrom('users').select(['id', 'username']).where('id', 'in', rows.map((r) => r.ownerId)).execute(),
    db.selectFrom('institutionMembers').select(['institutionId', (eb) => eb.fn.countAll<number>().as('n')]).where('institutionId', 'in', ids).groupBy('institutionId').execute(),
    db.selectFrom('institutionMembers').select(['institutionId', 'role']).where('institutionId', 'in', ids).where('userId', '=', viewerId).execute(),
  ]);
  const ownerName = new Map(owners.map((o) => [o.id, o.username]));
  const memberCount = new Map(counts.map((c) => [c.institutionId, Number(c.n)]));
  const role = new Map(mine.map((m) => [m.institutionId, m.role]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    domain: r.domain,
    verified: r.verified === 1,
    timeZone: r.timeZone ?? 'UTC',
    ownerName: ownerName.get(r.ownerId) ?? '',
    myRole: role.get(r.id) ?? null,
    members: memberCount.get(r.id) ?? 0,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

export async function churchServices(db: Kysely<Database>, churchId: number, now = Date.now()): Promise<Service[]> {
  const services = await db.selectFrom('churchServices').selectAll().where('institutionId', '=', churchId).orderBy('weekday').orderBy('time').execute();
  const live = await liveServices(db, churchId);
  return services
    .map((s) => ({
      id: s.id,
      churchId: s.institutionId,
      title: s.title,
      weekday: s.weekday,
      time: s.time,
      timeZone: s.timeZone,
      nextAt: new Date(nextOccurrence(s.weekday, s.time, s.timeZone, now)).toISOString(),
      liveContentId: live.find((l) => l.serviceId === s.id)?.contentId ?? null,
    }))
    .sort((a, b) => a.nextAt.localeCompare(b.nextAt));
}

/** Services on air now: sessions whose content item is still live. */
export function liveServices(db: Kysely<Database>, churchId: number) {
  return db
    .selectFrom('liveSessions')
    .innerJoin('content', 'content.id', 'liveSessions.contentId')
    .select(['liveSessions.serviceId', 'liveSessions.title', 'liveSessions.contentId'])
    .where('liveSessions.institutionId', '=', churchId)
    .where('liveSessions.serviceId', 'is not', null)
    .where('content.status', '=', 'live')
    .orderBy('liveSessions.createdAt', 'desc')
    .execute();
}

export async function churchPage(db: Kysely<Database>, row: InstitutionRow, viewerId: number): Promise<ChurchPage> {
  const [[church], services, live, team] = await Promise.all([
    presentChurches(db, [row], viewerId),
    churchServices(db, row.id),
    liveServices(db, row.id),
    db
      .selectFrom('institutionMembers')
      .innerJoin('users', 'users.id', 'institutionMembers.userId')
      .select(['users.id', 'users.username', 'institutionMembers.role'])
      .where('institutionMembers.institutionId', '=', row.id)
      .where('institutionMembers.role', 'in', ['owner', 'pastor'])
      .orderBy('users.username')
      .execute(),
  ]);
  const now = live[0];
  return {
    church: church!,
    services,
    live: now ? { serviceId: now.serviceId!, title: now.title, contentId: now.contentId! } : null,
    team: team.map((t) => ({ userId: t.id, username: t.username, role: t.role })),
  };
}
