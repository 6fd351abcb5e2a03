/**
 * Progress computed from recorded watch events (view_events): per student and lesson, the seconds
 * watched; a lesson is completed once LESSON_COMPLETION_SHARE of its length was watched (a lesson
 * still live, with no length yet, once it was attended at all).
 */
import type { Kysely } from 'kysely';
import { type CourseProgress, DAY_MS, type StudentProgress, ENGAGEMENT_WINDOW_DAYS, type InstitutionAnalytics, LESSON_COMPLETION_SHARE } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { toCsv } from './csv-out.ts';


export function lessonCompleted(secondsWatched: number, durationSeconds: number): boolean {
  if (secondsWatched <= 0) return false;
  return durationSeconds <= 0 || secondsWatched >= durationSeconds * LESSON_COMPLETION_SHARE;
}

type Student = { id: number; username: string; firstName: string | null; lastName: string | null };

/** The class roster's progress (teachers and owners). */
export async function courseProgress(db: Kysely<Database>, courseId: number): Promise<CourseProgress> {
  const roster = await db
    .selectFrom('courseEnrolments')
    .innerJoin('users', 'users.id', 'courseEnrolments.userId')
    .select(['users.id', 'users.username', 'users.firstName', 'users.lastName'])
    .where('courseEnrolments.courseId', '=', courseId)
    .orderBy('users.username')
    .execute();
  return progressOf(db, courseId, roster);
}

/** One person's own progress in a course (a student reads theirs; on the roster or not, it is what they watched). */
export async function ownProgress(db: Kysely<Database>, courseId: number, student: Student): Promise<StudentProgress> {
  const progress = await progressOf(db, courseId, [student]);
  return progress.students[0]!;
}

async function progressOf(db: Kysely<Database>, courseId: number, roster: Student[]): Promise<CourseProgress> {
  const lessons = await db
    .selectFrom('courseLessons')
    .innerJoin('content', 'content.id', 'courseLessons.contentId')
    .select(['courseLessons.contentId', 'content.title', 'content.durationSeconds'])
    .where('courseLessons.courseId', '=', courseId)
    .orderBy('courseLessons.position')
    .execute();
  const contentIds = lessons.map((l) => l.contentId);
  const userIds = roster.map((r) => r.id);
  const watched =
    contentIds.length && userIds.length
      ? await db
          .selectFrom('viewEvents')
          .select(['userId', 'contentId', (eb) => eb.fn.sum<number>('watchSeconds').as('seconds'), (eb) => eb.fn.max<number>('createdAt').as('last')])
          .where('contentId', 'in', contentIds)
          .where('userId', 'in', userIds)
          .groupBy(['userId', 'contentId'])
          .execute()
      : [];
  const byKey = new Map(watched.map((w) => [`${w.userId}:${w.contentId}`, { seconds: Number(w.seconds), last: Number(w.last) }]));

  return {
    courseId,
    lessons: lessons.map((l) => ({ contentId: l.contentId, title: l.title, durationSeconds: l.durationSeconds })),
    students: roster.map((student) => {
      let last = 0;
      const perLesson = lessons.map((l) => {
        const w = byKey.get(`${student.id}:${l.contentId}`);
        if (w) last = Math.max(last, w.last);
        const secondsWatched = w?.seconds ?? 0;
        return { contentId: l.contentId, secondsWatched, completed: lessonCompleted(secondsWatched, l.durationSeconds) };
      });
      const completedLessons = perLesson.filter((l) => l.completed).length;
      const name = [student.firstName, student.lastName].filter(Boolean).join(' ') || null;
      return {
        userId: student.id,
        username: student.username,
        name,
        completedLessons,
        completion: lessons.length ? completedLessons / lessons.length : 0,
        secondsWatched: perLesson.reduce((sum, l) => sum + l.secondsWatched, 0),
        lastWatchedAt: last ? new Date(last).toISOString() : null,
        lessons: perLesson,
      };
    }),
  };
}

export function progressCsv(progress: CourseProgress): string {
  return toCsv([
    ['username', 'name', 'lessons completed', 'lessons', 'completion %', 'minutes watched', 'last watched (UTC)'],
    ...progress.students.map((s) => [
      s.username,
      s.name,
      s.completedLessons,
      progress.lessons.length,
      Math.round(s.completion * 1000) / 10,
      Math.round(s.secondsWatched / 6) / 10,
      s.lastWatchedAt,
    ]),
  ]);
}

/** The Analytics tab: subject completion, study hours and engagement, all from watch events. */
export async function institutionAnalytics(db: Kysely<Database>, institutionId: number, now = Date.now()): Promise<InstitutionAnalytics> {
  const [courses, studentRows, lessonRows] = await Promise.all([
    db.selectFrom('courses').select(['id', 'subject']).where('institutionId', '=', institutionId).execute(),
    db.selectFrom('institutionMembers').select('userId').where('institutionId', '=', institutionId).where('role', '=', 'student').execute(),
    db
      .selectFrom('courseLessons')
      .innerJoin('courses', 'courses.id', 'courseLessons.courseId')
      .select('courseLessons.contentId')
      .where('courses.institutionId', '=', institutionId)
      .execute(),
  ]);
  const students = studentRows.map((s) => s.userId);
  const lessonIds = [...new Set(lessonRows.map((l) => l.contentId))];
  let studySeconds = 0;
  let engaged = 0;
  if (students.length && lessonIds.length) {
    const totals = await db
      .selectFrom('viewEvents')
      .select([(eb) => eb.fn.sum<number>('watchSeconds').as('seconds')])
      .where('contentId', 'in', lessonIds)
      .where('userId', 'in', students)
      .executeTakeFirst();
    studySeconds = Number(totals?.seconds ?? 0);
    const recent = await db
      .selectFrom('viewEvents')
      .select('userId')
      .distinct()
      .where('contentId', 'in', lessonIds)
      .where('userId', 'in', students)
      .where('createdAt', '>=', now - ENGAGEMENT_WINDOW_DAYS * DAY_MS)
      .execute();
    engaged = recent.length;
  }

  const bySubject = new Map<string, { sum: number; n: number; students: Set<number> }>();
  for (const course of courses) {
    const progress = await courseProgress(db, course.id);
    if (progress.lessons.length === 0) continue;
    const entry = bySubject.get(course.subject) ?? { sum: 0, n: 0, students: new Set<number>() };
    for (const s of progress.students) {
      entry.sum += s.completion;
      entry.n += 1;
      entry.students.add(s.userId);
    }
    bySubject.set(course.subject, entry);
  }
  return {
    students: students.length,
    courses: courses.length,
    lessons: lessonRows.length,
    studyHours: Math.round((studySeconds / 3600) * 100) / 100,
    studySeconds,
    engagement: students.length ? engaged / students.length : null,
    subjects: [...bySubject.entries()]
      .filter(([, v]) => v.n > 0)
      .map(([subject, v]) => ({ subject, completion: v.sum / v.n, students: v.students.size }))
      .sort((a, b) => b.completion - a.completion || a.subject.localeCompare(b.subject)),
  };
}
