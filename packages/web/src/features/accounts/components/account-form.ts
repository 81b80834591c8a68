import { ACCOUNT_CATEGORIES, createAccountBodySchema } from '@kopiyka/shared';
import { z } from 'zod';
import { parseAmount } from '../../../lib/money.ts';

export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount, e.g. 1250.50';

/**
 * A typed amount in minor units (SPEC §5): empty or zero is 0, anything that is not a number is
 * null.
 */
export function amountToMinor(text: string): number | null {
  const minor = parseAmount(text);
  if (minor === null) return 0;
  return Number.isNaN(minor) ? null : minor;
}

export const accountFormValuesSchema = z.object({
  name: z.string(),
  currencyId: z.number().nullable(),
  accountCategory: z.enum(ACCOUNT_CATEGORIES),
  initialBalance: z.string(),
  creditLimit: z.string(),
  /** A group id as the select holds it; '' for none. */
  accountGroupId: z.string(),
});
export type AccountFormValues = z.infer<typeof accountFormValuesSchema>;
export type AccountFormField = keyof AccountFormValues;

export const ACCOUNT_FORM_FIELDS: readonly AccountFormField[] = accountFormValuesSchema.keyof().options;

/**
 * The form as typed, turned into the body of POST /accounts and checked with the shared contract,
 * so the form says what the server would before anything is sent.
 */
export const accountFormSchema = accountFormValuesSchema.transform((values, ctx) => {
  const amounts = {
    initialBalance: amountToMinor(values.initialBalance),
    creditLimit: amountToMinor(values.creditLimit),
  };
  for (const [field, minor] of Object.entries(amounts)) {
    if (minor === null) ctx.addIssue({ code: 'custom', path: [field], message: AMOUNT_FORMAT_MESSAGE });
  }
  if (values.currencyId === null) ctx.addIssue({ code: 'custom', path: ['currencyId'], message: 'Choose a currency' });
  const body = createAccountBodySchema.safeParse({
    name: values.name,
    currencyId: values.currencyId ?? undefined,
    accountCategory: values.accountCategory,
    initialBalance: amounts.initialBalance ?? 0,
    creditLimit: amounts.creditLimit ?? 0,
    accountGroupId: values.accountGroupId === '' ? null : Number(values.accountGroupId),
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
  if (!body.success || Object.values(amounts).includes(null) || values.currencyId === null) return z.NEVER;
  return body.data;
});
