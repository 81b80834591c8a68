import { z } from 'zod';
import { categoryColorSchema } from './categories.ts';
import { idTextSchema } from './ids.ts';
import { issue } from './issues.ts';
import { freeText } from './text.ts';

export const TAG_NAME_MAX = 50;
/** The most tags one user may have. */
export const TAGS_MAX = 200;
/** The most tags one transaction carries. */
export const TRANSACTION_TAGS_MAX = 20;
/** A new tag without a colour of its own. */
export const DEFAULT_TAG_COLOR = '#7f8c8d';

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

const tagNameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(TAG_NAME_MAX, issue('name.tooLong', { max: TAG_NAME_MAX }));

export const createTagBodySchema = z.object({ name: tagNameSchema, color: categoryColorSchema.optional() });
export type CreateTagBody = z.infer<typeof createTagBodySchema>;

export const updateTagBodySchema = z.object({ name: tagNameSchema, color: categoryColorSchema }).partial();
export type UpdateTagBody = z.infer<typeof updateTagBodySchema>;

export const tagParamsSchema = z.object({ id: idTextSchema });
