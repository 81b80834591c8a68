import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { issue } from './issues.ts';
import { freeText } from './text.ts';

/**
 * 3–64 letters, digits, dot, underscore or hyphen; unique under full case folding (foldUsername).
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
const typedUsername = () => freeText(z.string(issue('username.required')).trim(), 'username').normalize('NFKC');

export const usernameSchema = typedUsername()
  .min(USERNAME_MIN, issue('username.tooShort', { min: USERNAME_MIN }))
  .max(USERNAME_MAX, issue('username.tooLong', { max: USERNAME_MAX }))
  .regex(/^[\p{L}\p{N}._-]+$/u, issue('username.characters'))
  .refine((name) => !mixesAlphabets(name), issue('username.mixedAlphabets'));

export const passwordSchema = z
  .string(issue('password.required'))
  .min(PASSWORD_MIN, issue('password.tooShort', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, issue('password.tooLong', { max: PASSWORD_MAX }))
  .refine((password) => password.trim() !== '', issue('password.spacesOnly'))
  .refine((password) => !COMMON_PASSWORDS.has(password.trim().toLowerCase()), issue('password.common'));

export const registerBodySchema = z.object({ username: usernameSchema, password: passwordSchema });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Login checks only presence and size: the rules above are for new accounts. */
export const loginBodySchema = z.object({
  username: typedUsername().min(1, issue('username.required')).max(USERNAME_MAX),
  password: z.string(issue('password.required')).min(1, issue('password.required')).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  createdAt: z.iso.datetime(),
  /** A Monobank client is paired: only then does GET /banks/monobank/user answer one (else 404). */
  monobankConnected: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({
  user: userSchema.pick({ id: true, username: true }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
