import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { idSchema } from './ids.ts';

export const userSettingsSchema = z.object({
  locale: z.string(),
  stats: z.object({ excludedCategoryIds: z.array(z.number().int()) }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const MAX_EXCLUDED_CATEGORIES = 500;

/** A BCP 47 language tag such as `en`, `uk` or `en-GB`. */
const localeSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Must be a language tag such as en, uk or en-GB')
  .max(35);

export const updateUserSettingsBodySchema = z
  .object({
    locale: localeSchema,
    stats: z.object({
      excludedCategoryIds: z.array(idSchema).max(MAX_EXCLUDED_CATEGORIES),
    }),
  })
  .partial();
export type UpdateUserSettingsBody = z.infer<typeof updateUserSettingsBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string('Current password is required').min(1, 'Current password is required').max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteUserBodySchema = z.object({
  password: z.string('Password is required').min(1, 'Password is required').max(128),
});
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>;
