import { z } from 'zod';
import { idSchema, idTextSchema } from './ids.ts';
import { issue } from './issues.ts';
import { signedMinorAmountSchema } from './money.ts';
import { freeText } from './text.ts';
import { timeSchema } from './time.ts';

export const ACCOUNT_CATEGORIES = [
  'general',
  'cash',
  'current-account',
  'credit-card',
  'saving',
  'bonus',
  'insurance',
  'investment',
  'loan',
  'mortgage',
  'overdraft',
  'crypto',
] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export const ACCOUNT_TYPES = ['system', 'monobank'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_NAME_MAX = 100;
/** The most accounts one user may create (bank cards and jars count, but pairing a bank is never refused). */
export const ACCOUNTS_MAX = 200;

export const nonNegativeMinorAmountSchema = signedMinorAmountSchema.min(0, issue('amount.negative'));

const accountNameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(ACCOUNT_NAME_MAX, issue('name.tooLong', { max: ACCOUNT_NAME_MAX }));

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  accountCategory: z.enum(ACCOUNT_CATEGORIES),
  isEnabled: z.boolean(),
  creditLimit: z.number().int(),
  currentBalance: z.number().int(),
  initialBalance: z.number().int(),
  /** In the base currency at the latest rate; null when no rate can be had. */
  refCreditLimit: z.number().int().nullable(),
  refCurrentBalance: z.number().int().nullable(),
  refInitialBalance: z.number().int().nullable(),
  accountGroupId: z.number().int().nullable(),
  externalId: z.string().nullable(),
  /**
   * When the opening balance was the account's balance: the minute of its creation, or the start of a day the
   * person chose. Transactions from before it were already in that balance (they move the initial
   * balance, not the current one).
   */
  openingAt: z.iso.datetime(),
  /** The balance at `openingAt`, as given: transactions never move it, only editing a balance. */
  openingBalance: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;

export const createAccountBodySchema = z.object({
  name: accountNameSchema,
  currencyId: idSchema,
  accountCategory: z.enum(ACCOUNT_CATEGORIES).default('general'),
  initialBalance: signedMinorAmountSchema.default(0),
  creditLimit: nonNegativeMinorAmountSchema.default(0),
  isEnabled: z.boolean().default(true),
  accountGroupId: idSchema.nullable().optional(),
  /** When `initialBalance` was the balance (default: the start of this minute); not in the future. */
  openingAt: timeSchema.optional(),
});
export type CreateAccountBody = z.input<typeof createAccountBodySchema>;
/** The body after defaults are applied, as the server receives it. */
export type NewAccount = z.output<typeof createAccountBodySchema>;

export const updateAccountBodySchema = z
  .object({
    name: accountNameSchema,
    accountCategory: z.enum(ACCOUNT_CATEGORIES),
    initialBalance: signedMinorAmountSchema,
    currentBalance: signedMinorAmountSchema,
    openingBalance: signedMinorAmountSchema,
    creditLimit: nonNegativeMinorAmountSchema,
    isEnabled: z.boolean(),
    accountGroupId: idSchema.nullable(),
  })
  .partial()
  .refine(
    (body) =>
      [body.initialBalance, body.currentBalance, body.openingBalance].filter((value) => value !== undefined).length <=
      1,
    { ...issue('balance.oneAtATime'), path: ['currentBalance'] },
  );
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const ACCOUNT_GROUP_NAME_MAX = 100;
/** The most account groups one user may have. */
export const ACCOUNT_GROUPS_MAX = 100;

export const accountGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentGroupId: z.number().int().nullable(),
  accountIds: z.array(z.number().int()),
});
export type AccountGroup = z.infer<typeof accountGroupSchema>;

const groupNameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(ACCOUNT_GROUP_NAME_MAX, issue('name.tooLong', { max: ACCOUNT_GROUP_NAME_MAX }));

export const createAccountGroupBodySchema = z.object({
  name: groupNameSchema,
  parentGroupId: idSchema.nullable().optional(),
});
export type CreateAccountGroupBody = z.infer<typeof createAccountGroupBodySchema>;

export const updateAccountGroupBodySchema = z
  .object({ name: groupNameSchema, parentGroupId: idSchema.nullable() })
  .partial();
export type UpdateAccountGroupBody = z.infer<typeof updateAccountGroupBodySchema>;

export const idParamsSchema = z.object({ id: idTextSchema });
