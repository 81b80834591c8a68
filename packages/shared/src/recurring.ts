/**
 * Recurring money's rhythm (docs/decisions.md "Recurring money"): the local days a schedule falls
 * on, worked out from its start alone, so that an occurrence's date never depends on when or how
 * often it was computed, and the parts of an instalment plan. Shared: the server records by these
 * dates, and the web shows them before saving.
 */

import { z } from 'zod';
import { idSchema, idTextSchema } from './ids.ts';
import { issue } from './issues.ts';
import { freeText } from './text.ts';
import { isoDateSchema } from './time.ts';
import {
  NOTE_MAX,
  noteSchema,
  PAYMENT_TYPES,
  positiveMinorAmountSchema,
  TRANSACTION_TYPES,
  tagIdsSchema,
} from './transactions.ts';

export const RECURRING_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export interface Rhythm {
  frequency: RecurringFrequency;
  /** Every `interval` days, weeks, months or years (1 or more). */
  interval: number;
  /** The first occurrence, a local `YYYY-MM-DD`. */
  startDate: string;
  /** No occurrence after this local day (included). */
  endDate?: string | null;
  /** At most this many occurrences. */
  count?: number | null;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` as a count of days since 1970-01-01 (calendar arithmetic in UTC, no zone involved). */
function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayOf(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The `n`th occurrence (from 0) of the rhythm, whether or not its end or count allows it. Months
 * and years count from the start's day of the month: a schedule on the 31st falls on the last day
 * of a shorter month and on the 31st again after it, and one on 29 February on the 28th of a
 * common year.
 */
export function occurrenceDate(rhythm: Rhythm, n: number): string {
  const { frequency, interval, startDate } = rhythm;
  if (frequency === 'day' || frequency === 'week') {
    return dayOf(dayNumber(startDate) + n * interval * (frequency === 'week' ? 7 : 1));
  }
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const months = month - 1 + n * interval * (frequency === 'year' ? 12 : 1);
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = months % 12;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return dayOf(Date.UTC(targetYear, targetMonth, targetDay) / DAY_MS);
}

/** Whether the `n`th occurrence is one the rhythm has: within its count and on or before its end. */
function isWithinEnd(rhythm: Rhythm, n: number, date: string): boolean {
  if (rhythm.count != null && n >= rhythm.count) return false;
  return rhythm.endDate == null || date <= rhythm.endDate;
}

/**
 * The first occurrence's index on or after `day`: worked out from the elapsed days or months, then
 * corrected by a step (a month's clamping can put the estimate one off).
 */
function firstIndexFrom(rhythm: Rhythm, day: string): number {
  if (day <= rhythm.startDate) return 0;
  let n: number;
  if (rhythm.frequency === 'day' || rhythm.frequency === 'week') {
    const step = rhythm.interval * (rhythm.frequency === 'week' ? 7 : 1);
    n = Math.ceil((dayNumber(day) - dayNumber(rhythm.startDate)) / step);
  } else {
    const [y0, m0] = rhythm.startDate.split('-').map(Number) as [number, number];
    const [y1, m1] = day.split('-').map(Number) as [number, number];
    const step = rhythm.interval * (rhythm.frequency === 'year' ? 12 : 1);
    n = Math.max(0, Math.floor((y1 * 12 + m1 - (y0 * 12 + m0)) / step));
  }
  while (n > 0 && occurrenceDate(rhythm, n - 1) >= day) n--;
  while (occurrenceDate(rhythm, n) < day) n++;
  return n;
}

export interface Occurrence {
  /** Its place in the rhythm, from 0. */
  index: number;
  /** Its local day, `YYYY-MM-DD`. */
  date: string;
}

/**
 * The occurrences within `from`..`to` (local days, both included), in order, at most `limit` of
 * them (a daily rhythm over years is long).
 */
export function occurrencesWithin(rhythm: Rhythm, from: string, to: string, limit = 1_000): Occurrence[] {
  const found: Occurrence[] = [];
  for (let n = firstIndexFrom(rhythm, from); found.length < limit; n++) {
    const date = occurrenceDate(rhythm, n);
    if (date > to || !isWithinEnd(rhythm, n, date)) break;
    found.push({ index: n, date });
  }
  return found;
}

/** The first occurrence on or after `day`, or null when the rhythm has ended by then. */
export function nextOccurrence(rhythm: Rhythm, day: string): Occurrence | null {
  const n = firstIndexFrom(rhythm, day);
  const date = occurrenceDate(rhythm, n);
  return isWithinEnd(rhythm, n, date) ? { index: n, date } : null;
}

/**
 * The amounts of an instalment plan: `count` parts of `total` (minor units) that add up to it
 * exactly, each the whole part of the share and the remainder in the last one — the last payment
 * is the one a shop adjusts, and the others stay equal.
 */
export function instalmentParts(total: number, count: number): number[] {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, k) => (k === count - 1 ? total - part * (count - 1) : part));
}

export const RECURRING_KINDS = ['schedule', 'instalments'] as const;
export type RecurringKind = (typeof RECURRING_KINDS)[number];
/** auto: recorded on its day by the server; confirm: listed as due until confirmed or skipped. */
export const RECURRING_MODES = ['auto', 'confirm'] as const;
export type RecurringMode = (typeof RECURRING_MODES)[number];

export const RECURRING_NAME_MAX = 100;
/** Every at most this many days, weeks, months or years. */
export const RECURRING_INTERVAL_MAX = 999;
/** The most occurrences a rhythm with a count has. */
export const RECURRING_COUNT_MAX = 1000;
export const INSTALMENTS_MIN = 2;
export const INSTALMENTS_MAX = 120;
/** The most schedules and plans one user may have, archived ones included. */
export const RECURRING_MAX = 500;
/** The days ahead `GET /recurring/upcoming` looks at most, and by default. */
export const UPCOMING_DAYS_MAX = 366;
export const UPCOMING_DAYS_DEFAULT = 30;

export const recurringTemplateSchema = z.object({
  /** Each occurrence's amount in the account's currency (an instalment plan's first part). */
  amount: z.number().int(),
  transactionType: z.enum(TRANSACTION_TYPES),
  paymentType: z.enum(PAYMENT_TYPES),
  accountId: z.number().int(),
  categoryId: z.number().int().nullable(),
  note: z.string(),
  tagIds: z.array(z.number().int()),
  /** A transfer between the user's own accounts: the account the money goes to. */
  destinationAccountId: z.number().int().nullable(),
  destinationAmount: z.number().int().nullable(),
});
export type RecurringTemplate = z.infer<typeof recurringTemplateSchema>;

export const recurringScheduleSchema = z.object({
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().int().nullable(),
});

export const recurringSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(RECURRING_KINDS),
  template: recurringTemplateSchema,
  schedule: recurringScheduleSchema,
  mode: z.enum(RECURRING_MODES),
  /** The first occurrence not yet recorded or skipped; null once the rhythm has ended. */
  nextDate: z.string().nullable(),
  /** The latest occurrence recorded. */
  lastRecordedDate: z.string().nullable(),
  /** How many occurrences were recorded: an instalment plan's "2 of 3". */
  recordedCount: z.number().int(),
  /** An instalment plan's total (its parts add up to it exactly); null for a schedule. */
  total: z.number().int().nullable(),
  archived: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Recurring = z.infer<typeof recurringSchema>;

const nameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(RECURRING_NAME_MAX, issue('name.tooLong', { max: RECURRING_NAME_MAX }));

const intervalSchema = z
  .number(issue('value.notNumber'))
  .int(issue('recurring.interval', { max: RECURRING_INTERVAL_MAX }))
  .min(1, issue('recurring.interval', { max: RECURRING_INTERVAL_MAX }))
  .max(RECURRING_INTERVAL_MAX, issue('recurring.interval', { max: RECURRING_INTERVAL_MAX }));

const countSchema = (min: number, max: number) =>
  z
    .number(issue('value.notNumber'))
    .int(issue('recurring.count', { min, max }))
    .min(min, issue('recurring.count', { min, max }))
    .max(max, issue('recurring.count', { min, max }));

const templateFields = {
  amount: positiveMinorAmountSchema,
  transactionType: z.enum(TRANSACTION_TYPES),
  paymentType: z.enum(PAYMENT_TYPES).optional(),
  accountId: idSchema,
  categoryId: idSchema.nullable().optional(),
  note: noteSchema.default(''),
  tagIds: tagIdsSchema.default([]),
  destinationAccountId: idSchema.nullable().optional(),
  destinationAmount: positiveMinorAmountSchema.nullable().optional(),
};

const scheduleTemplateSchema = z.object(templateFields);
/** An instalment plan's parts come from its total and count. */
const instalmentsTemplateSchema = z.object({
  ...templateFields,
  amount: z.undefined(issue('recurring.amountForInstalments')).optional(),
});

const rhythmSchema = z.object({
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: intervalSchema.default(1),
  startDate: isoDateSchema,
  endDate: isoDateSchema.nullable().optional(),
  count: countSchema(1, RECURRING_COUNT_MAX).nullable().optional(),
});
const endAfterStart = (rhythm: { startDate?: string; endDate?: string | null }) =>
  !rhythm.startDate || !rhythm.endDate || rhythm.endDate >= rhythm.startDate;
const endMessage = { ...issue('recurring.endBeforeStart'), path: ['endDate'] };

/** An instalment plan falls every month from its start, its count being the plan's. */
const instalmentsRhythmSchema = z.object({
  frequency: z.literal('month', issue('recurring.instalmentsMonthly')).default('month'),
  interval: z.literal(1, issue('recurring.instalmentsMonthly')).default(1),
  startDate: isoDateSchema,
});

const commonFields = {
  name: nameSchema,
  mode: z.enum(RECURRING_MODES).default('auto'),
  archived: z.boolean().default(false),
};

export const createScheduleBodySchema = z.object({
  ...commonFields,
  kind: z.literal('schedule').default('schedule'),
  template: scheduleTemplateSchema,
  schedule: rhythmSchema.refine(endAfterStart, endMessage),
});

export const createInstalmentsBodySchema = z.object({
  ...commonFields,
  kind: z.literal('instalments'),
  /** The plan's total in the account's currency. */
  total: positiveMinorAmountSchema,
  count: countSchema(INSTALMENTS_MIN, INSTALMENTS_MAX),
  template: instalmentsTemplateSchema,
  schedule: instalmentsRhythmSchema,
});

export const createRecurringBodySchema = z
  .discriminatedUnion('kind', [
    createInstalmentsBodySchema,
    // A body without a kind is a schedule.
    createScheduleBodySchema.extend({ kind: z.literal('schedule').optional() }),
  ])
  .refine((body) => body.kind !== 'instalments' || body.total >= body.count, {
    ...issue('recurring.totalTooSmall'),
    path: ['total'],
  });
export type CreateRecurringBody = z.input<typeof createRecurringBodySchema>;
export type NewRecurring = z.output<typeof createRecurringBodySchema>;

/**
 * A change: what is given replaces what was (the template and the rhythm each as a whole). What
 * was recorded stays as it was; what comes next follows the change.
 */
export const updateRecurringBodySchema = z
  .object({
    name: nameSchema,
    mode: z.enum(RECURRING_MODES),
    archived: z.boolean(),
    template: z.union([scheduleTemplateSchema, instalmentsTemplateSchema]),
    schedule: rhythmSchema.refine(endAfterStart, endMessage),
    total: positiveMinorAmountSchema,
    count: countSchema(INSTALMENTS_MIN, INSTALMENTS_MAX),
  })
  .partial();
export type UpdateRecurringBody = z.output<typeof updateRecurringBodySchema>;

export const recurringParamsSchema = z.object({ id: idTextSchema });
export const occurrenceParamsSchema = z.object({ id: idTextSchema, date: isoDateSchema });

/** What a confirmation may change of the occurrence before it is recorded. */
export const confirmOccurrenceBodySchema = z
  .object({
    amount: positiveMinorAmountSchema,
    categoryId: idSchema.nullable(),
    note: noteSchema,
    tagIds: tagIdsSchema,
    destinationAmount: positiveMinorAmountSchema,
  })
  .partial();
export type ConfirmOccurrenceBody = z.output<typeof confirmOccurrenceBodySchema>;

export const upcomingQuerySchema = z.object({
  days: z.coerce
    .number(issue('value.notNumber'))
    .int(issue('recurring.count', { min: 1, max: UPCOMING_DAYS_MAX }))
    .min(1, issue('recurring.count', { min: 1, max: UPCOMING_DAYS_MAX }))
    .max(UPCOMING_DAYS_MAX, issue('recurring.count', { min: 1, max: UPCOMING_DAYS_MAX }))
    .default(UPCOMING_DAYS_DEFAULT),
});
export type UpcomingQuery = z.output<typeof upcomingQuerySchema>;

export const upcomingOccurrenceSchema = z.object({
  recurringId: z.number().int(),
  name: z.string(),
  date: z.string(),
  /** In the account's currency. */
  amount: z.number().int(),
  transactionType: z.enum(TRANSACTION_TYPES),
  accountId: z.number().int(),
  destinationAccountId: z.number().int().nullable(),
  /** due: its day has come and it is not recorded yet; upcoming: within the days asked for. */
  state: z.enum(['due', 'upcoming']),
  /** Its place in the rhythm, from 1, and of how many (null: no count): an instalment's "2 of 3". */
  number: z.number().int(),
  of: z.number().int().nullable(),
});
export type UpcomingOccurrence = z.infer<typeof upcomingOccurrenceSchema>;

export const upcomingSchema = z.object({
  items: z.array(upcomingOccurrenceSchema),
  /**
   * Each day from today to the last one asked for: the total balance in the base currency (minor
   * units) with what is scheduled until that day, due occurrences counted today.
   */
  forecast: z.array(z.object({ date: z.string(), refBalance: z.number().int() })),
});
export type Upcoming = z.infer<typeof upcomingSchema>;

/** A payee paid at a steady rhythm in the person's own history: a schedule they may not have made yet. */
export const recurringSuggestionSchema = z.object({
  /** The payee: the bank's description, or the note. */
  name: z.string(),
  /** The latest payment's amount, in the account's currency. */
  amount: z.number().int(),
  transactionType: z.enum(TRANSACTION_TYPES),
  accountId: z.number().int(),
  categoryId: z.number().int().nullable(),
  frequency: z.enum(['week', 'month']),
  /** The latest payment's local day. */
  lastDate: z.string(),
  /** When the next payment would come at this rhythm: the start of a schedule made from it. */
  nextDate: z.string(),
  /** How many payments in a row kept the rhythm. */
  occurrences: z.number().int(),
  transactionIds: z.array(z.number().int()),
});
export type RecurringSuggestion = z.infer<typeof recurringSuggestionSchema>;

/** A suggestion dismissed: it is not suggested again. */
export const dismissSuggestionBodySchema = z.object({
  name: freeText(z.string(issue('name.required')), 'name')
    .min(1, issue('name.required'))
    .max(NOTE_MAX, issue('name.tooLong', { max: NOTE_MAX })),
  accountId: idSchema,
});
export type DismissSuggestionBody = z.infer<typeof dismissSuggestionBodySchema>;
