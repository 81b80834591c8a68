import { ACCOUNT_CATEGORIES, createAccountBodySchema, isoDateSchema } from '@kopiyka/shared';
import { z } from 'zod';
import type { DayKey } from '../../../lib/dates.ts';
import { t } from '../../../lib/i18n.ts';
import { type AmountRules, readAmount } from '../../../lib/money.ts';
import { dayStart } from '../../../lib/periods.ts';

/**
 * A typed balance or limit in minor units, empty or zero being 0, or what keeps it from
 * being read (a minus on a limit, no number, a mark before three digits, too large) as `readAmount` says it.
 */
export function readAccountAmount(
  text: string,
  rules: AmountRules = {},
): { minor: number; problem: null } | { minor: null; problem: string } {
  const { minor, problem } = readAmount(text, rules);
  return problem === null ? { minor: minor ?? 0, problem } : { minor: null, problem };
}

export const accountFormValuesSchema = z.object({
  name: z.string(),
  currencyId: z.number().nullable(),
  accountCategory: z.enum(ACCOUNT_CATEGORIES),
  /** The balance on `openingDay`: what the account held then. */
  initialBalance: z.string(),
  /** YYYY-MM-DD: the day the balance is given for; today means as of the account's creation. */
  openingDay: z.string(),
  creditLimit: z.string(),
  /** A group id as the select holds it; '' for none. */
  accountGroupId: z.string(),
});
export type AccountFormValues = z.infer<typeof accountFormValuesSchema>;
export type AccountFormField = keyof AccountFormValues;

export const ACCOUNT_FORM_FIELDS: readonly AccountFormField[] = accountFormValuesSchema.keyof().options;

/**
 * The form as typed, turned into the body of POST /accounts and checked with the shared contract,
 * so the form says what the server would before anything is sent. A balance on an earlier day than
 * `today` is given as of the start of that day; today's is as of the account's creation.
 */
export const accountFormSchema = (today: DayKey) =>
  accountFormValuesSchema.transform((values, ctx) => {
    const readings = {
      initialBalance: readAccountAmount(values.initialBalance),
      creditLimit: readAccountAmount(values.creditLimit, { positive: true }),
    };
    for (const [field, { problem }] of Object.entries(readings)) {
      if (problem !== null) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
    const amounts = { initialBalance: readings.initialBalance.minor, creditLimit: readings.creditLimit.minor };
    if (values.currencyId === null)
      ctx.addIssue({ code: 'custom', path: ['currencyId'], message: t('account.create.chooseCurrency') });
    const openingProblem =
      values.openingDay === ''
        ? t('account.create.chooseDay')
        : (isoDateSchema.safeParse(values.openingDay).error?.issues[0]?.message ??
          (values.openingDay > today ? t('account.create.futureBalance') : null));
    if (openingProblem) ctx.addIssue({ code: 'custom', path: ['openingDay'], message: openingProblem });
    const body = createAccountBodySchema.safeParse({
      name: values.name,
      currencyId: values.currencyId ?? undefined,
      accountCategory: values.accountCategory,
      initialBalance: amounts.initialBalance ?? 0,
      creditLimit: amounts.creditLimit ?? 0,
      accountGroupId: values.accountGroupId === '' ? null : Number(values.accountGroupId),
      openingAt: openingProblem || values.openingDay === today ? undefined : dayStart(values.openingDay).toISOString(),
    });
    if (!body.success) {
      for (const issue of body.error.issues) {
        const field = String(issue.path[0]);
        // The missing currency and unreadable amounts have their own messages above.
        if (field === 'currencyId' && values.currencyId === null) continue;
        if (field in amounts && amounts[field as keyof typeof amounts] === null) continue;
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
    if (!body.success || Object.values(amounts).includes(null) || values.currencyId === null || openingProblem) {
      return z.NEVER;
    }
    return body.data;
  });
