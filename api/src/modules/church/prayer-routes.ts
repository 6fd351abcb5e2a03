/**
 * Prayer requests. Members post them, public (the wall on the church page) or to the pastoral team
 * only. The team (owner and pastors) receives each one live on their `user:{id}` rooms, marks it
 * prayed for, and the author is notified. Moderation as in chat: the text is scored, profanity is
 * masked, and a flagged request stays off the public wall (the team sees why) until the team decides.
 */
import type { Kysely } from 'kysely';
import { ChurchIdParamsSchema, PrayerCreateRequestSchema, PrayerDecisionRequestSchema, PrayerIdParamsSchema, rooms, type PrayerRequest } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { scoreText } from '../moderation/scoring.ts';
import { pushNotification, sendNotification } from '../notifications/service.ts';
import { requireInstitution } from '../education/access.ts';
import { TEAM_ROLES } from './church-routes.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export const PRAYER_RATE_LIMIT = { limit: 5, windowMs: 60_000 };

function selectRequests(db: Kysely<Database>) {
  return db
    .selectFrom('prayerRequests')
    .innerJoin('users as author', 'author.id', 'prayerRequests.authorId')
    .leftJoin('users as prayer', 'prayer.id', 'prayerRequests.prayedBy')
    .selectAll('prayerRequests')
    .select(['author.username as authorName', 'prayer.username as prayedByName']);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

const present = (r: Row): PrayerRequest => ({
  id: r.id,
  churchId: r.institutionId,
  authorId: r.authorId,
  authorName: r.authorName,
  body: r.body,
  visibility: r.visibility,
  flagged: r.flagReason,
  hidden: r.hidden === 1,
  prayedAt: r.prayedAt === null ? null : new Date(r.prayedAt).toISOString(),
  prayedBy: r.prayedByName,
  createdAt: new Date(r.createdAt).toISOString(),
});

async function teamIds(db: Kysely<Database>, churchId: number): Promise<number[]> {
  const rows = await db.selectFrom('institutionMembers').select('userId').where('institutionId', '=', churchId).where('role', 'in', [...TEAM_ROLES]).execute();
  return rows.map((r) => r.userId);
}

export function prayerRoutes(app: ZodApp) {
  const db = app.db.kysely;

  /** The team sees everything; others see the public wall (not flagged, not hidden) and their own. */
  app.get('/api/churches/:id/prayer-requests', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const user = signedInUser(request);
    const { role } = await requireInstitution(db, user, id, { kind: 'church', open: true });
    const team = user.role === 'admin' || (role !== null && (TEAM_ROLES as readonly string[]).includes(role));
    let query = selectRequests(db).where('prayerRequests.institutionId', '=', id);
    if (!team) {
      query = query.where((eb) =>
        eb.or([
          eb('prayerRequests.authorId', '=', user.id),
          eb.and([eb('prayerRequests.visibility', '=', 'public'), eb('prayerRequests.flagReason', 'is', null), eb('prayerRequests.hidden', '=', 0)]),
        ]),
      );
    }
    const rows = await query.orderBy('prayerRequests.createdAt', 'desc').orderBy('prayerRequests.id', 'desc').limit(100).execute();
    return rows.map(present);
  });

  app.post('/api/churches/:id/prayer-requests', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, body: PrayerCreateRequestSchema } }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const user = signedInUser(request);
    await requireInstitution(db, user, id, { kind: 'church', open: true });
    await enforceRateLimit(app.rateLimiter, `prayer:u:${user.id}`, PRAYER_RATE_LIMIT, 'Too many prayer requests');
    const score = scoreText(input.body);
    const now = Date.now();
    const { stored } = await db.transaction().execute(async (trx) => {
      // Posting makes the author a member of the congregation, as joining would.
      await trx
        .insertInto('institutionMembers')
        .values({ institutionId: id, userId: user.id, role: 'member', createdAt: now })
        .onConflict((oc) => oc.columns(['institutionId', 'userId']).doNothing())
        .execute();
      const { id: requestId } = await trx
        .insertInto('prayerRequests')
        .values({ institutionId: id, authorId: user.id, body: score.display, visibility: input.visibility, flagReason: score.flag?.reason ?? null, hidden: 0, prayedAt: null, prayedBy: null, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { stored: present(await selectRequests(trx).where('prayerRequests.id', '=', requestId).executeTakeFirstOrThrow()) };
    });
    app.io.to((await teamIds(db, id)).map(rooms.user)).emit('prayer:new', stored);
    return reply.code(201).send(stored);
  });

  /** The team marks a request prayed for (and may hide or restore it); the author is told. */
  app.post('/api/prayer-requests/:id/prayed', { onRequest: app.requireUser, schema: { params: PrayerIdParamsSchema, body: PrayerDecisionRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { hidden } = request.body;
    const user = signedInUser(request);
    const row = await db.selectFrom('prayerRequests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No prayer request with that id');
    const { institution } = await requireInstitution(db, user, row.institutionId, { kind: 'church', open: true, allowed: TEAM_ROLES });
    const firstTime = row.prayedAt === null;
    await db
      .updateTable('prayerRequests')
      .set({ prayedAt: row.prayedAt ?? Date.now(), prayedBy: row.prayedBy ?? user.id, ...(hidden === undefined ? {} : { hidden: hidden ? 1 : 0 }) })
      .where('id', '=', id)
      .execute();
    const updated = present(await selectRequests(db).where('prayerRequests.id', '=', id).executeTakeFirstOrThrow());
    if (firstTime && row.authorId !== user.id) {
      const notification = await sendNotification(app, { userId: row.authorId, senderId: user.id, text: `${institution.name}: the pastoral team prayed for your request.`, link: `/church/${institution.id}` });
      pushNotification(app, row.authorId, notification);
    }
    app.io.to([...new Set([...(await teamIds(db, institution.id)), row.authorId])].map(rooms.user)).emit('prayer:updated', updated);
    return updated;
  });
}
