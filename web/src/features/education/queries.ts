import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountInvitation,
  Course,
  CourseCreateRequest,
  CourseProgress,
  EducationContentCreateRequest,
  EnrolmentCsvRequest,
  EnrolmentResult,
  ImportLinkSent,
  Institution,
  InstitutionAnalytics,
  InstitutionCreateRequest,
  InvitationCancelRequest,
  InvitationResendRequest,
  InvitationResent,
  Lesson,
  LiveClass,
  LiveClassCreateRequest,
  MemberAdded,
  MemberAddRequest,
  MembersPage,
  PendingInvitation,
  StudentProgress,
  TierChangeResponse,
  EducationTierId,
  InvitationCreated,
  InvitationCreateRequest,
  VerificationChallenge,
  VerificationEmailSent,
} from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { contentQueries } from '../content/queries';

/** Members drawn at a time: a large school's thousands would make the dialog slow to open and to type in. */
export const MEMBERS_PAGE_SIZE = 100;

export const educationQueries = {
  institutions: () => queryOptions({ queryKey: ['/api/education-institutions'], queryFn: () => apiRequest<Institution[]>('GET', '/api/education-institutions') }),
  courses: () => queryOptions({ queryKey: ['/api/education-courses'], queryFn: () => apiRequest<Course[]>('GET', '/api/education-courses') }),
  analytics: (institutionId: number) =>
    queryOptions({
      queryKey: ['/api/education-institutions', institutionId, 'analytics'],
      queryFn: () => apiRequest<InstitutionAnalytics>('GET', `/api/education-institutions/${institutionId}/analytics`),
    }),
  progress: (courseId: number) =>
    queryOptions({
      queryKey: ['/api/education-courses', courseId, 'progress'],
      queryFn: () => apiRequest<CourseProgress>('GET', `/api/education-courses/${courseId}/progress`),
    }),
  /** The caller's own progress in a course (students; the roster's is `progress`). */
  myProgress: (courseId: number) =>
    queryOptions({
      queryKey: ['/api/education-courses', courseId, 'progress', 'me'],
      queryFn: () => apiRequest<StudentProgress>('GET', `/api/education-courses/${courseId}/progress/me`),
    }),
  /** Schools asking the signed-in person to join, waiting for their answer. */
  myInvitations: () =>
    queryOptions({ queryKey: ['/api/user/invitations'], queryFn: () => apiRequest<AccountInvitation[]>('GET', '/api/user/invitations') }),
  /**
   * An institution's members, for its staff (a school's or a church's): newest first, MEMBERS_PAGE_SIZE
   * at a time, found on the server by what a name, username or email contains.
   */
  members: (institutionId: number, search: string) =>
    infiniteQueryOptions({
      queryKey: ['/api/education-institutions', institutionId, 'members', search],
      queryFn: ({ pageParam }) => {
        const query = new URLSearchParams({ page: String(pageParam), pageSize: String(MEMBERS_PAGE_SIZE), ...(search ? { search } : {}) });
        return apiRequest<MembersPage>('GET', `/api/education-institutions/${institutionId}/members?${query}`);
      },
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    }),
  /** The invitations a school or church is waiting on (its staff). */
  invitations: (institutionId: number) =>
    queryOptions({
      queryKey: ['/api/education-institutions', institutionId, 'invitations'],
      queryFn: () => apiRequest<PendingInvitation[]>('GET', `/api/education-institutions/${institutionId}/invitations`),
    }),
  liveClasses: () => queryOptions({ queryKey: ['/api/education-live-classes'], queryFn: () => apiRequest<LiveClass[]>('GET', '/api/education-live-classes') }),
  myContent: contentQueries.byCreator,
};

function useInvalidate() {
  const client = useQueryClient();
  return (...keys: string[]) => {
    for (const key of keys) void client.invalidateQueries({ queryKey: [key] });
  };
}

export function useCreateInstitution() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: InstitutionCreateRequest) => apiRequest<Institution>('POST', '/api/education-institutions', input),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

export function useVerificationChallenge() {
  return useMutation({ mutationFn: (id: number) => apiRequest<VerificationChallenge>('POST', `/api/education-institutions/${id}/verification`) });
}

export function useVerifyDomain() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Institution>('POST', `/api/education-institutions/${id}/verify`),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: ({ id, mailbox }: { id: number; mailbox: string }) => apiRequest<VerificationEmailSent>('POST', `/api/education-institutions/${id}/verification-email`, { mailbox }),
  });
}

export function useVerifyEmailCode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) => apiRequest<Institution>('POST', `/api/education-institutions/${id}/verify-email`, { code }),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

export function useChangeTier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; tier: EducationTierId; paymentMethodId?: number; idempotencyKey?: string }) =>
      apiRequest<TierChangeResponse>('POST', `/api/education-institutions/${id}/tier`, body),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

export function useInvite(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: InvitationCreateRequest) => apiRequest<InvitationCreated>('POST', `/api/education-institutions/${institutionId}/invitations`, input),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

/** Withdraws an invitation nobody has answered: its link stops working, or it leaves the account's list. */
export function useWithdrawInvitation(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: InvitationCancelRequest) => apiRequest<undefined>('DELETE', `/api/education-institutions/${institutionId}/invitations`, input),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

/** Sends a waiting invitation again with a new lifetime: a new emailed link, or the account asked again. */
export function useResendInvitation(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: InvitationResendRequest) => apiRequest<InvitationResent>('POST', `/api/education-institutions/${institutionId}/invitations/resend`, input),
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

export function useCreateCourse() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CourseCreateRequest) => apiRequest<Course>('POST', '/api/education-courses', input),
    onSuccess: () => invalidate('/api/education-courses'),
  });
}

export function useAddLesson() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: EducationContentCreateRequest) => apiRequest<Lesson>('POST', '/api/education-content', input),
    onSuccess: () => invalidate('/api/education-courses'),
  });
}

export function useEnrolCsv(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: EnrolmentCsvRequest) => apiRequest<EnrolmentResult>('POST', `/api/education-institutions/${institutionId}/enrolments`, input),
    onSuccess: () => invalidate('/api/education-institutions', '/api/education-courses'),
  });
}

export function useScheduleClass(courseId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: LiveClassCreateRequest) => apiRequest<LiveClass>('POST', `/api/education-courses/${courseId}/live-classes`, input),
    onSuccess: () => invalidate('/api/education-live-classes'),
  });
}

export function useStartClass() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiRequest<LiveClass>('POST', `/api/education-live-classes/${id}/start`),
    onSuccess: () => invalidate('/api/education-live-classes'),
  });
}

export function useAddMember(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: MemberAddRequest) => apiRequest<MemberAdded>('POST', `/api/education-institutions/${institutionId}/members`, input),
    onSuccess: () => invalidate('/api/education-institutions', '/api/education-courses'),
  });
}

/** Accepting joins the school (and its roster); declining drops the invitation. */
export function useAnswerInvitation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }): Promise<Institution | undefined> =>
      accept ? apiRequest<Institution>('POST', `/api/user/invitations/${id}/accept`) : apiRequest<undefined>('DELETE', `/api/user/invitations/${id}`),
    onSettled: () => invalidate('/api/user/invitations', '/api/education-institutions', '/api/education-courses'),
  });
}

/** Everything a change of membership can alter: lists, counts, rosters, a church's page and team. */
const MEMBERSHIP_KEYS = ['/api/education-institutions', '/api/education-courses', '/api/churches'];

/** Removes a member, or (with one's own id) leaves. */
export function useRemoveMember(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<undefined>('DELETE', `/api/education-institutions/${institutionId}/members/${userId}`),
    onSuccess: () => invalidate(...MEMBERSHIP_KEYS),
  });
}

/** A new sign-in link for a member an import made who has not chosen a password (the old link stops working). */
export function useNewImportLink(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<ImportLinkSent>('POST', `/api/education-institutions/${institutionId}/members/${userId}/link`),
    // The member's row shows how long the new link works.
    onSuccess: () => invalidate('/api/education-institutions'),
  });
}

/** The owner hands the institution to one of its teachers or pastors. */
export function useHandOver(institutionId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<Institution>('POST', `/api/education-institutions/${institutionId}/owner`, { userId }),
    onSuccess: () => invalidate(...MEMBERSHIP_KEYS),
  });
}
