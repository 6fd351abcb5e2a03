/** User management (spec §7 admin calls): search, roles, suspension, messages. */
import { z } from 'zod';
import { IsoDate, Count, PageQuery, pageFields, SearchText } from '../primitives.ts';
import { RoleSchema, UserSchema } from './auth.ts';
import { ROLES } from '../constants.ts';

export const USER_STATUSES = ['active', 'suspended'] as const;

export const AdminUsersQuerySchema = PageQuery.extend({
  search: SearchText.optional(),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }).optional(),
  status: z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` }).optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = UserSchema.extend({
  status: z.enum(USER_STATUSES),
  country: z.string().nullable(),
  lastActiveAt: IsoDate.nullable(),
  timedOutUntil: IsoDate.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Accounts per role, with their share of all accounts in percent. */
export const RoleShareSchema = z.object({ role: RoleSchema, count: Count, share: z.number() });
export type RoleShare = z.infer<typeof RoleShareSchema>;

export const AdminUsersSchema = z.object({
  users: z.array(AdminUserSchema),
  ...pageFields,
  /** Over every account, whatever the search. */
  stats: z.object({ total: Count, active: Count, suspended: Count, verified: Count, pendingCreatorRequests: Count, newThisWeek: Count }),
  roles: z.array(RoleShareSchema),
});
export type AdminUsers = z.infer<typeof AdminUsersSchema>;

export const AdminRoleRequestSchema = z.object({ role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }) });
export const ADMIN_MESSAGE_MAX_LENGTH = 1000;
export const AdminMessageRequestSchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, { error: 'text is required' })
    .max(ADMIN_MESSAGE_MAX_LENGTH, { error: `text must be at most ${ADMIN_MESSAGE_MAX_LENGTH} characters` }),
});
