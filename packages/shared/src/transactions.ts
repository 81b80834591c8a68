import { z } from 'zod';
import { ACCOUNT_TYPES } from './accounts.ts';
import { idSchema, idTextSchema } from './ids.ts';
import { customIssue, issue } from './issues.ts';
import { MAX_MINOR_AMOUNT, signedMinorAmountSchema } from './money.ts';
import { queryFlagSchema, queryIntegerSchema, queryListSchema } from './query.ts';
import { TRANSACTION_TAGS_MAX } from './tags.ts';
import { freeText } from './text.ts';
import { timeSchema } from './time.ts';

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSFER_NATURES = ['not_transfer', 'transfer_between_user_accounts', 'transfer_out_wallet'] as const;
export type TransferNature = (typeof TRANSFER_NATURES)[number];

export const PAYMENT_TYPES = [
  'bankTransfer',
  'voucher',
  'webPayment',
  'cash',
  'mobilePayment',
  'creditCard',
  'debitCard',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * A cash account pays in cash, any other by debit card, unless the form says
 * otherwise. The server fills it in when a new transaction has none; the form starts with it.
 */
export function defaultPaymentType(account: { accountCategory: string } | undefined): PaymentType {
  return account?.accountCategory === 'cash' ? 'cash' : 'debitCard';
}

export const NOTE_MAX = 1000;
export const TRANSACTIONS_PAGE_MAX = 200;
export const TRANSACTIONS_PAGE_DEFAULT = 20;

/** Amounts are positive minor units; the direction comes from the transaction type. */
export const positiveMinorAmountSchema = signedMinorAmountSchema.positive(issue('value.positive'));

/** A part of a split income or expense: its category, its share of the amount and of refAmount. */
export const transactionSplitSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  amount: z.number().int(),
  refAmount: z.number().int(),
  note: z.string(),
});
export type TransactionSplit = z.infer<typeof transactionSplitSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  refAmount: z.number().int(),
  transactionType: z.enum(TRANSACTION_TYPES),
  paymentType: z.enum(PAYMENT_TYPES),
  time: z.iso.datetime(),
  note: z.string(),
  accountId: z.number().int(),
  accountType: z.enum(ACCOUNT_TYPES),
  categoryId: z.number().int().nullable(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  refCurrencyCode: z.string(),
  transferNature: z.enum(TRANSFER_NATURES),
  transferId: z.number().int().nullable(),
  /** For a leg of a transfer between accounts: the amount of the other leg, in its currency. */
  destinationAmount: z.number().int().nullable(),
  /** For a leg of a transfer between accounts: the account of the other leg. */
  destinationAccountId: z.number().int().nullable(),
  cashbackAmount: z.number().int(),
  commissionRate: z.number().int(),
  refCommissionRate: z.number().int(),
  budgetId: z.number().int().nullable(),
  /** For an income: the caller's expense it gives money back of (a refund), else null. */
  refundOfId: z.number().int().nullable(),
  /** For an expense: its refunds' `refAmount`s added up (0 when none); fully refunded when it reaches `refAmount`. */
  refundedRefAmount: z.number().int(),
  /** The caller's tags it carries, in ascending id order. */
  tagIds: z.array(z.number().int()),
  /** The parts of a split transaction, in order; empty when it is not split. */
  splits: z.array(transactionSplitSchema),
  externalId: z.string().nullable(),
  /** The file import that brought it in (POST /imports), else null: entered by hand, from a bank or restored. */
  importId: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** The note defaults to empty; null, which the original client sends for a note left empty, is empty too. */
export const noteSchema = z.preprocess(
  (note) => (note === null ? '' : note),
  freeText(z.string(issue('note.notText')), 'note', { multiline: true }).max(
    NOTE_MAX,
    issue('note.tooLong', { max: NOTE_MAX }),
  ),
);

export const tagIdsSchema = z
  .array(idSchema)
  .max(TRANSACTION_TAGS_MAX, issue('tagIds.tooMany', { max: TRANSACTION_TAGS_MAX }));

export const SPLIT_PARTS_MIN = 2;
export const SPLIT_PARTS_MAX = 50;

const splitPartSchema = z.object({
  categoryId: idSchema,
  amount: positiveMinorAmountSchema,
  note: noteSchema.default(''),
});
export type SplitPart = z.output<typeof splitPartSchema>;

/**
 * The parts a transaction is split into: two or more (none joins them again). That they add up to
 * the amount is checked where the amount is known (splitsIssue).
 */
const splitsSchema = z
  .array(splitPartSchema)
  .max(SPLIT_PARTS_MAX, issue('splits.tooMany', { max: SPLIT_PARTS_MAX }))
  .refine(
    (parts) => parts.length === 0 || parts.length >= SPLIT_PARTS_MIN,
    issue('splits.tooFew', { min: SPLIT_PARTS_MIN }),
  );

/** What is wrong with parts of `amount`, if anything: the one check of their sum, for the API and the form. */
export function splitsIssue(amount: number, parts: ReadonlyArray<{ amount: number }>) {
  return parts.length > 0 && parts.reduce((sum, part) => sum + part.amount, 0) !== amount
    ? ('splits.sum' as const)
    : null;
}

/** The part whose category the transaction takes: the largest, the first of equals. */
export function largestPart<P extends { amount: number }>(parts: readonly P[]): P | undefined {
  return parts.reduce<P | undefined>(
    (largest, part) => (largest && largest.amount >= part.amount ? largest : part),
    undefined,
  );
}

const transactionFields = {
  amount: positiveMinorAmountSchema,
  transactionType: z.enum(TRANSACTION_TYPES),
  paymentType: z.enum(PAYMENT_TYPES),
  accountId: idSchema,
  time: timeSchema,
  note: noteSchema,
  categoryId: idSchema.nullable(),
  transferNature: z.enum(TRANSFER_NATURES),
  destinationAccountId: idSchema,
  destinationAmount: positiveMinorAmountSchema,
  budgetId: idSchema.nullable(),
  /** The expense this income refunds; null (on PUT) unlinks it. */
  refundOfId: idSchema.nullable(),
  /** The caller's tags; the transaction carries exactly these (a repeated id counts once). */
  tagIds: tagIdsSchema,
  splits: splitsSchema,
};

export const createTransactionBodySchema = z.object({
  ...transactionFields,
  paymentType: transactionFields.paymentType.optional(),
  time: transactionFields.time.optional(),
  note: transactionFields.note.default(''),
  categoryId: transactionFields.categoryId.optional(),
  transferNature: transactionFields.transferNature.default('not_transfer'),
  destinationAccountId: transactionFields.destinationAccountId.optional(),
  destinationAmount: transactionFields.destinationAmount.optional(),
  budgetId: transactionFields.budgetId.optional(),
  refundOfId: transactionFields.refundOfId.optional(),
  tagIds: transactionFields.tagIds.optional(),
  splits: transactionFields.splits.optional(),
});
export type CreateTransactionBody = z.input<typeof createTransactionBodySchema>;
export type NewTransaction = z.output<typeof createTransactionBodySchema>;

export const updateTransactionBodySchema = z.object(transactionFields).partial();
export type UpdateTransactionBody = z.infer<typeof updateTransactionBodySchema>;

const idListSchema = queryListSchema(z.array(idTextSchema).min(1).max(200));
const minorQuerySchema = queryIntegerSchema(z.number(issue('value.notNumber')).int().min(0).max(MAX_MINOR_AMOUNT));

/** `<time>_<id>` of the last row seen: an ISO timestamp and a transaction id. */
const cursorSchema = z.string().transform((cursor, ctx) => {
  const split = cursor.lastIndexOf('_');
  const time = timeSchema.safeParse(cursor.slice(0, split));
  const id = idTextSchema.safeParse(cursor.slice(split + 1));
  if (split < 0 || !time.success || !id.success) {
    ctx.addIssue(customIssue('value.cursor'));
    return z.NEVER;
  }
  return { time: time.data, id: id.data };
});

const searchTextSchema = freeText(z.string().trim(), 'search', { multiline: true })
  .max(200)
  .transform((text) => text || undefined);

/** What the list filters by: GET /transactions and its CSV export take the same filters. */
const transactionFilterFields = {
  startDate: timeSchema.optional(),
  endDate: timeSchema.optional(),
  amountGte: minorQuerySchema.optional(),
  amountLte: minorQuerySchema.optional(),
  transactionType: z.enum(TRANSACTION_TYPES).optional(),
  accountIds: idListSchema.optional(),
  categoryIds: idListSchema.optional(),
  /** Carrying any of these tags. */
  tagIds: idListSchema.optional(),
  /** Members of any of these budgets (a budget's page). */
  budgetIds: idListSchema.optional(),
  /** Leaves out the members of this budget (the "add transactions" picker). */
  excludeBudgetId: idTextSchema.optional(),
  excludeTransfer: queryFlagSchema.optional(),
  /** Only spaces search for nothing: no filter, like an empty value. */
  noteSearch: searchTextSchema.optional(),
  /**
   * Words (split on spaces), each found in the note, the bank's description, the category name or
   * the account name (of a split row, a part's note or category name too), whatever the case in any
   * script; `%` and `_` are plain characters.
   */
  search: searchTextSchema.transform((text) => text?.split(/\s+/)).optional(),
};
type TransactionFilters = z.output<z.ZodObject<typeof transactionFilterFields>>;

/** The checks across filters; zod 4 cannot pick fields of a refined object, so each query applies them. */
function withFilterChecks<S extends z.ZodType<TransactionFilters>>(schema: S) {
  return schema
    .refine((q) => q.amountGte === undefined || q.amountLte === undefined || q.amountGte <= q.amountLte, {
      ...issue('filter.amountOrder'),
      path: ['amountGte'],
    })
    .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
      ...issue('filter.dateOrder'),
      path: ['startDate'],
    });
}

export const transactionsQuerySchema = withFilterChecks(
  z.object({
    /** Offset: how many transactions to skip. */
    from: queryIntegerSchema(z.number().int().min(0).max(100_000)).default(0),
    limit: queryIntegerSchema(z.number().int().min(1).max(TRANSACTIONS_PAGE_MAX)).default(TRANSACTIONS_PAGE_DEFAULT),
    /**
     * Keyset paging for infinite scroll: `<time ISO>_<id>` of the last row seen; the page starts
     * right after it in the chosen order. Use instead of `from`.
     */
    cursor: cursorSchema.optional(),
    ...transactionFilterFields,
    order: z.enum(['desc', 'asc']).default('desc'),
  }),
);
export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

/** GET /transactions/export: every row the list's filters match (no paging), oldest first, as CSV. */
export const exportTransactionsQuerySchema = withFilterChecks(
  z.object({ format: z.literal('csv', issue('format.onlyCsv')), ...transactionFilterFields }),
);
export type ExportTransactionsQuery = z.output<typeof exportTransactionsQuerySchema>;

export const transactionIdParamsSchema = z.object({ txId: idTextSchema });

export const linkTransactionsBodySchema = z.object({
  ids: z
    .array(z.tuple([idSchema, idSchema]))
    .min(1, issue('pair.required'))
    .max(100),
});
export type LinkTransactionsBody = z.infer<typeof linkTransactionsBodySchema>;

export const unlinkTransactionsBodySchema = z.object({
  transferIds: z.array(idSchema).min(1, issue('transfer.idRequired')).max(100),
});
export type UnlinkTransactionsBody = z.infer<typeof unlinkTransactionsBodySchema>;

/**
 * A refund link: an expense and an income that gives (some of) its money back. `id` is the
 * refund's transaction id, so a link is named by the side that makes it.
 */
export const transactionRefundSchema = z.object({
  id: z.number().int(),
  originalTxId: z.number().int(),
  refundTxId: z.number().int(),
  originalTransaction: transactionSchema,
  refundTransaction: transactionSchema,
});
export type TransactionRefund = z.infer<typeof transactionRefundSchema>;

/** The most transactions one bulk change takes. */
export const BULK_IDS_MAX = 1000;

/** POST /transactions/bulk: the same change to many transactions, or their deletion, all at once. */
export const bulkTransactionsBodySchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1, issue('transaction.required'))
      .max(BULK_IDS_MAX, issue('bulk.tooMany', { max: BULK_IDS_MAX })),
    set: z
      .object({
        categoryId: idSchema,
        addTagIds: tagIdsSchema,
        removeTagIds: tagIdsSchema,
        note: noteSchema,
      })
      .partial()
      .refine((set) => Object.values(set).some((value) => value !== undefined), issue('bulk.nothingToSet'))
      .optional(),
    delete: z.literal(true).optional(),
  })
  .refine((body) => (body.set === undefined) !== (body.delete === undefined), {
    ...issue('bulk.oneAction'),
    path: ['set'],
  });
export type BulkTransactionsBody = z.input<typeof bulkTransactionsBodySchema>;
export type BulkTransactionsChange = z.output<typeof bulkTransactionsBodySchema>;

/**
 * Why a transaction of a bulk change was left (partly) as it was: a transfer's leg and a split
 * transaction keep their category, a bank transaction is not deleted, and a transaction the added
 * tags would take past TRANSACTION_TAGS_MAX keeps the tags it has.
 */
export const BULK_SKIP_REASONS = ['transfer', 'split', 'bank', 'tags'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

export const bulkTransactionsResponseSchema = z.object({
  /** Transactions that took at least one of the changes. */
  updated: z.number().int(),
  /** Transactions deleted, the other legs of deleted transfers included. */
  deleted: z.number().int(),
  /** Each transaction a change (or the deletion) left alone, with why. */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.enum(BULK_SKIP_REASONS) })),
});
export type BulkTransactionsResult = z.infer<typeof bulkTransactionsResponseSchema>;
