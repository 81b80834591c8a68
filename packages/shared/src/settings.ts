import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { idSchema } from './ids.ts';
import { issue } from './issues.ts';

export const userSettingsSchema = z.object({
  locale: z.string(),
  /** An IANA time zone name: the user's days, weeks and months (docs/decisions.md "Local days"). */
  timeZone: z.string(),
  stats: z.object({ excludedCategoryIds: z.array(z.number().int()) }),
  /** Whether the crypto exchange holdings count in the dashboard's total balance and trend. */
  includeCryptoInTotal: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const MAX_EXCLUDED_CATEGORIES = 500;

/** A BCP 47 language tag such as `en`, `uk` or `en-GB`. */
export const localeSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, issue('value.locale'))
  .max(35);

/**
 * Whether `name` is an IANA time zone this runtime knows (Intl decides). Offsets such as `+02:00`
 * are not names: SQL reads their sign the other way round (POSIX), so they are refused.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name such as `Europe/Kyiv` or `UTC`, as the browser reports it. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    isTimeZone,
    issue('timeZone.unknown', (raw) => ({ timeZone: String(raw.input) })),
  );

export const updateUserSettingsBodySchema = z
  .object({
    locale: localeSchema,
    timeZone: timeZoneSchema,
    stats: z.object({
      excludedCategoryIds: z.array(idSchema).max(MAX_EXCLUDED_CATEGORIES),
    }),
    includeCryptoInTotal: z.boolean(issue('value.notBoolean')),
  })
  .partial();
export type UpdateUserSettingsBody = z.infer<typeof updateUserSettingsBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string(issue('currentPassword.required')).min(1, issue('currentPassword.required')).max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteUserBodySchema = z.object({
  password: z.string(issue('password.required')).min(1, issue('password.required')).max(128),
});
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>;
