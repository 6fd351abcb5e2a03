import { z } from 'zod';
import { ROLES, PASSWORD_MIN_LENGTH, USERNAME } from '../constants.ts';
import { Id, IsoDate } from '../primitives.ts';

export const RoleSchema = z.enum(ROLES);

/** A user as the server returns it: never the password hash. */
export const UserSchema = z.object({
  id: Id,
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
  subscription: z.string(),
  verified: z.boolean(),
  /** A creator request waiting for an admin: 'pending'; otherwise null. */
  creatorRequest: z.enum(['pending', 'approved']).nullable(),
  createdAt: IsoDate,
});
export type User = z.infer<typeof UserSchema>;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const USERNAME_PATTERN = USERNAME.pattern;

/** A password being chosen (sign-up, password change): the rules name the field they are about. */
const newPasswordField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .min(PASSWORD_MIN_LENGTH, { error: `${field} must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(256, { error: `${field} must be at most 256 characters` });

export const LoginRequestSchema = z.object({
  username: requiredText('username', 64),
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  email: requiredText('email', 254).pipe(z.email({ error: 'email must be a valid email address' })),
  username: requiredText('username', USERNAME.max)
    .pipe(z.string().min(USERNAME.min, { error: `username must be at least ${USERNAME.min} characters` }))
    .pipe(
      z.string().regex(USERNAME_PATTERN, { error: 'username may only use letters, digits, dot, dash and underscore' }),
    ),
  password: newPasswordField('password'),
  firstName: z.string().trim().max(64, { error: 'firstName must be at most 64 characters' }).optional(),
  lastName: z.string().trim().max(64, { error: 'lastName must be at most 64 characters' }).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'currentPassword is required' }).min(1, { error: 'currentPassword is required' }).max(256),
  newPassword: newPasswordField('newPassword'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Deleting one's own account (DELETE /api/user): the password, asked again. */
export const DeleteAccountRequestSchema = z.object({
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(256),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const SessionUserResponseSchema = UserSchema;
export type SessionUserResponse = z.infer<typeof SessionUserResponseSchema>;
