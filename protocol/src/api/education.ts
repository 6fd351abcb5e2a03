/**
 * Education mode (spec §2 Education mode, §3 Education institution and content, §5 institution form,
 * §7 education calls, §9 tiers, types, subjects, grades and curricula).
 *
 * GET/POST /api/education-institutions, POST /api/education-institutions/{id}/verification (DNS TXT
 * token), POST /api/education-institutions/{id}/verify, POST /api/education-institutions/{id}/tier,
 * GET/POST /api/education-institutions/{id}/members, POST /api/education-institutions/{id}/enrolments
 * (CSV), GET /api/education-institutions/{id}/analytics, GET/POST /api/education-courses,
 * GET /api/education-courses/{id}, GET /api/education-courses/{id}/progress(.csv),
 * GET/POST /api/education-content, POST /api/education-courses/{id}/live-classes,
 * GET /api/education-live-classes, POST /api/education-live-classes/{id}/start,
 * POST /api/education-invitations/accept.
 */
import { z } from 'zod';
import { EDUCATION_INSTITUTION_TYPES } from '../constants.ts';
import { idField, idParam } from '../ids.ts';
import { Id, IsoDate, PageQuery, pageFields, requiredText, SearchText } from '../primitives.ts';

export const EducationInstitutionSchema = z.object({
  id: Id,
  name: z.string(),
  type: z.enum(['school', 'high_school', 'university', 'college', 'academy', 'training']),
  domain: z.string(),
  verified: z.boolean(),
  subscriptionTier: z.enum(['basic', 'premium', 'enterprise']),
});
export type EducationInstitution = z.infer<typeof EducationInstitutionSchema>;

export const EducationContentSchema = z.object({
  contentId: Id,
  subject: z.string(),
  gradeLevel: z.string(),
  curriculum: z.string(),
});
export type EducationContent = z.infer<typeof EducationContentSchema>;

export const EDUCATION_SUBJECTS = [
  'Mathematics', 'Science', 'English Language Arts', 'History', 'Geography', 'Physics', 'Chemistry', 'Biology',
  'Computer Science', 'Art', 'Music', 'Physical Education', 'Foreign Languages', 'Social Studies', 'Economics',
  'Philosophy', 'Psychology', 'Engineering',
] as const;

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'} Grade`;
export const EDUCATION_GRADE_LEVELS = [
  'Pre-K',
  'Kindergarten',
  ...Array.from({ length: 12 }, (_, i) => ordinal(i + 1)),
  'Undergraduate',
  'Graduate',
  'Continuing Education',
] as [string, ...string[]];

export const EDUCATION_CURRICULA = [
  'Common Core', 'International Baccalaureate (IB)', 'Advanced Placement (AP)', 'Cambridge International', 'Montessori',
  'Waldorf', 'Custom Curriculum',
] as const;

export const EDUCATION_TIER_IDS = ['basic', 'premium', 'enterprise'] as const;
export type EducationTierId = (typeof EDUCATION_TIER_IDS)[number];

/** Spec §9 tiers. `maxStudents` null is unlimited; `priceCents` null is custom pricing (arranged by an admin). */
export const EDUCATION_TIERS: readonly {
  id: EducationTierId;
  name: string;
  priceCents: number | null;
  currency: 'USD';
  interval: 'month' | null;
  maxStudents: number | null;
  features: readonly string[];
}[] = [
  { id: 'basic', name: 'Basic', priceCents: 0, currency: 'USD', interval: null, maxStudents: 100, features: ['Up to 100 students', 'Basic content library', 'Email support'] },
  {
    id: 'premium', name: 'Premium', priceCents: 9900, currency: 'USD', interval: 'month', maxStudents: 1000,
    features: ['Up to 1,000 students', 'Full content library', 'Live streaming', 'Advanced analytics', 'Priority support'],
  },
  {
    id: 'enterprise', name: 'Enterprise', priceCents: null, currency: 'USD', interval: null, maxStudents: null,
    features: ['Unlimited students', 'Custom integrations', 'Dedicated support', 'White-label'],
  },
];

export function educationTier(id: EducationTierId) {
  return EDUCATION_TIERS.find((t) => t.id === id)!;
}

/** Institution types: the spec's six for schools, plus `church` (Church Mode's congregations). */
export const EDUCATION_TYPE_IDS = EDUCATION_INSTITUTION_TYPES.map((t) => t.id) as [
  (typeof EDUCATION_INSTITUTION_TYPES)[number]['id'],
  ...(typeof EDUCATION_INSTITUTION_TYPES)[number]['id'][],
];
export const INSTITUTION_TYPES = [...EDUCATION_TYPE_IDS, 'church'] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];

export const INSTITUTION_ROLES = ['owner', 'teacher', 'student', 'pastor', 'member'] as const;
export type InstitutionRole = (typeof INSTITUTION_ROLES)[number];

/** Whom each role may remove besides themselves (an admin: whom an owner may); nobody removes the owner. */
export const REMOVABLE_BY: Partial<Record<InstitutionRole, readonly InstitutionRole[]>> = {
  owner: ['teacher', 'student', 'pastor', 'member'],
  teacher: ['student'],
  pastor: ['member'],
};

/** The roles a caller may remove: an admin reaches whom an owner does; a caller who is not a member reaches nobody. */
export const removableBy = (isAdmin: boolean, role: InstitutionRole | null | undefined): readonly InstitutionRole[] =>
  (isAdmin ? REMOVABLE_BY.owner : role && REMOVABLE_BY[role]) ?? [];

/** The staff role an institution may be handed to, which its old owner keeps: a school's teacher, a church's pastor. */
export const successorRole = (type: InstitutionType): InstitutionRole => (type === 'church' ? 'pastor' : 'teacher');

/** A host name such as `school.edu`: letters, digits and dashes in dot-separated labels. */
export const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const domainField = (field = 'domain') =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .toLowerCase()
    .min(1, { error: `${field} is required` })
    .regex(DOMAIN_PATTERN, { error: `${field} must be a domain name such as school.edu` });

export const InstitutionSchema = z.object({
  id: Id,
  name: z.string(),
  type: z.enum(INSTITUTION_TYPES),
  domain: z.string().nullable(),
  verified: z.boolean(),
  subscriptionTier: z.enum(EDUCATION_TIER_IDS),
  ownerId: Id,
  ownerName: z.string(),
  /** The caller's role inside the institution, null when they have none. */
  myRole: z.enum(INSTITUTION_ROLES).nullable(),
  students: z.number().int().nonnegative(),
  createdAt: IsoDate,
});
export type Institution = z.infer<typeof InstitutionSchema>;

export const InstitutionCreateRequestSchema = z.object({
  name: requiredText('name', 120),
  type: z.enum(EDUCATION_TYPE_IDS, { error: `type must be one of ${EDUCATION_TYPE_IDS.join(', ')}` }),
  domain: domainField(),
});
export type InstitutionCreateRequest = z.input<typeof InstitutionCreateRequestSchema>;

export const InstitutionIdParamsSchema = z.object({ id: idParam('id') });

export const VerificationChallengeSchema = z.object({
  method: z.literal('dns'),
  recordName: z.string(),
  recordValue: z.string(),
});
export type VerificationChallenge = z.infer<typeof VerificationChallengeSchema>;

/**
 * Proof by email goes only to the mailboxes certificate authorities accept as speaking for a domain,
 * so a student with an address at the school cannot verify it.
 */
export const VERIFICATION_MAILBOXES = ['admin', 'administrator', 'webmaster', 'hostmaster', 'postmaster'] as const;
export const VerificationEmailRequestSchema = z.object({
  mailbox: z.enum(VERIFICATION_MAILBOXES, { error: `mailbox must be one of ${VERIFICATION_MAILBOXES.join(', ')}` }),
});
export const VerificationEmailSentSchema = z.object({ sentTo: z.string(), expiresAt: IsoDate, delivered: z.boolean() });
export type VerificationEmailSent = z.infer<typeof VerificationEmailSentSchema>;
export const VERIFICATION_CODE_LENGTH = 8;
export const VerificationCodeRequestSchema = z.object({
  code: z.string({ error: 'code is required' }).trim().toUpperCase().regex(/^[A-Z0-9]{8}$/, { error: 'code must be the 8 letters and digits from the email' }),
});

export const TierChangeRequestSchema = z.object({
  tier: z.enum(EDUCATION_TIER_IDS, { error: `tier must be one of ${EDUCATION_TIER_IDS.join(', ')}` }),
  /** The owner's saved method Premium is charged to each month (their default when absent). */
  paymentMethodId: idField('paymentMethodId').optional(),
  /** Enterprise only, set by an admin: the monthly price agreed with sales, charged to the owner's default method. */
  priceCents: z.number({ error: 'priceCents must be a number' }).int({ error: 'priceCents must be whole cents' }).min(100, { error: 'priceCents must be at least 100' }).max(100_000_000, { error: 'priceCents must be at most 100000000' }).optional(),
  idempotencyKey: z.string({ error: 'idempotencyKey must be text' }).trim().min(8, { error: 'idempotencyKey must be at least 8 characters' }).max(100, { error: 'idempotencyKey must be at most 100 characters' }).optional(),
});
export const TierChangeResponseSchema = z.object({
  institution: InstitutionSchema,
  /** The first month's payment through the monetization provider, for a paid tier. */
  payment: z.object({ reference: z.string(), amountCents: z.number().int(), currency: z.string(), testMode: z.boolean() }).nullable(),
});
export type TierChangeResponse = z.infer<typeof TierChangeResponseSchema>;

export const MemberSchema = z.object({
  userId: Id,
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(INSTITUTION_ROLES),
  /** False while an invited account has not set its password yet. */
  accepted: z.boolean(),
  /** While it has not: when its sign-in link stops (or stopped) working; null when it has no link left. */
  linkExpiresAt: IsoDate.nullable(),
  joinedAt: IsoDate,
});
export type Member = z.infer<typeof MemberSchema>;

/** A page of an institution's members, newest first: a large school's thousands are never sent at once. */
export const MembersPageSchema = z.object({ members: z.array(MemberSchema), ...pageFields });
export type MembersPage = z.infer<typeof MembersPageSchema>;

export const MemberAddRequestSchema = z.object({
  username: requiredText('username', 64),
  role: z.enum(['teacher', 'student'], { error: 'role must be teacher or student' }),
  courseId: idField('courseId').optional(),
});
export type MemberAddRequest = z.input<typeof MemberAddRequestSchema>;

/** One member of an institution: removing them, or them leaving. */
export const MemberParamsSchema = z.object({ id: idParam('id'), userId: idParam('userId') });

/** Handing an institution to another of its staff (a school's teacher, a church's pastor), who becomes its owner. */
export const OwnerChangeRequestSchema = z.object({ userId: idField('userId') });
export type OwnerChangeRequest = z.input<typeof OwnerChangeRequestSchema>;

/**
 * What adding a member did: someone already in the school is put on the roster ('added'); anyone else
 * is asked to join ('invited') and becomes a member only when they accept.
 */
export const MemberAddedSchema = z.object({ userId: Id, username: z.string(), role: z.enum(['teacher', 'student']), status: z.enum(['added', 'invited']) });
export type MemberAdded = z.infer<typeof MemberAddedSchema>;

/** An invitation to the signed-in person's own account (a school's or a church's), waiting for their answer. */
export const AccountInvitationSchema = z.object({
  id: Id,
  institution: z.object({ id: Id, name: z.string(), type: z.enum(INSTITUTION_TYPES) }),
  /** A school's teacher or student, or a church's pastoral team. */
  role: z.enum(['teacher', 'student', 'pastor']),
  /** The class roster accepting puts them on, if any. */
  courseTitle: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: IsoDate,
  /** After this the invitation is gone from the list and cannot be accepted (ACCOUNT_INVITATION_TTL_DAYS). */
  expiresAt: IsoDate,
});
export type AccountInvitation = z.infer<typeof AccountInvitationSchema>;
export const AccountInvitationIdParamsSchema = z.object({ id: idParam('id') });

/** How an invitation reached someone: a link emailed to an address, or a request to an existing account in the app. */
export const INVITATION_KINDS = ['email', 'account'] as const;
/** An invitation a school or church sent that nobody has answered, as its staff see it (expired ones until they are swept). */
export const PendingInvitationSchema = z.object({
  kind: z.enum(INVITATION_KINDS),
  /** The address (`email`) or the account's username (`account`). */
  invitee: z.string(),
  role: z.enum(['teacher', 'student', 'pastor']),
  /** The class roster accepting puts them on, if any. */
  courseTitle: z.string().nullable(),
  invitedBy: z.string().nullable(),
  sentAt: IsoDate,
  expiresAt: IsoDate,
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;
/** DELETE /api/education-institutions/:id/invitations: withdraws the one invitation of that kind to that invitee. */
export const InvitationCancelRequestSchema = z.object({
  kind: z.enum(INVITATION_KINDS, { error: 'kind must be email or account' }),
  invitee: requiredText('invitee', 254),
});
export type InvitationCancelRequest = z.input<typeof InvitationCancelRequestSchema>;
/** POST /api/education-institutions/:id/invitations/resend names a waiting invitation as withdrawing does. */
export const InvitationResendRequestSchema = InvitationCancelRequestSchema;
export type InvitationResendRequest = InvitationCancelRequest;
/**
 * A resent invitation: its new answer-by date and, for an emailed one, whether mail went out (without
 * a mail server, the new link for the staff to pass on; the old link stops working).
 */
export const InvitationResentSchema = z.object({ expiresAt: IsoDate, delivered: z.boolean(), link: z.string().nullable() });
export type InvitationResent = z.infer<typeof InvitationResentSchema>;

/** Members by role and by what their name, username or email contains, a page at a time. */
export const MembersQuerySchema = PageQuery.extend({
  role: z.enum(INSTITUTION_ROLES, { error: 'role must be a known role' }).optional(),
  search: SearchText.optional(),
});
export type MembersQuery = z.input<typeof MembersQuerySchema>;

/** Bulk enrolment: the CSV text (header `email,firstName,lastName[,username]`), optionally onto a course roster. */
export const ENROLMENT_CSV_MAX_BYTES = 512 * 1024;
export const EnrolmentCsvRequestSchema = z.object({
  csv: z
    .string({ error: 'csv is required' })
    .min(1, { error: 'csv is required' })
    .max(ENROLMENT_CSV_MAX_BYTES, { error: `csv must be at most ${ENROLMENT_CSV_MAX_BYTES / 1024} KB` }),
  courseId: idField('courseId').optional(),
});
export type EnrolmentCsvRequest = z.input<typeof EnrolmentCsvRequestSchema>;

export const EnrolmentResultSchema = z.object({
  enrolled: z.array(
    z.object({
      line: z.number().int(),
      /** Null for an account that is asked to join: who owns an address stays theirs to say, by accepting. */
      userId: Id.nullable(),
      username: z.string().nullable(),
      email: z.string(),
      /** A new account was created; it signs in after following the invitation. */
      created: z.boolean(),
      /** An existing account that is not in the school yet: asked to join, it is enrolled once it accepts. */
      invited: z.boolean(),
      /** A new account's link, for the staff to pass on: null once it was mailed to the account (`emailed`). */
      invitationToken: z.string().nullable(),
      /** The new account's link went to its address (a mail server is configured and took it). */
      emailed: z.boolean(),
    }),
  ),
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /**
   * Why the import stopped mailing links before trying each (their links are listed like the refused
   * ones): the mail server failed, or it was too slow for the request to wait (MAIL_BATCH_WAIT_MS).
   */
  mailStopped: z.enum(['server failed', 'out of time']).nullable(),
});
export type EnrolmentResult = z.infer<typeof EnrolmentResultSchema>;

/**
 * POST /api/education-institutions/:id/members/:userId/link: an imported account that has not chosen
 * a password gets a new link (the old one stops working), mailed to it, or shown (`link`) to pass on.
 */
export const ImportLinkSentSchema = z.object({ delivered: z.boolean(), link: z.string().nullable() });
export type ImportLinkSent = z.infer<typeof ImportLinkSentSchema>;

/** An invitation by email to join an institution as a teacher or student. */
export const InvitationCreateRequestSchema = z.object({
  email: z.email({ error: 'email must be an email address' }).trim().toLowerCase().max(254, { error: 'email must be at most 254 characters' }),
  role: z.enum(['teacher', 'student'], { error: 'role must be teacher or student' }),
});
export type InvitationCreateRequest = z.input<typeof InvitationCreateRequestSchema>;
export const InvitationCreatedSchema = z.object({ email: z.string(), role: z.enum(['teacher', 'student']), delivered: z.boolean(), link: z.string().nullable() });
export type InvitationCreated = z.infer<typeof InvitationCreatedSchema>;

/** What the accept screen shows for a token (the token is the secret). */
export const InvitationViewSchema = z.object({
  institution: z.object({ id: Id, name: z.string(), type: z.enum(INSTITUTION_TYPES) }),
  role: z.enum(INSTITUTION_ROLES),
  email: z.string().nullable(),
  /** An account made for this invitation (CSV import) that chooses its password to accept. */
  placeholderUsername: z.string().nullable(),
  accepted: z.boolean(),
  /** When the link stops working (EMAILED_INVITATION_TTL_DAYS after it was sent or made). */
  expiresAt: IsoDate,
  expired: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;
export const InvitationTokenParamsSchema = z.object({ token: z.string().trim().min(1, { error: 'token is required' }).max(100, { error: 'token must be at most 100 characters' }) });

export const InvitationAcceptRequestSchema = z.object({
  token: requiredText('token', 100),
  password: z.string({ error: 'password is required' }).min(6, { error: 'password must be at least 6 characters' }).max(200, { error: 'password must be at most 200 characters' }),
});

export const CourseCreateRequestSchema = z.object({
  institutionId: idField('institutionId'),
  title: requiredText('title', 160),
  subject: z.enum(EDUCATION_SUBJECTS, { error: 'subject must be one of the listed subjects' }),
  gradeLevel: z.enum(EDUCATION_GRADE_LEVELS, { error: 'gradeLevel must be one of the listed grade levels' }),
  curriculum: z.enum(EDUCATION_CURRICULA, { error: 'curriculum must be one of the listed curricula' }),
  objectives: z.array(requiredText('objectives', 300), { error: 'objectives must be a list' }).max(30, { error: 'objectives must have at most 30 entries' }).default([]),
});
export type CourseCreateRequest = z.input<typeof CourseCreateRequestSchema>;

export const CoursesQuerySchema = z.object({ institutionId: idParam('institutionId').optional() });

export const LessonSchema = z.object({
  id: Id,
  courseId: Id,
  contentId: Id,
  title: z.string(),
  durationSeconds: z.number().int().nonnegative(),
  position: z.number().int(),
  subject: z.string(),
  gradeLevel: z.string(),
  curriculum: z.string(),
  learningObjectives: z.array(z.string()),
});
export type Lesson = z.infer<typeof LessonSchema>;

export const CourseSchema = z.object({
  id: Id,
  institutionId: Id,
  institutionName: z.string(),
  title: z.string(),
  subject: z.string(),
  gradeLevel: z.string(),
  curriculum: z.string(),
  objectives: z.array(z.string()),
  lessons: z.array(LessonSchema),
  rosterSize: z.number().int().nonnegative(),
  /** The caller may edit the course, see its roster and progress. */
  canTeach: z.boolean(),
  createdAt: IsoDate,
});
export type Course = z.infer<typeof CourseSchema>;

/** POST /api/education-content (spec §7): the spec's four fields plus the course the lesson joins. */
export const EducationContentCreateRequestSchema = z.object({
  contentId: idField('contentId'),
  courseId: idField('courseId'),
  subject: z.enum(EDUCATION_SUBJECTS, { error: 'subject must be one of the listed subjects' }),
  gradeLevel: z.enum(EDUCATION_GRADE_LEVELS, { error: 'gradeLevel must be one of the listed grade levels' }),
  curriculum: z.enum(EDUCATION_CURRICULA, { error: 'curriculum must be one of the listed curricula' }),
  learningObjectives: z.array(requiredText('learningObjectives', 300), { error: 'learningObjectives must be a list' }).max(30, { error: 'learningObjectives must have at most 30 entries' }).default([]),
});
export type EducationContentCreateRequest = z.input<typeof EducationContentCreateRequestSchema>;

export const CourseIdParamsSchema = z.object({ id: idParam('id') });

export const StudentProgressSchema = z.object({
  userId: Id,
  username: z.string(),
  name: z.string().nullable(),
  completedLessons: z.number().int().nonnegative(),
  /** Completed lessons over all lessons, 0..1. */
  completion: z.number().min(0).max(1),
  secondsWatched: z.number().int().nonnegative(),
  lastWatchedAt: IsoDate.nullable(),
  lessons: z.array(z.object({ contentId: Id, secondsWatched: z.number().int().nonnegative(), completed: z.boolean() })),
});
export type StudentProgress = z.infer<typeof StudentProgressSchema>;

export const CourseProgressSchema = z.object({
  courseId: Id,
  lessons: z.array(z.object({ contentId: Id, title: z.string(), durationSeconds: z.number().int().nonnegative() })),
  students: z.array(StudentProgressSchema),
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

/** A lesson counts as completed once this share of its length has been watched. */
export const LESSON_COMPLETION_SHARE = 0.9;
/** Students who watched a lesson within this window count as engaged. */
export const ENGAGEMENT_WINDOW_DAYS = 7;

export const InstitutionAnalyticsSchema = z.object({
  students: z.number().int().nonnegative(),
  courses: z.number().int().nonnegative(),
  lessons: z.number().int().nonnegative(),
  /** Hours students spent watching lessons (2 decimals); `studySeconds` is the exact figure. */
  studyHours: z.number().nonnegative(),
  studySeconds: z.number().int().nonnegative(),
  /** Share of enrolled students who watched a lesson in the last ENGAGEMENT_WINDOW_DAYS days, 0..1; null without students. */
  engagement: z.number().min(0).max(1).nullable(),
  /** Average completion of enrolled students per subject, 0..1. */
  subjects: z.array(z.object({ subject: z.string(), completion: z.number().min(0).max(1), students: z.number().int() })),
});
export type InstitutionAnalytics = z.infer<typeof InstitutionAnalyticsSchema>;

export const LiveClassCreateRequestSchema = z.object({
  title: requiredText('title', 160),
  startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO date and time' }),
});
export type LiveClassCreateRequest = z.input<typeof LiveClassCreateRequestSchema>;

export const LiveClassSchema = z.object({
  id: Id,
  courseId: Id,
  courseTitle: z.string(),
  title: z.string(),
  startsAt: IsoDate,
  /** The live content item once the teacher went live; the watch page is /watch/{contentId}. */
  contentId: Id.nullable(),
  live: z.boolean(),
  canTeach: z.boolean(),
});
export type LiveClass = z.infer<typeof LiveClassSchema>;
