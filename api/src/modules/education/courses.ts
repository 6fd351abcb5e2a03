/** Reading courses with their lessons in order and the caller's right to teach them. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Course } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';
import type { CoursesTable } from '../../db/schema-education.ts';
import { notFound } from '../../http/errors.ts';
import type { Selectable } from 'kysely';

const objectives = (stored: string) => z.array(z.string()).catch([]).parse(JSON.parse(stored));

export async function presentCourses(db: Kysely<Database>, rows: Selectable<CoursesTable>[], user: UserRow): Promise<Course[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const institutionIds = [...new Set(rows.map((r) => r.institutionId))];
  const [lessons, rosters, institutions, roles] = await Promise.all([
    db
      .selectFrom('courseLessons')
      .innerJoin('content', 'content.id', 'courseLessons.contentId')
      .select(['courseLessons.id', 'courseLessons.courseId', 'courseLessons.contentId', 'courseLessons.position', 'courseLessons.subject', 'courseLessons.gradeLevel', 'courseLessons.curriculum', 'courseLessons.objectives', 'content.title', 'content.durationSeconds'])
      .where('courseLessons.courseId', 'in', ids)
      .orderBy('courseLessons.position')
      .execute(),
    db.selectFrom('courseEnrolments').select(['courseId', (eb) => eb.fn.countAll<number>().as('n')]).where('courseId', 'in', ids).groupBy('courseId').execute(),
    db.selectFrom('institutions').select(['id', 'name']).where('id', 'in', institutionIds).execute(),
    db.selectFrom('institutionMembers').select(['institutionId', 'role']).where('userId', '=', user.id).where('institutionId', 'in', institutionIds).execute(),
  ]);
  const roster = new Map(rosters.map((r) => [r.courseId, Number(r.n)]));
  const names = new Map(institutions.map((i) => [i.id, i.name]));
  const role = new Map(roles.map((r) => [r.institutionId, r.role]));
  return rows.map((r) => ({
    id: r.id,
    institutionId: r.institutionId,
    institutionName: names.get(r.institutionId) ?? '',
    title: r.title,
    subject: r.subject,
    gradeLevel: r.gradeLevel,
    curriculum: r.curriculum,
    objectives: objectives(r.objectives),
    lessons: lessons
      .filter((l) => l.courseId === r.id)
      .map((l) => ({
        id: l.id,
        courseId: l.courseId,
        contentId: l.contentId,
        title: l.title,
        durationSeconds: l.durationSeconds,
        position: l.position,
        subject: l.subject,
        gradeLevel: l.gradeLevel,
        curriculum: l.curriculum,
        learningObjectives: objectives(l.objectives),
      })),
    rosterSize: roster.get(r.id) ?? 0,
    canTeach: user.role === 'admin' || role.get(r.institutionId) === 'owner' || role.get(r.institutionId) === 'teacher',
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/**
 * Courses a person sees: every course of institutions they own or teach at, and the courses whose
 * roster they are on (admins see all).
 */
export function visibleCourses(db: Kysely<Database>, user: UserRow) {
  let query = db.selectFrom('courses').selectAll();
  if (user.role !== 'admin') {
    query = query.where((eb) =>
      eb.or([
        eb('institutionId', 'in', eb.selectFrom('institutionMembers').select('institutionId').where('userId', '=', user.id).where('role', 'in', ['owner', 'teacher'])),
        eb('id', 'in', eb.selectFrom('courseEnrolments').select('courseId').where('userId', '=', user.id)),
      ]),
    );
  }
  return query;
}

/** A course id given for an institution must be one of its own. */
export async function assertCourseOf(db: Kysely<Database>, institutionId: number, courseId: number) {
  const course = await db.selectFrom('courses').select('id').where('id', '=', courseId).where('institutionId', '=', institutionId).executeTakeFirst();
  if (!course) throw notFound('courseId: no course with that id in this institution');
}
