import { z } from 'zod';
import { issue } from './issues.ts';

/*
 * Values in the query string arrive as text. A typed caller (the web client) hands over numbers,
 * booleans and lists, which its request writes as that text; so these schemas read the text but
 * declare the typed value as their input, and `z.input` of a query schema is what to send.
 */

/** A yes/no: `true` or `false`. */
export const queryFlagSchema = z
  .preprocess(
    (flag: boolean) => {
      const value: unknown = flag;
      return typeof value === 'boolean' ? String(value) : value;
    },
    z.enum(['true', 'false'], issue('value.notBoolean')),
  )
  .transform((flag) => flag === 'true');

/** A list: `1,2,3` or the key repeated. */
export function queryListSchema<T extends z.ZodType>(items: z.ZodArray<T>) {
  return z.preprocess((list: readonly z.input<T>[]) => {
    const value: unknown = list;
    return typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value;
  }, items);
}

/**
 * A whole number in the query, read into `number` (its range and message): plain decimal digits
 * and nothing else, as ids are, so `limit=0x10`, `1e1`, `+1`, ` 1`, `1.0` and `016` are refused
 * rather than read as some number.
 */
export function queryIntegerSchema(number: z.ZodNumber) {
  return z
    .preprocess(
      (integer: number) => {
        const value: unknown = integer;
        return typeof value === 'number' ? String(value) : value;
      },
      z.string().regex(/^(0|[1-9]\d{0,15})$/, issue('value.notNumber')),
    )
    .transform(Number)
    .pipe(number);
}
