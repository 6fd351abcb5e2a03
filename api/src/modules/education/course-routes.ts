/**
 * Courses and their lessons (education content, spec §7), class rosters' progress and its CSV export.
 */
import {
  CourseCreateRequestSchema,
  CourseIdParamsSchema,
  CoursesQuerySchema,
  EducationContentCreateRequestSchema,
  type Course,
  type Lesson,
} from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { requireInstitution } from './access.ts';
import { presentCourses, visibleCourses } from './courses.ts';
import { courseProgress, ownProgress, progressCsv } from './progress.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export function courseRoutes(app: ZodApp) {
  const db = app.db.kysely;

  /** The course if the caller may see it (404 otherwise); `teach` also requires owner or teacher. */
  async function loadCourse(user: UserRow, id: number, teach: boolean): Promise<Course> {
    const row = await visibleCourses(db, user).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No course with that id');
    const [course] = await presentCourses(db, [row], user);
    if (teach && !course!.canTeach) throw forbidden('Only the institution’s owner and teachers may do this');
    return course!;
  }

  app.get('/api/education-courses', { onRequest: app.requireUser, schema: { querystring: CoursesQuerySchema } }, async (request) => {
    const { institutionId } = request.query;
    let query = visibleCourses(db, signedInUser(request));
    if (institutionId) query = query.where('institutionId', '=', institutionId);
    return presentCourses(db, await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute(), signedInUser(request));
  });

  app.post('/api/education-courses', { onRequest: app.requireUser, schema: { body: CourseCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const user = signedInUser(request);
    await requireInstitution(db, user, input.institutionId, { allowed: ['owner', 'teacher'], kind: 'school', what: 'institution' });
    const row = await db
      .insertInto('courses')
      .values({
        institutionId: input.institutionId,
        title: input.title,
        subject: input.subject,
        gradeLevel: input.gradeLevel,
        curriculum: input.curriculum,
        objectives: JSON.stringify(input.objectives),
        createdBy: user.id,
        createdAt: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.code(201).send((await presentCourses(db, [row], user))[0]);
  });

  app.get('/api/education-courses/:id', { onRequest: app.requireUser, schema: { params: CourseIdParamsSchema } }, async (request) =>
    loadCourse(signedInUser(request), request.params.id, false),
  );

  /** Every lesson of the courses the caller sees (spec §7 GET /api/education-content). */
  app.get('/api/education-content', { onRequest: app.requireUser }, async (request): Promise<Lesson[]> => {
    const courses = await presentCourses(db, await visibleCourses(db, signedInUser(request)).orderBy('id').execute(), signedInUser(request));
    return courses.flatMap((c) => c.lessons);
  });

  /** Adds a content item to the end of a course, with its subject, grade level, curriculum and objectives. */
  app.post('/api/education-content', { onRequest: app.requireUser, schema: { body: EducationContentCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const user = signedInUser(request);
    const course = await loadCourse(user, input.courseId, true);
    const item = await db.selectFrom('content').select(['id', 'creatorId']).where('id', '=', input.contentId).executeTakeFirst();
    if (!item) throw notFound('contentId: no content with that id');
    try {
      const lesson = await db.transaction().execute(async (trx) => {
        const last = await trx.selectFrom('courseLessons').select((eb) => eb.fn.max<number>('position').as('p')).where('courseId', '=', course.id).executeTakeFirst();
        return trx
          .insertInto('courseLessons')
          .values({
            courseId: course.id,
            contentId: item.id,
            position: Number(last?.p ?? 0) + 1,
            subject: input.subject,
            gradeLevel: input.gradeLevel,
            curriculum: input.curriculum,
            objectives: JSON.stringify(input.learningObjectives),
            createdAt: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      const updated = await loadCourse(user, course.id, true);
      return reply.code(201).send(updated.lessons.find((l) => l.id === lesson.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('contentId: this item is already a lesson of the course');
      throw error;
    }
  });

  app.get('/api/education-courses/:id/progress', { onRequest: app.requireUser, schema: { params: CourseIdParamsSchema } }, async (request) => {
    const course = await loadCourse(signedInUser(request), request.params.id, true);
    return courseProgress(db, course.id);
  });

  /** The caller's own progress, for anyone who can see the course (a student has no roster access). */
  app.get('/api/education-courses/:id/progress/me', { onRequest: app.requireUser, schema: { params: CourseIdParamsSchema } }, async (request) => {
    const user = signedInUser(request);
    const course = await loadCourse(user, request.params.id, false);
    return ownProgress(db, course.id, user);
  });

  app.get('/api/education-courses/:id/progress.csv', { onRequest: app.requireUser, schema: { params: CourseIdParamsSchema } }, async (request, reply) => {
    const course = await loadCourse(signedInUser(request), request.params.id, true);
    const filename = `progress-${course.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || course.id}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(progressCsv(await courseProgress(db, course.id)));
  });
}
