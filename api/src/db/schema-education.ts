/**
 * Table types of Education mode and Church Mode (migration 0009_education). A church is an institution
 * of type `church`; members, live sessions and payments are shared by both modes.
 */
import type { Generated, Selectable } from 'kysely';
import type { EducationTierId, InstitutionRole, InstitutionType } from '@onair/protocol';

export interface InstitutionsTable {
  id: Generated<number>;
  ownerId: number;
  name: string;
  type: InstitutionType;
  domain: string | null;
  verified: number;
  /** The value the owner publishes as a DNS TXT record to prove the domain is theirs. */
  verificationToken: string;
  subscriptionTier: EducationTierId;
  /** Churches: the default time zone of their services. */
  timeZone: string | null;
  createdAt: number;
  /** A paid tier: the method it renews on and the end of the month paid for (0012). */
  paymentMethodId: number | null;
  tierPeriodEnd: number | null;
  /** What each month of the tier costs (Premium's list price, or Enterprise's agreed one). */
  tierPriceCents: number | null;
  /** Domain proof by email: where the code went, its hash and expiry (0012). */
  verificationEmail: string | null;
  verificationCodeHash: string | null;
  verificationCodeExpiresAt: number | null;
}

export interface InstitutionMembersTable {
  institutionId: number;
  userId: number;
  role: InstitutionRole;
  createdAt: number;
}

/** An account created by a bulk enrolment, waiting for its owner to choose a password. */
export interface InstitutionInvitationsTable {
  /** sha256 of the token; the token itself is only shown once, to the person who enrolled. */
  tokenHash: string;
  institutionId: number;
  userId: number;
  createdAt: number;
  acceptedAt: number | null;
}

/** Payments for a paid tier (Premium), through the payments interface. */
export interface InstitutionPaymentsTable {
  id: Generated<number>;
  institutionId: number;
  payerId: number;
  purpose: string;
  amountCents: number;
  currency: string;
  reference: string;
  testMode: number;
  createdAt: number;
}

export interface CoursesTable {
  id: Generated<number>;
  institutionId: number;
  title: string;
  subject: string;
  gradeLevel: string;
  curriculum: string;
  /** JSON array of learning objectives. */
  objectives: string;
  createdBy: number;
  createdAt: number;
}

/** Education content (spec §3): a content item as a lesson of a course, in order. */
export interface CourseLessonsTable {
  id: Generated<number>;
  courseId: number;
  contentId: number;
  position: number;
  subject: string;
  gradeLevel: string;
  curriculum: string;
  /** JSON array of learning objectives. */
  objectives: string;
  createdAt: number;
}

/** A course's class roster. */
export interface CourseEnrolmentsTable {
  courseId: number;
  userId: number;
  createdAt: number;
}

/** A scheduled live class (course) or a live church service; `contentId` once it went live. */
export interface LiveSessionsTable {
  id: Generated<number>;
  institutionId: number;
  courseId: number | null;
  serviceId: number | null;
  title: string;
  startsAt: number;
  contentId: number | null;
  createdBy: number;
  createdAt: number;
}

export interface ChurchServicesTable {
  id: Generated<number>;
  institutionId: number;
  title: string;
  weekday: number;
  /** HH:MM in `timeZone`. */
  time: string;
  timeZone: string;
  createdAt: number;
}

export interface SermonsTable {
  id: Generated<number>;
  institutionId: number;
  contentId: number;
  title: string;
  speaker: string;
  series: string | null;
  scripture: string | null;
  /** YYYY-MM-DD. */
  preachedOn: string;
  createdAt: number;
}

export interface PrayerRequestsTable {
  id: Generated<number>;
  institutionId: number;
  authorId: number;
  /** As others see it: profanity masked. */
  body: string;
  visibility: 'public' | 'team';
  /** Why moderation held it back from the public wall. */
  flagReason: string | null;
  hidden: number;
  prayedAt: number | null;
  prayedBy: number | null;
  createdAt: number;
}

export interface ChurchGiftsTable {
  id: Generated<number>;
  institutionId: number;
  donorId: number;
  amountCents: number;
  currency: string;
  fund: 'tithe' | 'offering';
  recurringId: number | null;
  paymentReference: string;
  testMode: number;
  createdAt: number;
}

export interface ChurchRecurringGiftsTable {
  id: Generated<number>;
  institutionId: number;
  donorId: number;
  amountCents: number;
  currency: string;
  fund: 'tithe' | 'offering';
  nextChargeAt: number;
  cancelledAt: number | null;
  createdAt: number;
  /** The method each month is charged to (0012); null for plans from before the provider. */
  paymentMethodId: number | null;
}

/** An invitation by email to join with a role; the invited person signs in or registers, then accepts (0012). */
export interface InstitutionRoleInvitationsTable {
  tokenHash: string;
  institutionId: number;
  email: string;
  role: 'teacher' | 'student';
  invitedBy: number | null;
  createdAt: number;
  acceptedAt: number | null;
  acceptedBy: number | null;
}

/** An existing account asked to join as a teacher, student or pastor (0022); it joins, and enters the roster, when it accepts. */
export interface InstitutionAccountInvitationsTable {
  id: Generated<number>;
  institutionId: number;
  userId: number;
  role: 'teacher' | 'student' | 'pastor';
  courseId: number | null;
  invitedBy: number | null;
  createdAt: number;
}
export type InstitutionAccountInvitationRow = Selectable<InstitutionAccountInvitationsTable>;

export interface EducationTables {
  institutions: InstitutionsTable;
  institutionMembers: InstitutionMembersTable;
  institutionInvitations: InstitutionInvitationsTable;
  institutionPayments: InstitutionPaymentsTable;
  institutionRoleInvitations: InstitutionRoleInvitationsTable;
  institutionAccountInvitations: InstitutionAccountInvitationsTable;
  courses: CoursesTable;
  courseLessons: CourseLessonsTable;
  courseEnrolments: CourseEnrolmentsTable;
  liveSessions: LiveSessionsTable;
  churchServices: ChurchServicesTable;
  sermons: SermonsTable;
  prayerRequests: PrayerRequestsTable;
  churchGifts: ChurchGiftsTable;
  churchRecurringGifts: ChurchRecurringGiftsTable;
}

export type InstitutionRow = Selectable<InstitutionsTable>;
export type PrayerRequestRow = Selectable<PrayerRequestsTable>;
