import { z } from 'zod';

/*
 * Values that travel in the query string arrive as text; a typed caller (the web client) hands
 * over numbers, booleans and lists, which its request turns into that text. These schemas read the
 * text and declare what a caller may hand over, so `z.input` of a query schema is what to send.
 */

/** A yes/no: `true` or `false`. A boolean is taken as its text. */
export const queryFlagSchema = z
  .preprocess(
    (flag: boolean | 'true' | 'false') => (typeof flag === 'boolean' ? String(flag) : flag),
    z.enum(['true', 'false'], 'Must be true or false'),
  )
  .transform((flag) => flag === 'true');

/** A list: `1,2,3` or the key repeated. */
export function queryListSchema<T extends z.ZodType>(items: z.ZodArray<T>) {
  return z.preprocess((list: readonly z.input<T>[]) => {
    const text: unknown = list;
    return typeof text === 'string' ? text.split(',').filter((part) => part.trim() !== '') : list;
  }, items);
}
