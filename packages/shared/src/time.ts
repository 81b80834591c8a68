import { z } from 'zod';
import { issue } from './issues.ts';

/**
 * The earliest moment the API takes. PostgreSQL refuses year 0, and nothing in a personal ledger
 * is older than this: an earlier date is a typo, so it is a validation error rather than a 500.
 */
const EARLIEST_TIME = Date.UTC(1900, 0, 1);
const EARLIEST_MESSAGE = issue('value.before1900');

/** An ISO 8601 timestamp with an offset (`time`, `startDate`, `endDate`). */
export const timeSchema = z.iso
  .datetime({ offset: true, ...issue('value.timestamp') })
  .refine((time) => Date.parse(time) >= EARLIEST_TIME, EARLIEST_MESSAGE);

/** A calendar day, `YYYY-MM-DD` (date-only parameters, docs/api.md). */
export const isoDateSchema = z.iso
  .date(issue('value.date'))
  .refine((day) => Date.parse(day) >= EARLIEST_TIME, EARLIEST_MESSAGE);
