import { z } from 'zod';

export const userSettingsSchema = z.object({
  locale: z.string(),
  stats: z.object({ excludedCategoryIds: z.array(z.number().int()) }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
