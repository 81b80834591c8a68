import { z } from 'zod';
import { idTextSchema } from './ids.ts';
import { issue } from './issues.ts';
import { queryFlagSchema } from './query.ts';
import { isoDateSchema } from './time.ts';

/** The longest span a statistics query may cover: ten years and a few leap days. */
export const STATS_MAX_DAYS = 3660;

/**
 * The most points one balance history answers: a point per account per day. One account over the
 * longest range, or every account of a person with the most accounts over a month, fits; every
 * account over years does not (it was 11.8 MB for 50 accounts over ten years) and is refused.
 */
export const BALANCE_HISTORY_MAX_POINTS = 20_000;

const includeHiddenSchema = queryFlagSchema.optional();

const daySpan = (q: { from: string; to: string }) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;

const dayRange = z.object({ from: isoDateSchema, to: isoDateSchema });
type DayRange = z.infer<typeof dayRange>;

/** Every range query checks the same two things: in order, and not longer than STATS_MAX_DAYS. */
const inOrder: [(q: DayRange) => boolean, ReturnType<typeof issue> & { path: string[] }] = [
  (q) => q.from <= q.to,
  { ...issue('range.order'), path: ['from'] },
];
const notTooLong: [(q: DayRange) => boolean, ReturnType<typeof issue> & { path: string[] }] = [
  (q) => daySpan(q) < STATS_MAX_DAYS,
  { ...issue('range.tooLong', { max: STATS_MAX_DAYS }), path: ['to'] },
];

export const balanceHistoryQuerySchema = dayRange
  .extend({ accountId: idTextSchema.optional(), includeHidden: includeHiddenSchema })
  .refine(...inOrder)
  .refine(...notTooLong);
export type BalanceHistoryQuery = z.output<typeof balanceHistoryQuerySchema>;

export const balancePointSchema = z.object({
  date: isoDateSchema,
  accountId: z.number().int(),
  /** End-of-day own money (balance less the credit limit) in the account currency. */
  balance: z.number().int().describe('End-of-day own money (balance less the credit limit), account currency'),
  /** The same in the base currency at that day's rate; null when no rate can be had. */
  refBalance: z.number().int().nullable(),
});
export type BalancePoint = z.infer<typeof balancePointSchema>;

export const totalBalanceQuerySchema = z.object({ date: isoDateSchema, includeHidden: includeHiddenSchema });
export type TotalBalanceQuery = z.output<typeof totalBalanceQuerySchema>;
export const totalBalanceSchema = z.object({
  date: isoDateSchema,
  refBalance: z.number().int(),
  /** Accounts left out of the total because no rate could be had for them that day. */
  unvaluedAccountIds: z.array(z.number().int()),
  /**
   * The crypto exchange holdings' part of refBalance (the day's value snapshot, or the latest before
   * it); null when none is counted: no keys, no snapshot yet, no rate, or includeCryptoInTotal off.
   */
  cryptoRefBalance: z.number().int().nullable(),
});
export type TotalBalance = z.infer<typeof totalBalanceSchema>;

export const totalBalanceChangeQuerySchema = dayRange
  .extend({ includeHidden: includeHiddenSchema })
  .refine(...inOrder)
  .refine(...notTooLong);
export type TotalBalanceChangeQuery = z.output<typeof totalBalanceChangeQuerySchema>;
/**
 * How the total balance moved from the end of `from` to the end of `to`, like with like:
 * `refBalance = previousRefBalance + change + added`.
 */
export const totalBalanceChangeSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  /** The total at the end of `to`, as total-balance answers it. */
  refBalance: z.number().int(),
  /** What the holdings known at the end of `from` held then: what the change compares with. */
  previousRefBalance: z.number().int(),
  /** Growth: how every holding's value moved between the two days, new ones from their first value. */
  change: z.number().int(),
  /**
   * New money, not growth: the first value of holdings that came to be known after `from` (an
   * account opened, a file's opening balance, a crypto exchange connected).
   */
  added: z.number().int(),
});
export type TotalBalanceChange = z.infer<typeof totalBalanceChangeSchema>;

export const cryptoBalanceHistoryQuerySchema = dayRange.refine(...inOrder).refine(...notTooLong);
export type CryptoBalanceHistoryQuery = z.output<typeof cryptoBalanceHistoryQuerySchema>;
/** The crypto holdings at the end of a day in the base currency, from the daily value snapshots. */
export const cryptoBalancePointSchema = z.object({ date: isoDateSchema, refBalance: z.number().int() });
export type CryptoBalancePoint = z.infer<typeof cryptoBalancePointSchema>;

export const spendingsQuerySchema = dayRange
  .extend({ accountId: idTextSchema.optional(), includeHidden: includeHiddenSchema })
  .refine(...inOrder)
  .refine(...notTooLong);
export type SpendingsQuery = z.output<typeof spendingsQuerySchema>;
export const categorySpendingSchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Expenses in the base currency, subcategories rolled up. */
  amount: z.number().int(),
});
export type CategorySpending = z.infer<typeof categorySpendingSchema>;
export const tagSpendingSchema = z.object({
  tagId: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Expenses carrying the tag, in the base currency. */
  amount: z.number().int(),
});
export type TagSpending = z.infer<typeof tagSpendingSchema>;

export const CASH_FLOW_INTERVALS = ['day', 'week', 'month'] as const;
export const cashFlowQuerySchema = dayRange
  .extend({
    interval: z.enum(CASH_FLOW_INTERVALS).default('month'),
    accountId: idTextSchema.optional(),
    includeHidden: includeHiddenSchema,
  })
  .refine(...inOrder)
  .refine(...notTooLong);
export type CashFlowQuery = z.output<typeof cashFlowQuerySchema>;
export const cashFlowPointSchema = z.object({
  /** The first day of the period. */
  period: isoDateSchema,
  income: z.number().int(),
  expense: z.number().int(),
  net: z.number().int(),
});
export type CashFlowPoint = z.infer<typeof cashFlowPointSchema>;
