import {
  type Account,
  type CreateRecurringBody,
  createRecurringBodySchema,
  INSTALMENTS_MAX,
  INSTALMENTS_MIN,
  instalmentParts,
  type NewRecurring,
  nextOccurrence,
  occurrenceDate,
  occurrencesWithin,
  PAYMENT_TYPES,
  RECURRING_FREQUENCIES,
  RECURRING_KINDS,
  type Recurring,
  type RecurringFrequency,
  type RecurringSuggestion,
  type Rhythm,
  type Transaction,
  type UpdateRecurringBody,
  updateRecurringBodySchema,
} from '@kopiyka/shared';
import { z } from 'zod';
import { selectableAccounts } from '../../../entities/accounts/account-select.tsx';
import { purchaseInParts } from '../../../entities/transactions/purchase-in-parts.ts';
import type { DayKey } from '../../../lib/dates.ts';
import { type FieldProblems, failWith, requireAmount } from '../../../lib/form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { amountText, readAmount } from '../../../lib/money.ts';
import { addDays, dayKey } from '../../../lib/periods.ts';
import type { RecurringDialogTarget } from '../../../stores/recurring-dialog-target.ts';

/** What each occurrence is: the transaction types, and a transfer between two of the person's accounts. */
export const RECURRING_TYPES = ['expense', 'income', 'transfer'] as const;
export type RecurringType = (typeof RECURRING_TYPES)[number];

/** How a schedule ends: never, after a day, or after so many occurrences. */
export const RECURRING_ENDS = ['never', 'onDate', 'afterCount'] as const;
export type RecurringEnd = (typeof RECURRING_ENDS)[number];

const formValuesSchema = z.object({
  kind: z.enum(RECURRING_KINDS),
  type: z.enum(RECURRING_TYPES),
  name: z.string(),
  /** As typed, in the currency of `accountId`: each occurrence's amount, or an instalment plan's total. */
  amount: z.string(),
  /** An account id; for a transfer the account the money leaves; '' when not chosen. */
  accountId: z.string(),
  /** A transfer's account the money goes to. */
  toAccountId: z.string(),
  /** A transfer between accounts in different currencies: what arrives, in the currency of "To". */
  destinationAmount: z.string(),
  categoryId: z.number().nullable(),
  note: z.string(),
  tagIds: z.array(z.number()),
  /** Kept as it was (an edit, or the transaction it was made from); null lets the server take the account's usual one. */
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  /** Every how many days, weeks, months or years, as typed. */
  interval: z.string(),
  /** Days as date fields hold them, YYYY-MM-DD. */
  startDate: z.string(),
  ends: z.enum(RECURRING_ENDS),
  endDate: z.string(),
  /** As typed: after how many occurrences a schedule ends, or how many parts an instalment plan has. */
  count: z.string(),
  /** Each occurrence waits to be confirmed or skipped instead of being recorded on its day. */
  confirm: z.boolean(),
  /** Paused: nothing is recorded or forecast until it is resumed. */
  archived: z.boolean(),
});
export type RecurringFormValues = z.infer<typeof formValuesSchema>;
export type RecurringFormField = keyof RecurringFormValues;
export const RECURRING_FORM_FIELDS: readonly RecurringFormField[] = formValuesSchema.keyof().options;

/** The instalment plans' usual number of parts (Monobank's too), to start from. */
const DEFAULT_PARTS = 3;

/**
 * The manual account a schedule of `accountId`'s money records on: that one when it takes manual
 * entries, else one in its currency, else the first. A bank account takes only what the bank sends.
 */
export function manualAccountFor(accounts: readonly Account[], accountId: number | null): Account | undefined {
  const usable = selectableAccounts(accounts);
  const currency = accounts.find((account) => account.id === accountId)?.currencyCode;
  return (
    usable.find((account) => account.id === accountId) ??
    usable.find((account) => account.currencyCode === currency) ??
    usable[0]
  );
}

/**
 * Where a schedule made from a transaction of `day` starts: the rhythm's first day after it (a
 * month after a monthly one), and not before today, since the days between were most likely
 * recorded already and an automatic schedule would record them again.
 */
export function startAfter(day: DayKey, frequency: RecurringFrequency, interval: number, today: DayKey): DayKey {
  const rhythm = { frequency, interval, startDate: day };
  // A rhythm without an end always has a next day.
  return nextOccurrence(rhythm, today > day ? today : addDays(day, 1))?.date ?? occurrenceDate(rhythm, 1);
}

function blankValues(accounts: readonly Account[], today: DayKey): RecurringFormValues {
  const account = selectableAccounts(accounts)[0];
  return {
    kind: 'schedule',
    type: 'expense',
    name: '',
    amount: '',
    accountId: account ? String(account.id) : '',
    toAccountId: '',
    destinationAmount: '',
    categoryId: null,
    note: '',
    tagIds: [],
    paymentType: null,
    frequency: 'month',
    interval: '1',
    startDate: today,
    ends: 'never',
    endDate: '',
    count: '',
    confirm: false,
    archived: false,
  };
}

function editValues(recurring: Recurring): RecurringFormValues {
  const { template, schedule } = recurring;
  const instalments = recurring.kind === 'instalments';
  let ends: RecurringEnd = 'never';
  if (schedule.count !== null) ends = 'afterCount';
  else if (schedule.endDate !== null) ends = 'onDate';
  return {
    kind: recurring.kind,
    type: template.destinationAccountId === null ? template.transactionType : 'transfer',
    name: recurring.name,
    amount: amountText(instalments ? (recurring.total ?? 0) : template.amount),
    accountId: String(template.accountId),
    toAccountId: template.destinationAccountId === null ? '' : String(template.destinationAccountId),
    destinationAmount: template.destinationAmount === null ? '' : amountText(template.destinationAmount),
    categoryId: template.categoryId,
    note: template.note,
    tagIds: template.tagIds,
    paymentType: template.paymentType,
    frequency: schedule.frequency,
    interval: String(schedule.interval),
    startDate: schedule.startDate,
    ends: instalments ? 'never' : ends,
    endDate: schedule.endDate ?? '',
    count: schedule.count === null ? '' : String(schedule.count),
    confirm: recurring.mode === 'confirm',
    archived: recurring.archived,
  };
}

/**
 * A transaction made regular: the same money on the same accounts (a manual one in place of a
 * bank's), named by its note or its category, every month from a month after it (see startAfter).
 * A transfer reads from the account the money left, whichever leg was opened.
 */
function transactionValues(
  transaction: Transaction,
  accounts: readonly Account[],
  categoryName: (id: number) => string | undefined,
  today: DayKey,
): RecurringFormValues {
  const values = blankValues(accounts, today);
  const transfer = transaction.transferNature === 'transfer_between_user_accounts';
  const incoming = transaction.transactionType === 'income';
  const usable = new Set(selectableAccounts(accounts).map((account) => String(account.id)));
  const own = String(transaction.accountId);
  const other = String(transaction.destinationAccountId ?? '');
  const otherAmount = transaction.destinationAmount === null ? '' : amountText(transaction.destinationAmount);
  const ownAmount = amountText(transaction.amount);
  const name =
    transaction.note ||
    (transaction.categoryId === null || transfer ? undefined : categoryName(transaction.categoryId)) ||
    '';
  const common = {
    name,
    // From a bank account it records on a manual one, and asks first: the bank brings the payment itself.
    confirm: transaction.accountType === 'monobank',
    note: transaction.note,
    tagIds: transaction.tagIds,
    paymentType: transaction.paymentType,
    startDate: startAfter(dayKey(transaction.time), 'month', 1, today),
  };
  if (transfer) {
    const [from, to] = incoming ? [other, own] : [own, other];
    return {
      ...values,
      ...common,
      type: 'transfer',
      accountId: usable.has(from) ? from : '',
      toAccountId: usable.has(to) ? to : '',
      amount: incoming && otherAmount ? otherAmount : ownAmount,
      destinationAmount: incoming ? otherAmount && ownAmount : otherAmount,
    };
  }
  const account = manualAccountFor(accounts, transaction.accountId);
  return {
    ...values,
    ...common,
    type: transaction.transactionType,
    amount: ownAmount,
    accountId: account ? String(account.id) : '',
    categoryId: transaction.categoryId,
  };
}

/**
 * A rhythm found in the history made a schedule, from the day its next payment would come. Found
 * on a bank account, it records on a manual one, and asks first: the bank brings the payment
 * itself, so the person says each time whether it belongs on their own account too.
 */
function suggestionValues(
  suggestion: RecurringSuggestion,
  accounts: readonly Account[],
  today: DayKey,
): RecurringFormValues {
  const account = manualAccountFor(accounts, suggestion.accountId);
  const bank = accounts.find((candidate) => candidate.id === suggestion.accountId)?.type === 'monobank';
  return {
    ...blankValues(accounts, today),
    type: suggestion.transactionType,
    name: suggestion.name,
    amount: amountText(suggestion.amount),
    accountId: account ? String(account.id) : '',
    categoryId: suggestion.categoryId,
    frequency: suggestion.frequency,
    startDate: suggestion.nextDate,
    confirm: bank,
  };
}

/**
 * A purchase in parts made an instalment plan: its price in the usual number of parts, named after
 * the shop, the first part a month after the purchase even when that day is past (a part past
 * waits to be confirmed or skipped). From a bank account it asks first, as any schedule made from
 * a bank's payment does (transactionValues).
 */
function purchaseValues(transaction: Transaction, values: RecurringFormValues): RecurringFormValues {
  const plan = switchRecurringKind(values, 'instalments');
  const purchase = purchaseInParts(transaction);
  return purchase ? { ...plan, name: purchase.name, startDate: purchase.firstDay } : plan;
}

/** Where the dialog's form starts for `target`. */
export function initialRecurringValues(
  target: RecurringDialogTarget,
  accounts: readonly Account[],
  categoryName: (id: number) => string | undefined,
  today: DayKey,
): RecurringFormValues {
  if (target.mode === 'edit') return editValues(target.recurring);
  const from = target.from;
  if (!from) return blankValues(accounts, today);
  if ('suggestion' in from) return suggestionValues(from.suggestion, accounts, today);
  const values = transactionValues(from.transaction, accounts, categoryName, today);
  return from.kind === 'instalments' ? purchaseValues(from.transaction, values) : values;
}

/** The form's values for another kind: an instalment plan starts with a few parts and is never a transfer. */
export function switchRecurringKind(
  values: RecurringFormValues,
  kind: RecurringFormValues['kind'],
): RecurringFormValues {
  if (kind === values.kind) return values;
  if (kind === 'schedule') return { ...values, kind, count: values.ends === 'afterCount' ? values.count : '' };
  return {
    ...values,
    kind,
    type: values.type === 'transfer' ? 'expense' : values.type,
    count: values.count || String(DEFAULT_PARTS),
  };
}

/** A whole number as typed; NaN when it is none, for the contract to refuse. */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

type CurrencyOf = (accountId: string) => string | undefined;

/** The currency of each amount field: `destination` only for a transfer across currencies. */
export function recurringCurrencies(
  values: Pick<RecurringFormValues, 'type' | 'accountId' | 'toAccountId'>,
  currencyOf: CurrencyOf,
): { amount?: string; destination?: string } {
  const amount = currencyOf(values.accountId);
  const destination = values.type === 'transfer' ? currencyOf(values.toAccountId) : undefined;
  return { amount, destination: amount && destination && destination !== amount ? destination : undefined };
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The rhythm the form stands for, when it can be read: what the dialog previews. */
export function formRhythm(values: RecurringFormValues): Rhythm | null {
  if (!DAY_PATTERN.test(values.startDate)) return null;
  if (values.kind === 'instalments') {
    const count = wholeNumber(values.count);
    if (!(count >= INSTALMENTS_MIN && count <= INSTALMENTS_MAX)) return null;
    return { frequency: 'month', interval: 1, startDate: values.startDate, count };
  }
  const interval = wholeNumber(values.interval);
  if (!(interval >= 1)) return null;
  const count = values.ends === 'afterCount' ? wholeNumber(values.count) : null;
  return {
    frequency: values.frequency,
    interval,
    startDate: values.startDate,
    endDate: values.ends === 'onDate' && DAY_PATTERN.test(values.endDate) ? values.endDate : null,
    count: Number.isNaN(count) ? null : count,
  };
}

/** The first few days the schedule falls on, for the person to see before saving. */
export function firstDates(values: RecurringFormValues, limit = 3): DayKey[] {
  const rhythm = formRhythm(values);
  return rhythm ? occurrencesWithin(rhythm, rhythm.startDate, '9999-12-31', limit).map(({ date }) => date) : [];
}

/** An instalment plan's parts, each on its day: equal, the remainder in the last. Empty until it can be read. */
export function instalmentSchedule(values: RecurringFormValues): Array<{ date: DayKey; amount: number }> {
  const rhythm = formRhythm(values);
  const { minor } = readAmount(values.amount, { positive: true });
  if (!rhythm?.count || minor === null || Number.isNaN(minor) || minor < rhythm.count) return [];
  return instalmentParts(minor, rhythm.count).map((amount, index) => ({
    date: occurrenceDate(rhythm, index),
    amount,
  }));
}

/** Where an issue about a field of the API's body belongs in the form. */
const FIELD_OF: Record<string, RecurringFormField> = {
  name: 'name',
  kind: 'kind',
  mode: 'confirm',
  archived: 'archived',
  total: 'amount',
  count: 'count',
  template: 'amount',
  'template.amount': 'amount',
  'template.transactionType': 'type',
  'template.paymentType': 'accountId',
  'template.accountId': 'accountId',
  'template.categoryId': 'categoryId',
  'template.note': 'note',
  'template.tagIds': 'tagIds',
  'template.destinationAccountId': 'toAccountId',
  'template.destinationAmount': 'destinationAmount',
  // The template is checked as its first occurrence: a day without a rate is the start's.
  'template.time': 'startDate',
  schedule: 'startDate',
  'schedule.frequency': 'frequency',
  'schedule.interval': 'interval',
  'schedule.startDate': 'startDate',
  'schedule.endDate': 'endDate',
  'schedule.count': 'count',
};

/** The form's field for an issue's path (`template.tagIds.0`), by its longest known start. */
export function recurringFieldOf(path: string): RecurringFormField | null {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length--) {
    const field = FIELD_OF[parts.slice(0, length).join('.')];
    if (field) return field;
  }
  return null;
}

type Problems = FieldProblems<RecurringFormField>;

/** The body of POST /recurring the form stands for, with what stops it from being sent. */
function plan(values: RecurringFormValues, currencyOf: CurrencyOf): { body: CreateRecurringBody; problems: Problems } {
  const problems: Problems = [];
  const transfer = values.type === 'transfer';
  const instalments = values.kind === 'instalments';
  const amount = requireAmount(values.amount, 'amount', t('transaction.problem.amount'), problems);
  if (values.accountId === '') {
    problems.push(['accountId', t(transfer ? 'transaction.problem.from' : 'transaction.problem.account')]);
  }
  if (transfer && values.toAccountId === '') problems.push(['toAccountId', t('transaction.problem.to')]);
  else if (transfer && values.toAccountId === values.accountId) {
    problems.push(['toAccountId', t('transaction.problem.sameAccount')]);
  }
  if (!transfer && values.categoryId === null) problems.push(['categoryId', t('transaction.problem.category')]);
  const { destination } = recurringCurrencies(values, currencyOf);
  const destinationAmount = destination
    ? requireAmount(
        values.destinationAmount,
        'destinationAmount',
        t('transaction.problem.destinationAmount', { currency: destination }),
        problems,
      )
    : undefined;
  if (values.startDate === '') problems.push(['startDate', t('recurring.problem.startDate')]);
  if (!instalments && values.ends === 'onDate' && values.endDate === '') {
    problems.push(['endDate', t('recurring.problem.endDate')]);
  }
  if ((instalments || values.ends === 'afterCount') && values.count.trim() === '') {
    problems.push(['count', t(instalments ? 'recurring.problem.parts' : 'recurring.problem.count')]);
  }

  const template = {
    transactionType: values.type === 'income' ? ('income' as const) : ('expense' as const),
    ...(values.paymentType ? { paymentType: values.paymentType } : {}),
    accountId: Number(values.accountId),
    categoryId: transfer ? null : values.categoryId,
    note: values.note,
    tagIds: values.tagIds,
    destinationAccountId: transfer ? Number(values.toAccountId) : null,
    destinationAmount: destination ? destinationAmount : null,
  };
  const common = { name: values.name, mode: values.confirm ? ('confirm' as const) : ('auto' as const) };
  const body: CreateRecurringBody = instalments
    ? {
        ...common,
        kind: 'instalments',
        total: amount ?? 0,
        count: wholeNumber(values.count),
        template,
        schedule: { startDate: values.startDate },
      }
    : {
        ...common,
        kind: 'schedule',
        template: { ...template, amount: amount ?? 0 },
        schedule: {
          frequency: values.frequency,
          interval: wholeNumber(values.interval),
          startDate: values.startDate,
          endDate: values.ends === 'onDate' ? values.endDate : null,
          count: values.ends === 'afterCount' ? wholeNumber(values.count) : null,
        },
      };
  return { body, problems };
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/**
 * What an edit changes of `original`: the template and the rhythm each travel whole, and only when
 * something in them changed, since a rhythm sent again applies from today (what is due and
 * unconfirmed before it would no longer be).
 */
function changes(original: Recurring, next: NewRecurring): UpdateRecurringBody {
  const body: UpdateRecurringBody = {};
  if (next.name !== original.name) body.name = next.name;
  if (next.mode !== original.mode) body.mode = next.mode;
  const before = original.template;
  const template = next.template;
  const templateChanged =
    (next.kind !== 'instalments' && next.template.amount !== before.amount) ||
    template.transactionType !== before.transactionType ||
    template.accountId !== before.accountId ||
    (template.categoryId ?? null) !== before.categoryId ||
    template.note !== before.note ||
    sortedIds(template.tagIds) !== sortedIds(before.tagIds) ||
    (template.destinationAccountId ?? null) !== before.destinationAccountId ||
    (template.destinationAmount ?? null) !== before.destinationAmount;
  if (templateChanged) body.template = template;
  const was = original.schedule;
  if (next.kind === 'instalments') {
    const { startDate } = next.schedule;
    if (startDate !== was.startDate) body.schedule = { frequency: 'month', interval: 1, startDate };
    if (next.total !== original.total) body.total = next.total;
    if (next.count !== was.count) body.count = next.count;
  } else {
    const rhythm = next.schedule;
    const schedule = { ...rhythm, endDate: rhythm.endDate ?? null, count: rhythm.count ?? null };
    if (
      schedule.frequency !== was.frequency ||
      schedule.interval !== was.interval ||
      schedule.startDate !== was.startDate ||
      schedule.endDate !== was.endDate ||
      schedule.count !== was.count
    ) {
      body.schedule = schedule;
    }
  }
  return body;
}

export type RecurringRequest =
  | { kind: 'create'; body: CreateRecurringBody }
  | { kind: 'update'; id: number; body: UpdateRecurringBody };

/** The call the form makes; null when an edit changes nothing. */
export type RecurringFormResult = { request: RecurringRequest | null };

/**
 * Checks the form with the shared contract and turns it into the call to make, so the form says
 * what the server would before anything is sent. The form stands for the whole schedule, checked
 * as a new one; an edit then sends what changed, and pausing beside it.
 */
export function recurringFormSchema({ currencyOf, original }: { currencyOf: CurrencyOf; original?: Recurring }) {
  return formValuesSchema.transform((values, ctx): RecurringFormResult => {
    const fail = (issues: Problems) => failWith(ctx, issues);
    const { body, problems } = plan(values, currencyOf);
    const checked = createRecurringBodySchema.safeParse(body);
    // The form's own words first (an empty field), then the contract's on the fields left.
    const issues: Problems = [
      ...problems,
      ...(checked.success ? [] : checked.error.issues).map((issue): [RecurringFormField, string] => [
        recurringFieldOf(issue.path.join('.')) ?? 'type',
        issue.message,
      ]),
    ];
    if (issues.length > 0 || !checked.success) return fail(issues);
    if (!original) return { request: { kind: 'create', body } };
    const update = changes(original, checked.data);
    if (values.archived !== original.archived) update.archived = values.archived;
    const valid = updateRecurringBodySchema.safeParse(update);
    if (!valid.success) {
      return fail(valid.error.issues.map((issue) => [recurringFieldOf(issue.path.join('.')) ?? 'type', issue.message]));
    }
    return { request: Object.keys(update).length > 0 ? { kind: 'update', id: original.id, body: update } : null };
  });
}
