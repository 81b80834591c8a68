import { z } from 'zod';
import { currencyCodeSchema, MAX_CURRENCIES_PER_REQUEST } from './currencies.ts';
import { storedIssueSchema } from './envelope.ts';
import { issue } from './issues.ts';

import { isoDateSchema } from './time.ts';

/** Largest rate accepted in either direction; the reverse of a rate must stay above its inverse. */
export const MAX_RATE = 1_000_000_000;
export const MIN_RATE = 1 / MAX_RATE;

export const RATE_SOURCES = ['live', 'custom', 'approximate', 'none'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/**
 * One exchange rate: 1 `baseCode` = `rate` `quoteCode` on `date`. `source` says where it came from:
 * a provider's rate of that day (live), the user's own (custom), the nearest earlier provider rate
 * because that day's could not be had (approximate), or nothing at all (none, rate null).
 */
export const rateSchema = z.object({
  baseCode: z.string(),
  quoteCode: z.string(),
  rate: z.number().nullable(),
  date: isoDateSchema,
  custom: z.boolean(),
  source: z.enum(RATE_SOURCES),
  /** The day the rate is really from: the provider's day for live and approximate, null otherwise. */
  rateDate: isoDateSchema.nullable(),
  /** For a custom rate: the first day it applies; null when it applies to every day. */
  effectiveFrom: isoDateSchema.nullable(),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesQuerySchema = z.object({ date: isoDateSchema.optional() });

export const rateValueSchema = z
  .number(issue('rate.notNumber'))
  .positive(issue('rate.notPositive'))
  .min(MIN_RATE, issue('rate.tooSmall', { min: MIN_RATE }))
  .max(MAX_RATE, issue('rate.tooLarge', { max: MAX_RATE }));

const pairSchema = z.object({ baseCode: currencyCodeSchema, quoteCode: currencyCodeSchema });
const distinctPair = <T extends { baseCode: string; quoteCode: string }>(pair: T) => pair.baseCode !== pair.quoteCode;
const distinctPairMessage = { ...issue('pair.sameCurrency'), path: ['quoteCode'] };

export const setCustomRatesBodySchema = z.object({
  pairs: z
    .array(
      pairSchema
        .extend({ rate: rateValueSchema, effectiveFrom: isoDateSchema.optional() })
        .refine(distinctPair, distinctPairMessage),
    )
    .min(1, issue('pair.required'))
    .max(MAX_CURRENCIES_PER_REQUEST),
});
export type SetCustomRatesBody = z.infer<typeof setCustomRatesBodySchema>;

export const deleteCustomRatesBodySchema = z.object({
  pairs: z
    .array(pairSchema.refine(distinctPair, distinctPairMessage))
    .min(1, issue('pair.required'))
    .max(MAX_CURRENCIES_PER_REQUEST),
});
export type DeleteCustomRatesBody = z.infer<typeof deleteCustomRatesBodySchema>;

export const BASE_CHANGE_STATES = ['idle', 'running', 'failed'] as const;
/**
 * `base`: the base currency changes from `fromCode` to `toCode`. `revaluation`: a custom rate
 * changed, and the figures it moves are recomputed in the same base (`fromCode` = `toCode`).
 * `timeZone`: the time zone changed, and the balances' days are regrouped into the new zone's
 * (a base change or revaluation does that first too when the zone changed meanwhile).
 */
export const BASE_CHANGE_KINDS = ['base', 'revaluation', 'timeZone'] as const;

/**
 * Progress of recomputing figures after the base currency, a custom rate or the time zone changed:
 * `done` of `total` steps (transactions valued, accounts whose days are regrouped).
 */
export const baseCurrencyChangeSchema = z.object({
  state: z.enum(BASE_CHANGE_STATES),
  /** Null when idle. */
  kind: z.enum(BASE_CHANGE_KINDS).nullable(),
  fromCode: z.string().nullable(),
  toCode: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  /** `error` by code, for clients to translate. */
  errorIssue: storedIssueSchema.nullable().optional(),
});
export type BaseCurrencyChange = z.infer<typeof baseCurrencyChangeSchema>;

/** The progress answer while no base change or recomputation runs. */
export const IDLE_BASE_CURRENCY_CHANGE: BaseCurrencyChange = {
  state: 'idle',
  kind: null,
  fromCode: null,
  toCode: null,
  done: 0,
  total: 0,
  error: null,
};

export const PROVIDER_STATES = ['ok', 'unreachable', 'unknown'] as const;

/**
 * A rate provider as this server last found it: `ok` after its last answer, `unreachable` when its
 * last attempt failed (with why), `unknown` before this server asked it anything.
 */
export const rateProviderStatusSchema = z.object({
  source: z.string(),
  name: z.string(),
  state: z.enum(PROVIDER_STATES),
  /** When it last gave rates (stored days count, so this survives a restart). */
  lastSuccessAt: z.iso.datetime().nullable(),
  lastFailureAt: z.iso.datetime().nullable(),
  /** Why the last attempt failed, in a few words ("unreachable (ECONNREFUSED)"). */
  reason: z.string().nullable(),
});
export type RateProviderStatus = z.infer<typeof rateProviderStatusSchema>;
