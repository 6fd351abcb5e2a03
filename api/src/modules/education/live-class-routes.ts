/**
 * Live classes: a teacher schedules one on a course; at the time, going live runs through the creator
 * tools (see go-live.ts) and every enrolled student is notified and finds it first on their page.
 */
import { CourseIdParamsSchema, DAY_MS, type LiveClass, LiveClassCreateRequestSchema, rooms } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { pushNotification, sendNotification } from '../notifications/service.ts';
import { roleIn } from './access.ts';
import { presentCourses, visibleCourses } from './courses.ts';
import { goLive } from './go-live.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';


export function liveClassRoutes(app: ZodApp) {
  const db = app.db.kysely;

  function selectClasses() {
    return db
      .selectFrom('liveSessions')
      .innerJoin('courses', 'courses.id', 'liveSessions.courseId')
      .leftJoin('content', 'content.id', 'liveSessions.contentId')
      .select(['liveSessions.id', 'liveSessions.courseId', 'liveSessions.title', 'liveSessions.startsAt', 'liveSessions.contentId', 'courses.title as courseTitle', 'courses.institutionId', 'content.status'])
      .where('liveSessions.courseId', 'is not', null);
  }

  async function present(user: UserRow, rows: Awaited<ReturnType<ReturnType<typeof selectClasses>['execute']>>): Promise<LiveClass[]> {
    const teaching = new Set(
      (await db.selectFrom('institutionMembers').select('institutionId').where('userId', '=', user.id).where('role', 'in', ['owner', 'teacher']).execute()).map((r) => r.institutionId),
    );
    return rows.map((r) => ({
      id: r.id,
      courseId: r.courseId!,
      courseTitle: r.courseTitle,
      title: r.title,
      startsAt: new Date(r.startsAt).toISOString(),
      contentId: r.contentId,
      live: r.status === 'live',
      canTeach: user.role === 'admin' || teaching.has(r.institutionId),
    }));
  }

  // A class that began within the hour can still be put on the list; one further back would be
  // accepted and never shown (the list drops past classes), so it is refused.
  const SCHEDULE_PAST_GRACE_MS = 3600_000;

  app.post('/api/education-courses/:id/live-classes', { onRequest: app.requireUser, schema: { params: CourseIdParamsSchema, body: LiveClassCreateRequestSchema } }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const user = signedInUser(request);
    const row = await visibleCourses(db, user).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No course with that id');
    const [course] = await presentCourses(db, [row], user);
    if (!course!.canTeach) throw forbidden('Only the institution’s owner and teachers may schedule classes');
    if (Date.parse(input.startsAt) < Date.now() - SCHEDULE_PAST_GRACE_MS) throw badRequest('startsAt is in the past: schedule the class for a time to come');
    const { id: classId } = await db
      .insertInto('liveSessions')
      .values({ institutionId: row.institutionId, courseId: row.id, serviceId: null, title: input.title, startsAt: Date.parse(input.startsAt), contentId: null, createdBy: user.id, createdAt: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [created] = await present(user, await selectClasses().where('liveSessions.id', '=', classId).execute());
    return reply.code(201).send(created);
  });

  /** The caller's classes: live ones first, then upcoming by time; past ones fall off after a day. */
  app.get('/api/education-live-classes', { onRequest: app.requireUser }, async (request) => {
    const user = signedInUser(request);
    const rows = await selectClasses()
      .where('liveSessions.courseId', 'in', visibleCourses(db, user).clearSelect().select('courses.id'))
      .where((eb) => eb.or([eb('liveSessions.startsAt', '>=', Date.now() - DAY_MS), eb('content.status', '=', 'live')]))
      .orderBy('liveSessions.startsAt')
      .limit(50)
      .execute();
    const classes = await present(user, rows);
    return [...classes.filter((c) => c.live), ...classes.filter((c) => !c.live)];
  });

  app.post('/api/education-live-classes/:id/start', { onRequest: app.requireUser, schema: { params: CourseIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const user = signedInUser(request);
    const row = await selectClasses().where('liveSessions.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No class with that id');
    // To someone outside the institution a class does not exist (education/access.ts), as everywhere else.
    if (user.role !== 'admin' && (await roleIn(db, row.institutionId, user.id)) === null) throw notFound('No class with that id');
    const [liveClass] = await present(user, [row]);
    if (!liveClass!.canTeach) throw forbidden('Only the institution’s owner and teachers may start a class');
    if (liveClass!.live) throw conflict('This class is already live');
    const { contentId } = await goLive(app, user, row.title, `Live class of ${row.courseTitle}`);
    await db.updateTable('liveSessions').set({ contentId }).where('id', '=', id).execute();
    const [started] = await present(user, await selectClasses().where('liveSessions.id', '=', id).execute());

    const students = await db.selectFrom('courseEnrolments').select('userId').where('courseId', '=', row.courseId!).execute();
    for (const { userId } of students) {
      const notification = await sendNotification(app, { userId, senderId: user.id, text: `${row.title} (${row.courseTitle}) is live now.`, link: `/watch/${contentId}` });
      pushNotification(app, userId, notification);
    }
    const audience = [user.id, ...students.map((s) => s.userId)].map(rooms.user);
    app.io.to(audience).emit('education:class-live', { ...started!, canTeach: false });
    return started;
  });
}
