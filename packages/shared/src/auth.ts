import { z } from 'zod';
import { freeText } from './text.ts';

/** Product notes: 3–64 letters, digits, dot, underscore or hyphen; unique case-insensitively. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const usernameSchema = freeText(z.string({ error: 'Username is required' }).trim(), 'Username')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may contain only letters, digits, ".", "_" and "-"');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerBodySchema = z.object({ username: usernameSchema, password: passwordSchema });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Login checks only presence and size: the rules above are for new accounts. */
export const loginBodySchema = z.object({
  username: freeText(z.string({ error: 'Username is required' }).trim(), 'Username')
    .min(1, 'Username is required')
    .max(USERNAME_MAX),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({
  user: userSchema.pick({ id: true, username: true }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
