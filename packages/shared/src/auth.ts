import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { freeText } from './text.ts';

/**
 * Product notes: 3–64 letters, digits, dot, underscore or hyphen; unique case-insensitively.
 * Issue 15: stored in NFKC, and letters from one of the look-alike alphabets only (docs/decisions.md).
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Alphabets with letters that look alike ("а" and "a"): a name may use one of them, not two. */
const LOOK_ALIKE_ALPHABETS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const mixesAlphabets = (name: string) => LOOK_ALIKE_ALPHABETS.filter((letters) => letters.test(name)).length > 1;

/**
 * One spelling per name: NFKC folds full-width letters, ligatures and composed accents, so what looks
 * the same is stored the same. Login normalises alike, so either spelling finds the account.
 */
const typedUsername = () => freeText(z.string({ error: 'Username is required' }).trim(), 'Username').normalize('NFKC');

export const usernameSchema = typedUsername()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may contain only letters, digits, ".", "_" and "-"')
  .refine(
    (name) => !mixesAlphabets(name),
    'Username must use letters of one alphabet only (for example all Latin or all Cyrillic)',
  );

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((password) => password.trim() !== '', 'Password cannot be made of spaces only')
  .refine(
    (password) => !COMMON_PASSWORDS.has(password.trim().toLowerCase()),
    'This password is one of the most common ones. Choose one that is harder to guess',
  );

export const registerBodySchema = z.object({ username: usernameSchema, password: passwordSchema });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Login checks only presence and size: the rules above are for new accounts. */
export const loginBodySchema = z.object({
  username: typedUsername().min(1, 'Username is required').max(USERNAME_MAX),
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
