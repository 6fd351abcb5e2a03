/**
 * Churches: create and list, the congregation's page (open to every signed-in person), joining,
 * the pastoral team, the weekly service schedule and going live, and the sermon archive.
 */
import {
  ChurchCreateRequestSchema,
  ChurchIdParamsSchema,
  SermonCreateRequestSchema,
  SermonQuerySchema,
  ServiceCreateRequestSchema,
  TeamAddRequestSchema,
  type Sermon,
} from '@onair/protocol';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { findUserByUsername } from '../users/repository.ts';
import { requireInstitution, roleIn } from '../education/access.ts';
import { inviteAccount, notifyInvited } from '../education/account-invitations.ts';
import { foundInstitution } from '../education/founding.ts';
import { goLive } from '../education/go-live.ts';
import { churchPage, churchServices, presentChurches } from './churches.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export const TEAM_ROLES = ['owner', 'pastor'] as const;

export function churchRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const church = (request: { user: import('../../db/schema.ts').UserRow | null; params: { id: number } }, allowed?: readonly ('owner' | 'pastor' | 'member')[]) =>
    requireInstitution(db, signedInUser(request), request.params.id, { kind: 'church', open: true, ...(allowed ? { allowed } : {}) });

  app.get('/api/churches', { onRequest: app.requireUser }, async (request) => {
    const rows = await db.selectFrom('institutions').selectAll().where('type', '=', 'church').orderBy('name').orderBy('id').execute();
    return presentChurches(db, rows, signedInUser(request).id);
  });

  app.post('/api/churches', { onRequest: app.requireUser, schema: { body: ChurchCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const user = signedInUser(request);
    const row = await foundInstitution(db, user.id, { name: input.name, type: 'church', domain: input.domain ?? null, timeZone: input.timeZone });
    return reply.code(201).send((await presentChurches(db, [row], user.id))[0]);
  });

  app.get('/api/churches/:id', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema } }, async (request) => {
    const { institution } = await church(request);
    return churchPage(db, institution, signedInUser(request).id);
  });

  app.post('/api/churches/:id/join', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema } }, async (request) => {
    const { institution } = await church(request);
    await db
      .insertInto('institutionMembers')
      .values({ institutionId: institution.id, userId: signedInUser(request).id, role: 'member', createdAt: Date.now() })
      .onConflict((oc) => oc.columns(['institutionId', 'userId']).doNothing())
      .execute();
    return churchPage(db, institution, signedInUser(request).id);
  });

  /**
   * The owner asks someone onto the pastoral team (who then sees team-only prayer requests, may go live
   * and is named as one of the church's leaders): they join when they accept (account-invitations.ts).
   * Answers 202 with the page as it is; someone on the team already changes nothing (200).
   */
  app.post('/api/churches/:id/team', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, body: TeamAddRequestSchema } }, async (request, reply) => {
    const { username } = request.body;
    const user = signedInUser(request);
    const { institution } = await church(request, ['owner']);
    const member = await findUserByUsername(db, username);
    if (!member) throw notFound('username: no account with that username');
    if (member.id === institution.ownerId) throw conflict('username: the owner already leads the pastoral team');
    const onTeam = (await roleIn(db, institution.id, member.id)) === 'pastor';
    if (!onTeam) {
      await inviteAccount(db, { institutionId: institution.id, userId: member.id, role: 'pastor', courseId: null, invitedBy: user.id });
      await notifyInvited(app, [{ userId: member.id, role: 'pastor' }], institution, user);
    }
    return reply.code(onTeam ? 200 : 202).send(await churchPage(db, institution, user.id));
  });

  app.post('/api/churches/:id/services', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, body: ServiceCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const { institution } = await church(request, TEAM_ROLES);
    const { id } = await db
      .insertInto('churchServices')
      .values({ institutionId: institution.id, title: input.title, weekday: input.weekday, time: input.time, timeZone: input.timeZone, createdAt: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).send((await churchServices(db, institution.id)).find((s) => s.id === id));
  });

  /** The service goes live through the creator tools; members find it on the church page. */
  app.post('/api/church-services/:id/start', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const service = await db.selectFrom('churchServices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!service) throw notFound('No service with that id');
    const { institution } = await requireInstitution(db, signedInUser(request), service.institutionId, { kind: 'church', open: true, allowed: TEAM_ROLES });
    const current = (await churchServices(db, institution.id)).find((s) => s.id === id);
    if (current?.liveContentId) throw conflict('This service is already live');
    const { contentId } = await goLive(app, signedInUser(request), `${service.title} · ${institution.name}`, `Live service of ${institution.name}`);
    const now = Date.now();
    await db
      .insertInto('liveSessions')
      .values({ institutionId: institution.id, courseId: null, serviceId: service.id, title: service.title, startsAt: now, contentId, createdBy: signedInUser(request).id, createdAt: now })
      .execute();
    return churchPage(db, institution, signedInUser(request).id);
  });

  app.get('/api/churches/:id/sermons', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, querystring: SermonQuerySchema } }, async (request): Promise<Sermon[]> => {
    const { q } = request.query;
    const { institution } = await church(request);
    let query = db
      .selectFrom('sermons')
      .innerJoin('content', 'content.id', 'sermons.contentId')
      .selectAll('sermons')
      .select('content.durationSeconds')
      .where('sermons.institutionId', '=', institution.id);
    if (q) {
      // Case-insensitive on both engines: lower-cased text against a lower-cased pattern. SQLite's LIKE
      // has no default escape character, so the wildcards themselves are left out of the search.
      const pattern = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
      query = query.where((eb) =>
        eb.or(
          (['sermons.title', 'sermons.speaker', 'sermons.series', 'sermons.scripture'] as const).map((column) =>
            eb(eb.fn('lower', [eb.fn.coalesce(column, eb.val(''))]), 'like', eb.val(pattern)),
          ),
        ),
      );
    }
    const rows = await query.orderBy('sermons.preachedOn', 'desc').orderBy('sermons.id', 'desc').limit(200).execute();
    return rows.map((r) => ({
      id: r.id,
      churchId: r.institutionId,
      contentId: r.contentId,
      title: r.title,
      speaker: r.speaker,
      series: r.series,
      scripture: r.scripture,
      preachedOn: r.preachedOn,
      durationSeconds: r.durationSeconds,
    }));
  });

  app.post('/api/churches/:id/sermons', { onRequest: app.requireUser, schema: { params: ChurchIdParamsSchema, body: SermonCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const { institution } = await church(request, TEAM_ROLES);
    const item = await db.selectFrom('content').select(['id', 'durationSeconds', 'creatorId']).where('id', '=', input.contentId).executeTakeFirst();
    if (!item) throw notFound('contentId: no content with that id');
    // A sermon is the church's own recording: anyone's item filed here would be credited to this church.
    const creatorRole = item.creatorId === null ? null : await roleIn(db, institution.id, item.creatorId);
    if (signedInUser(request).role !== 'admin' && !TEAM_ROLES.some((role) => role === creatorRole)) {
      throw forbidden("contentId: only recordings made by this church's pastoral team can be filed as its sermons");
    }
    const { id } = await db
      .insertInto('sermons')
      .values({ institutionId: institution.id, contentId: item.id, title: input.title, speaker: input.speaker, series: input.series, scripture: input.scripture, preachedOn: input.preachedOn, createdAt: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sermon: Sermon = { id, churchId: institution.id, contentId: item.id, title: input.title, speaker: input.speaker, series: input.series, scripture: input.scripture, preachedOn: input.preachedOn, durationSeconds: item.durationSeconds };
    return reply.code(201).send(sermon);
  });
}
