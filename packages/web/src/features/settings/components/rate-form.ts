import { type SetCustomRatesBody, setCustomRatesBodySchema } from '@kopiyka/shared';
import { z } from 'zod';
import { formatRate, parseDecimal } from '../../../lib/money.ts';

/** The two linked fields: 1 currency = x base (forward), 1 base = y currency (reverse). */
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

/** 1 `currencyCode` = `rate` `baseCode`: the direction the rates list shows. */
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
 * wrote, then sent as 1 currency = x base: the direction the server lists rates in.
 */
export function rateFormSchema(currencyCode: string, baseCode: string) {
  return rateFormValuesSchema.transform((values, ctx): RateFormResult => {
    if (values.useLive) return { useLive: true };
    const field = values.edited;
    const typed = parseDecimal(values[field]);
    if (typed === null) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'Enter a rate, e.g. 41.7625' });
      return z.NEVER;
    }
    const [from, to] = field === 'forward' ? [currencyCode, baseCode] : [baseCode, currencyCode];
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
    const pair: CustomRatePair = { baseCode: currencyCode, quoteCode: baseCode, rate };
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
