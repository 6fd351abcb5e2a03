import { z } from 'zod';
import { UserSchema } from '../entities.ts';

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN_LENGTH = 8;

export const LoginRequestSchema = z.object({
  username: requiredText('username', 64),
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  email: requiredText('email', 254).pipe(z.email({ error: 'email must be a valid email address' })),
  username: requiredText('username', 32)
    .pipe(z.string().min(3, { error: 'username must be at least 3 characters' }))
    .pipe(
      z.string().regex(USERNAME_PATTERN, { error: 'username may only use letters, digits, dot, dash and underscore' }),
    ),
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .min(PASSWORD_MIN_LENGTH, { error: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(256, { error: 'password must be at most 256 characters' }),
  firstName: z.string().trim().max(64, { error: 'firstName must be at most 64 characters' }).optional(),
  lastName: z.string().trim().max(64, { error: 'lastName must be at most 64 characters' }).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const SessionUserResponseSchema = UserSchema;
export type SessionUserResponse = z.infer<typeof SessionUserResponseSchema>;
