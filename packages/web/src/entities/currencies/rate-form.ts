import { type Rate, type SetCustomRatesBody, setCustomRatesBodySchema } from '@kopiyka/shared';
import { z } from 'zod';
import { t } from '../../lib/i18n.ts';
import { formatRate, parseDecimal } from '../../lib/money.ts';

/** The two linked fields: 1 `from` = x `to` (forward), 1 `to` = y `from` (reverse). */
export type RateField = 'forward' | 'reverse';

const rateFormValuesSchema = z.object({
  useLive: z.boolean(),
  forward: z.string(),
  reverse: z.string(),
  /** The field the user typed in last: its value is the one meant exactly, the other is derived. */
  edited: z.enum(['forward', 'reverse']),
  /** YYYY-MM-DD, or empty for every date. */
  effectiveFrom: z.string(),
});
export type RateFormValues = z.infer<typeof rateFormValuesSchema>;

/** 1 `baseCode` = `rate` `quoteCode`. */
export type CustomRatePair = SetCustomRatesBody['pairs'][number];

export type RateFormResult = { useLive: true } | { useLive: false; pair: CustomRatePair };

/** A rate as a form field shows it: no thousands separators, so it reads back as typed. */
export function rateFieldText(rate: number | null): string {
  return rate === null ? '' : formatRate(rate, { useGrouping: false });
}

/** What the other field shows when one of them reads `text`: the reciprocal, or nothing. */
export function linkedRateText(text: string): string {
  const rate = parseDecimal(text);
  return rate !== null && rate > 0 ? rateFieldText(1 / rate) : '';
}

/**
 * Checks the form with the shared contract and turns it into the pair to store. The rate is
 * checked as typed (its bounds are the same both ways) so errors speak of the number the user
 * wrote, then sent as 1 `fromCode` = x `toCode`.
 */
export function rateFormSchema(fromCode: string, toCode: string) {
  return rateFormValuesSchema.transform((values, ctx): RateFormResult => {
    if (values.useLive) return { useLive: true };
    const field = values.edited;
    const typed = parseDecimal(values[field]);
    if (typed === null) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: t('rates.form.enterRate', { example: formatRate(41.7625) }),
      });
      return z.NEVER;
    }
    const [from, to] = field === 'forward' ? [fromCode, toCode] : [toCode, fromCode];
    const checked = setCustomRatesBodySchema.safeParse({
      pairs: [{ baseCode: from, quoteCode: to, rate: typed, effectiveFrom: values.effectiveFrom || undefined }],
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = issue.path.at(-1) === 'effectiveFrom' ? 'effectiveFrom' : field;
        ctx.addIssue({ code: 'custom', path: [path], message: issue.message });
      }
      return z.NEVER;
    }
    const rate = field === 'forward' ? typed : 1 / typed;
    const pair: CustomRatePair = { baseCode: fromCode, quoteCode: toCode, rate };
    if (values.effectiveFrom) pair.effectiveFrom = values.effectiveFrom;
    return { useLive: false, pair };
  });
}

/** Where a server validation issue ("pairs.0.rate") belongs in the form. */
export function rateFieldOfIssue(path: string, edited: RateField): keyof RateFormValues | null {
  const field = path.split('.').at(-1);
  if (field === 'rate') return edited;
  if (field === 'effectiveFrom') return 'effectiveFrom';
  return null;
}

/** The live rate a pair with the base currency can follow: that of its other currency, `code`. */
export type LiveRateFacts = {
  code: string;
  /** The user has a custom rate for it (it may apply from a later date only). */
  hasCustomRate: boolean;
  /** A provider quotes it: following the live rate leaves it with a rate. */
  available: boolean;
};

/** What the rate form starts from for 1 `from` in `to`. */
export type PairFacts = {
  /** The rate known now; null when there is none or it is not loaded. */
  current: number | null;
  /** Null for a pair of two other currencies: only a rate of their own can be set for it. */
  live: LiveRateFacts | null;
  /** The first day of the custom rate in force, as the date field holds it. */
  effectiveFrom: string;
};

/**
 * A pair's rate and where it comes from, read off each currency's rate against the base
 * (`rateOf`, undefined while unknown) and whether the user lets it follow the live rate.
 */
export function pairFacts(
  fromCode: string,
  toCode: string,
  baseCode: string,
  rateOf: (code: string) => Rate | undefined,
  followsLive: (code: string) => boolean,
): PairFacts {
  const inBase = (code: string) => (code === baseCode ? 1 : (rateOf(code)?.rate ?? null));
  const from = inBase(fromCode);
  const to = inBase(toCode);
  const current = from === null || to === null ? null : from / to;
  const other = fromCode === baseCode ? toCode : toCode === baseCode ? fromCode : null;
  if (other === null) return { current, live: null, effectiveFrom: '' };
  const rate = rateOf(other);
  return {
    current,
    live: {
      code: other,
      hasCustomRate: !followsLive(other) || rate?.custom === true,
      available: rate?.source !== 'none',
    },
    effectiveFrom: rate?.custom ? (rate.effectiveFrom ?? '') : '',
  };
}
