import { z } from 'zod';
import { issue } from './issues.ts';

/** The largest id: ids are PostgreSQL `integer`s. */
export const ID_MAX = 2_147_483_647;
const ID_MESSAGE = issue('value.id', { max: ID_MAX });

/** An id written out: plain decimal digits and nothing else (no sign, leading zero, `0x`, exponent, space, point). */
const ID_DIGITS = /^[1-9]\d{0,9}$/;

const idNumberSchema = z.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(ID_MAX, ID_MESSAGE);

/**
 * Every resource id is a positive integer (docs/api.md). In a JSON body it is a number, or that
 * number written as plain decimal digits: the original web client sends the value of a select
 * (`"146"`) as it stands. Any other string is refused. JSON itself reads `1.0` and `1e0` as the
 * number 1, so those pass as 1. Typed callers hand over numbers, so the input type stays `number`.
 */
export const idSchema = z.preprocess((id: number) => {
  const value: unknown = id;
  return typeof value === 'string' && ID_DIGITS.test(value) ? Number(value) : value;
}, idNumberSchema);
export type Id = number;

/**
 * An id in a path or a query, where it travels as text: plain decimal digits and nothing else, so
 * `0x10`, `1e1`, `+1`, ` 1`, `1.0` and `01` are refused rather than read as some id. A typed caller
 * (the web client) hands over the number, which its request writes as that text.
 */
export const idTextSchema = z
  .preprocess(
    (id: number) => {
      const value: unknown = id;
      return typeof value === 'number' ? String(value) : value;
    },
    z.string(ID_MESSAGE).regex(ID_DIGITS, ID_MESSAGE),
  )
  .transform(Number)
  .pipe(idNumberSchema);
