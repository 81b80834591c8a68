import {
  type Account,
  type CreateTransactionBody,
  createTransactionBodySchema,
  defaultPaymentType,
  PAYMENT_TYPES,
  type PaymentType,
  type Rate,
  type SplitPart,
  splitsIssue,
  type Transaction,
  type UpdateTransactionBody,
  updateTransactionBodySchema,
} from '@kopiyka/shared';
import { z } from 'zod';
import { OUT_OF_WALLET, selectableAccounts } from '../../../entities/accounts/account-select.tsx';
import { pad, wallTime, zonedInstant } from '../../../lib/dates.ts';
import { type FieldProblems, failWith, requireAmount } from '../../../lib/form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { amountText, formatMoney, readAmount } from '../../../lib/money.ts';
import type { DialogTarget } from '../../../stores/transaction-dialog-target.ts';

export const TRANSACTION_KINDS = ['expense', 'income', 'transfer'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** "Expense", "Income" or "Transfer", in the current language. */
export function kindLabel(kind: TransactionKind): string {
  return t(`transaction.kind.${kind}`);
}

/** The payment types in the order the form offers them, the usual ones first. */
export const PAYMENT_TYPE_CHOICES: readonly PaymentType[] = [
  'debitCard',
  'creditCard',
  'cash',
  'bankTransfer',
  'mobilePayment',
  'webPayment',
  'voucher',
];

export function paymentTypeLabel(type: PaymentType): string {
  return t(`transaction.payment.${type}`);
}

/** Bank imports keep their amount, time, account and type, and cannot be deleted. */
export function isBankTransaction(transaction: Pick<Transaction, 'externalId' | 'accountType'>): boolean {
  return transaction.externalId !== null || transaction.accountType === 'monobank';
}

export function kindOf(transaction: Pick<Transaction, 'transferNature' | 'transactionType'>): TransactionKind {
  return transaction.transferNature === 'not_transfer' ? transaction.transactionType : 'transfer';
}

const formValuesSchema = z.object({
  kind: z.enum(TRANSACTION_KINDS),
  /** As typed, in the currency of `accountId` (for a transfer: of the side that is an account, "From" first). */
  amount: z.string(),
  /** An account id; for a transfer the "From" side, which may be OUT_OF_WALLET; '' when not chosen. */
  accountId: z.string(),
  /** A transfer's "To" side: an account id or OUT_OF_WALLET. */
  toAccountId: z.string(),
  /** A transfer between accounts in different currencies: what arrives, in the currency of "To". */
  destinationAmount: z.string(),
  categoryId: z.number().nullable(),
  /** As a datetime-local field holds it, in the user's time zone. */
  time: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  note: z.string(),
  /** The budget it is assigned to by hand; null leaves it to the budgets' category rules. */
  budgetId: z.number().nullable(),
  /** For an income: the expense it refunds; sent only while the kind is income. */
  refundOfId: z.number().nullable(),
  /** The tags it carries. */
  tagIds: z.array(z.number()),
  /** The parts of an income or expense split among categories, amounts as typed; empty when not split. */
  splits: z.array(z.object({ categoryId: z.number().nullable(), amount: z.string(), note: z.string() })),
});
export type TransactionFormValues = z.infer<typeof formValuesSchema>;
export type SplitPartValues = TransactionFormValues['splits'][number];
export type TransactionFormField = keyof TransactionFormValues;
export const TRANSACTION_FORM_FIELDS: readonly TransactionFormField[] = formValuesSchema.keyof().options;

/**
 * A moment as a datetime-local field holds it: the wall time in the user's time zone to the minute
 * (the field itself knows only the browser's zone, which may be another).
 */
export function dateTimeLocal(time: string | Date): string {
  const { year, month, day, hour, minute } = wallTime(typeof time === 'string' ? new Date(time) : time);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

const DATE_TIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The moment a datetime-local value names in the user's time zone; null when it names none. */
export function readDateTimeLocal(value: string): Date | null {
  const parts = DATE_TIME_LOCAL.exec(value)
    ?.slice(1)
    .map((part) => Number(part ?? 0));
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  return zonedInstant({ year, month, day, hour, minute, second });
}

/** Where the form starts: a new expense on the given (or first usable) account, or the transaction as it is. */
export function initialFormValues(
  target: DialogTarget,
  accounts: readonly Account[],
  now = new Date(),
): TransactionFormValues {
  if (target.mode === 'edit') return editValues(target.transaction);
  if (target.queued) return queuedValues(target.queued.body, accounts);
  const usable = selectableAccounts(accounts);
  const account = usable.find((candidate) => candidate.id === target.accountId) ?? usable[0];
  return {
    kind: 'expense',
    amount: '',
    accountId: account ? String(account.id) : '',
    toAccountId: '',
    destinationAmount: '',
    categoryId: null,
    time: dateTimeLocal(now),
    paymentType: defaultPaymentType(account),
    note: '',
    budgetId: null,
    refundOfId: null,
    tagIds: [],
    splits: [],
  };
}

/** A note of a body as the form holds it: the contract takes any text there, or nothing. */
const textOf = (note: unknown) => (typeof note === 'string' ? note : '');

/**
 * The form of a transaction kept on this device to send later (issue 39), as it was filled in: the
 * body the form made, read back. A transfer is read from "From" to "To" as the form sends it.
 */
export function queuedValues(body: CreateTransactionBody, accounts: readonly Account[]): TransactionFormValues {
  // An account deleted since (why the server refused it, often) is left for the person to choose again.
  const known = (id: number) => (accounts.some((account) => account.id === id) ? String(id) : '');
  const side = (id: number | undefined) => (id === undefined ? OUT_OF_WALLET : known(id));
  const transfer = (body.transferNature ?? 'not_transfer') !== 'not_transfer';
  const income = body.transactionType === 'income';
  const payer = accounts.find((account) => account.id === body.accountId);
  const values: TransactionFormValues = {
    kind: transfer ? 'transfer' : body.transactionType,
    amount: amountText(body.amount),
    accountId: known(body.accountId),
    toAccountId: '',
    destinationAmount: '',
    categoryId: body.categoryId ?? null,
    time: dateTimeLocal(body.time ?? new Date()),
    paymentType: body.paymentType ?? defaultPaymentType(payer),
    note: textOf(body.note),
    budgetId: body.budgetId ?? null,
    refundOfId: body.refundOfId ?? null,
    tagIds: body.tagIds ?? [],
    splits: (body.splits ?? []).map((part) => ({
      categoryId: part.categoryId,
      amount: amountText(part.amount),
      note: textOf(part.note),
    })),
  };
  if (!transfer) return values;
  // Money leaving "From" is recorded as an expense of it; an income only comes from outside the wallet.
  values.accountId = income ? OUT_OF_WALLET : side(body.accountId);
  values.toAccountId = income ? side(body.accountId) : side(body.destinationAccountId);
  if (body.destinationAmount !== undefined) values.destinationAmount = amountText(body.destinationAmount);
  return values;
}

function editValues(transaction: Transaction): TransactionFormValues {
  const own = String(transaction.accountId);
  const values: TransactionFormValues = {
    kind: kindOf(transaction),
    amount: amountText(transaction.amount),
    accountId: own,
    toAccountId: '',
    destinationAmount: '',
    categoryId: transaction.categoryId,
    time: dateTimeLocal(transaction.time),
    paymentType: transaction.paymentType,
    note: transaction.note,
    budgetId: transaction.budgetId,
    refundOfId: transaction.refundOfId,
    tagIds: transaction.tagIds,
    splits: transaction.splits.map((part) => ({
      categoryId: part.categoryId,
      amount: amountText(part.amount),
      note: part.note,
    })),
  };
  if (values.kind !== 'transfer') return values;
  const incoming = transaction.transactionType === 'income';
  const other = transaction.destinationAccountId === null ? OUT_OF_WALLET : String(transaction.destinationAccountId);
  // The form reads a transfer from "From" to "To", whichever leg was opened.
  values.accountId = incoming ? other : own;
  values.toAccountId = incoming ? own : other;
  if (transaction.destinationAmount !== null) {
    const otherAmount = amountText(transaction.destinationAmount);
    values.amount = incoming ? otherAmount : amountText(transaction.amount);
    values.destinationAmount = incoming ? amountText(transaction.amount) : otherAmount;
  }
  return values;
}

const isAccount = (side: string) => side !== '' && side !== OUT_OF_WALLET;

/**
 * The form's values when the type changes, keeping what carries over: an income's account is where
 * a transfer arrives, an expense's is where it leaves from.
 */
export function switchKind(values: TransactionFormValues, next: TransactionKind): TransactionFormValues {
  const current = values.kind;
  if (current === next) return values;
  // A transfer has no categories: its parts go, the first one's category stays for a way back.
  if (next === 'transfer' && values.splits.length > 0) {
    return switchKind({ ...values, categoryId: values.splits[0]!.categoryId, splits: [] }, next);
  }
  if (next === 'transfer') {
    if (current === 'income') return { ...values, kind: next, accountId: '', toAccountId: values.accountId };
    return { ...values, kind: next };
  }
  if (current !== 'transfer') return { ...values, kind: next };
  const from = isAccount(values.accountId) ? values.accountId : '';
  const to = isAccount(values.toAccountId) ? values.toAccountId : '';
  const account = next === 'income' ? to || from : from || to;
  // What arrives is the income's amount when the two sides had different currencies.
  const amount =
    next === 'income' && account === to && values.destinationAmount !== '' ? values.destinationAmount : values.amount;
  return { ...values, kind: next, accountId: account, amount, destinationAmount: '' };
}

type CurrencyOf = (accountId: string) => string | undefined;

/**
 * The form's values when one side of a transfer (or the account) changes. The amount field is in
 * the currency of "From" while that is an account; when "From" stops or starts being one, the
 * amount that arrives moves between the two amount fields so it stays in its own currency.
 * `destinationKept` says the amount received was given, not worked out from a rate.
 */
export function changeAccount(
  values: TransactionFormValues,
  side: 'accountId' | 'toAccountId',
  value: string,
  currencyOf: CurrencyOf,
): { next: TransactionFormValues; destinationKept: boolean } {
  const next = { ...values, [side]: value };
  if (values.kind !== 'transfer') return { next, destinationKept: false };
  const before = amountCurrencies(values, currencyOf).destination;
  const after = amountCurrencies(next, currencyOf).destination;
  const fromWasAccount = isAccount(values.accountId);
  if (before && !after && fromWasAccount && !isAccount(next.accountId)) {
    return { next: { ...next, amount: values.destinationAmount, destinationAmount: '' }, destinationKept: false };
  }
  if (!before && after && !fromWasAccount) {
    return { next: { ...next, amount: '', destinationAmount: values.amount }, destinationKept: values.amount !== '' };
  }
  return { next, destinationKept: false };
}

/** The account that pays: the transaction's own, or the side of a transfer that is an account, "From" first. */
export function payingAccount(values: Pick<TransactionFormValues, 'kind' | 'accountId' | 'toAccountId'>): string {
  if (values.kind !== 'transfer' || isAccount(values.accountId)) return values.accountId;
  return values.toAccountId;
}

/** The currency each amount field is in. `destination` only when a transfer crosses currencies. */
export function amountCurrencies(
  values: Pick<TransactionFormValues, 'kind' | 'accountId' | 'toAccountId'>,
  currencyOf: CurrencyOf,
): { amount?: string; destination?: string } {
  if (values.kind !== 'transfer') return { amount: currencyOf(values.accountId) };
  const from = isAccount(values.accountId) ? currencyOf(values.accountId) : undefined;
  const to = isAccount(values.toAccountId) ? currencyOf(values.toAccountId) : undefined;
  if (from && to && from !== to) return { amount: from, destination: to };
  return { amount: from ?? to };
}

/**
 * How many `to` one `from` buys, from the rates list (each non-base currency against the base);
 * null when either rate is missing.
 */
export function crossRate(from: string, to: string, rates: readonly Rate[], baseCode: string): number | null {
  const toBase = (code: string) =>
    code === baseCode ? 1 : (rates.find((rate) => rate.baseCode === code && rate.quoteCode === baseCode)?.rate ?? null);
  const fromRate = toBase(from);
  const toRate = toBase(to);
  return fromRate === null || toRate === null || toRate === 0 ? null : fromRate / toRate;
}

export type FormContext = {
  currencyOf: CurrencyOf;
  /** The transaction being edited; absent when adding one. */
  original?: Transaction;
};

/**
 * What is left to assign of the amount among the parts (negative: assigned past it), in minor
 * units; null while the amount or a part's amount cannot be read.
 */
export function leftToAssign(values: Pick<TransactionFormValues, 'amount' | 'splits'>): number | null {
  const total = readAmount(values.amount);
  const parts = values.splits.map((part) => readAmount(part.amount));
  if (total.problem !== null || total.minor === null || parts.some((part) => part.problem !== null)) return null;
  return parts.reduce((left, part) => left - (part.minor ?? 0), total.minor);
}

/** The form split into two parts: the category chosen so far goes to the first, which takes the whole amount. */
export function startSplit(values: TransactionFormValues): TransactionFormValues {
  return {
    ...values,
    splits: [
      { categoryId: values.categoryId, amount: values.amount, note: '' },
      { categoryId: null, amount: '', note: '' },
    ],
  };
}

/** A part removed; one left joins them again, into its category. */
export function removePart(values: TransactionFormValues, index: number): TransactionFormValues {
  const splits = values.splits.filter((_, at) => at !== index);
  if (splits.length > 1) return { ...values, splits };
  return { ...values, categoryId: splits[0]?.categoryId ?? values.categoryId, splits: [] };
}

/** The parts as the body sends them, with what stops them from being sent (on the `splits` field). */
function splitParts(
  values: TransactionFormValues,
  amount: number | undefined,
  currency: string | undefined,
  problems: Plan['problems'],
): SplitPart[] | undefined {
  const parts = values.splits.map((part) => ({
    categoryId: part.categoryId,
    amount: readAmount(part.amount, { positive: true }),
    note: part.note,
  }));
  if (parts.some((part) => part.categoryId === null)) {
    problems.push(['splits', t('transaction.split.problem.category')]);
    return undefined;
  }
  const problem = parts.find((part) => part.amount.problem !== null)?.amount.problem;
  if (problem || parts.some((part) => part.amount.minor === null)) {
    problems.push(['splits', problem ?? t('transaction.split.problem.amount')]);
    return undefined;
  }
  const split = parts.map((part) => ({ categoryId: part.categoryId!, amount: part.amount.minor!, note: part.note }));
  if (amount !== undefined && splitsIssue(amount, split)) {
    const left = leftToAssign(values) ?? 0;
    const text = currency ? formatMoney(Math.abs(left), currency) : amountText(Math.abs(left));
    problems.push([
      'splits',
      left > 0
        ? t('transaction.split.problem.left', { amount: text })
        : t('transaction.split.problem.over', { amount: text }),
    ]);
  }
  return split;
}

/** Which side of a transfer the saved transaction sits on: the server's `accountId`. */
type Side = 'from' | 'to';

/** A body as the form builds it: fields it cannot fill yet are missing. */
type BodyDraft = Partial<CreateTransactionBody>;

type Plan = {
  body: BodyDraft;
  problems: FieldProblems<TransactionFormField>;
  /** Where the server's (or the contract's) issue about a body field belongs in the form. */
  fieldOf: (path: string) => TransactionFormField | null;
};

/** The body the form stands for, in full, with what stops it from being sent. */
function plan(values: TransactionFormValues, { currencyOf, original }: FormContext): Plan {
  const problems: Plan['problems'] = [];
  const when = readDateTimeLocal(values.time);
  if (!when) problems.push(['time', t('transaction.problem.time')]);
  const common = {
    paymentType: values.paymentType,
    // Times travel as ISO timestamps.
    time: when?.toISOString(),
    note: values.note,
    ...(values.budgetId !== null ? { budgetId: values.budgetId } : {}),
    ...(values.tagIds.length > 0 ? { tagIds: values.tagIds } : {}),
  };

  if (values.kind !== 'transfer') {
    const amount = requireAmount(values.amount, 'amount', t('transaction.problem.amount'), problems);
    if (values.accountId === '') problems.push(['accountId', t('transaction.problem.account')]);
    const split = values.splits.length > 0;
    if (!split && values.categoryId === null) problems.push(['categoryId', t('transaction.problem.category')]);
    const body: BodyDraft = {
      ...common,
      amount,
      transactionType: values.kind,
      accountId: values.accountId === '' ? undefined : Number(values.accountId),
      // A split transaction takes its largest part's category: the parts say it.
      categoryId: split ? undefined : (values.categoryId ?? undefined),
      transferNature: 'not_transfer',
      ...(values.kind === 'income' && values.refundOfId !== null ? { refundOfId: values.refundOfId } : {}),
      splits: split ? splitParts(values, amount, currencyOf(values.accountId), problems) : [],
    };
    return { body, problems, fieldOf: (path) => fieldFor(path, 'from', false) };
  }

  const from = values.accountId;
  const to = values.toAccountId;
  if (from === '') problems.push(['accountId', t('transaction.problem.from')]);
  if (to === '') problems.push(['toAccountId', t('transaction.problem.to')]);
  if (from === OUT_OF_WALLET && to === OUT_OF_WALLET) {
    problems.push(['toAccountId', t('transaction.problem.bothOutside')]);
  } else if (isAccount(from) && from === to) {
    problems.push(['toAccountId', t('transaction.problem.sameAccount')]);
  }
  const { destination } = amountCurrencies(values, currencyOf);
  const cross = destination !== undefined;
  const amount = requireAmount(values.amount, 'amount', t('transaction.problem.amount'), problems);
  const destinationAmount = cross
    ? requireAmount(
        values.destinationAmount,
        'destinationAmount',
        t('transaction.problem.destinationAmount', { currency: destination }),
        problems,
      )
    : undefined;

  // An edited income leg stays the income leg; otherwise the money is recorded leaving "From".
  let anchor: Side = original?.transactionType === 'income' ? 'to' : 'from';
  if ((anchor === 'from' ? from : to) === OUT_OF_WALLET) anchor = anchor === 'from' ? 'to' : 'from';
  const [own, other] = anchor === 'from' ? [from, to] : [to, from];
  const between = isAccount(own) && isAccount(other);
  const body: BodyDraft = {
    ...common,
    transactionType: anchor === 'from' ? 'expense' : 'income',
    accountId: isAccount(own) ? Number(own) : undefined,
    amount: anchor === 'to' && cross ? destinationAmount : amount,
    transferNature: between ? 'transfer_between_user_accounts' : 'transfer_out_wallet',
  };
  if (between) {
    body.destinationAccountId = Number(other);
    // Same currency: the server takes the amount for both legs.
    if (cross) body.destinationAmount = anchor === 'from' ? destinationAmount : amount;
  }
  return { body, problems, fieldOf: (path) => fieldFor(path, anchor, cross) };
}

function fieldFor(path: string, anchor: Side, cross: boolean): TransactionFormField | null {
  const field = path.split('.')[0] ?? '';
  switch (field) {
    case 'transactionType':
    case 'transferNature':
      return 'kind';
    case 'accountId':
      return anchor === 'to' ? 'toAccountId' : 'accountId';
    case 'destinationAccountId':
      return anchor === 'to' ? 'accountId' : 'toAccountId';
    case 'amount':
      return anchor === 'to' && cross ? 'destinationAmount' : 'amount';
    case 'destinationAmount':
      return anchor === 'to' ? 'amount' : 'destinationAmount';
    default:
      return (TRANSACTION_FORM_FIELDS as readonly string[]).includes(field) ? (field as TransactionFormField) : null;
  }
}

/**
 * What an edit changes: the fields whose value differs from the transaction's own. The destination
 * of a transfer travels whole whenever the transfer's shape changes, since the server needs the
 * amount again for a new account.
 */
function changes(next: BodyDraft, before: BodyDraft): UpdateTransactionBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'tagIds') continue;
    if (key === 'splits') continue;
    if (value !== undefined && value !== before[key as keyof CreateTransactionBody]) body[key] = value;
  }
  // Parts travel whole when they change, and with a new amount (which they must add up to); joined
  // again, the category they leave is sent with them.
  const parts = next.splits ?? [];
  const partsBefore = before.splits ?? [];
  if (JSON.stringify(parts) !== JSON.stringify(partsBefore) || (parts.length > 0 && 'amount' in body)) {
    body.splits = parts;
    if (parts.length === 0 && next.categoryId !== undefined) body.categoryId = next.categoryId;
  }
  // Taking it out of its budget is the one change sent as null.
  if (before.budgetId != null && next.budgetId === undefined) body.budgetId = null;
  // So is unlinking a refund (also when it stops being an income).
  if (before.refundOfId != null && next.refundOfId === undefined) body.refundOfId = null;
  // Tags travel whole, in any order, when they differ from the transaction's (none: an empty list).
  const tagKey = (ids: readonly number[] | undefined) => [...(ids ?? [])].sort((a, b) => a - b).join(',');
  if (tagKey(next.tagIds) !== tagKey(before.tagIds)) body.tagIds = next.tagIds ?? [];
  const reshaped = ['transferNature', 'accountId', 'destinationAccountId'].some((key) => key in body);
  if (next.transferNature === 'transfer_between_user_accounts' && reshaped) {
    body.destinationAccountId = next.destinationAccountId;
    if (next.destinationAmount !== undefined) body.destinationAmount = next.destinationAmount;
  }
  return body as UpdateTransactionBody;
}

export type TransactionRequest =
  | { kind: 'create'; body: CreateTransactionBody }
  | { kind: 'update'; id: number; body: UpdateTransactionBody };

export type TransactionFormResult = {
  /** Null when an edit changes nothing. */
  request: TransactionRequest | null;
  fieldOf: Plan['fieldOf'];
};

/**
 * Checks the form with the shared contract and turns it into the call to make, so the form says
 * what the server would before anything is sent.
 */
export function transactionFormSchema(context: FormContext) {
  return formValuesSchema.transform((values, ctx): TransactionFormResult => {
    const { body, problems, fieldOf } = plan(values, context);
    const fail = (issues: Plan['problems']) => failWith(ctx, issues);
    if (problems.length > 0) return fail(problems);

    const { original } = context;
    const { splits, ...unsplit } = body;
    const request: TransactionRequest = original
      ? { kind: 'update', id: original.id, body: changes(body, plan(editValues(original), context).body) }
      : { kind: 'create', body: (splits?.length ? body : unsplit) as CreateTransactionBody };
    const checked =
      request.kind === 'update'
        ? updateTransactionBodySchema.safeParse(request.body)
        : createTransactionBodySchema.safeParse(request.body);
    if (!checked.success) {
      // Every field of the body has a place in the form; the type selector takes anything else.
      return fail(checked.error.issues.map((issue) => [fieldOf(issue.path.join('.')) ?? 'kind', issue.message]));
    }
    if (request.kind === 'update' && Object.keys(request.body).length === 0) return { request: null, fieldOf };
    return { request, fieldOf };
  });
}
