import { z } from 'zod';
import { issue } from './issues.ts';

/** The largest id: ids are PostgreSQL `integer`s. */
export const ID_MAX = 2_147_483_647;
const ID_MESSAGE = issue('value.id', { max: ID_MAX });

/**
 * Every resource id is a positive integer (docs/api.md). In a JSON body it is a number: a string
 * is refused. JSON itself reads `1.0` and `1e0` as the number 1, so those pass as 1.
 */
export const idSchema = z.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(ID_MAX, ID_MESSAGE);
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
    z.string(ID_MESSAGE).regex(/^[1-9]\d{0,9}$/, ID_MESSAGE),
  )
  .transform(Number)
  .pipe(idSchema);
