import { z } from 'zod';
import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_GROUP_NAME_MAX,
  ACCOUNT_GROUPS_MAX,
  ACCOUNT_NAME_MAX,
  ACCOUNTS_MAX,
} from './accounts.ts';
import { BUDGET_CATEGORIES_MAX, BUDGET_NAME_MAX, BUDGET_PERIODS, BUDGETS_MAX } from './budgets.ts';
import { CATEGORIES_MAX, CATEGORY_ICON_MAX, CATEGORY_NAME_MAX, CATEGORY_TYPES, isInParentLoop } from './categories.ts';
import { currencyCodeSchema } from './currencies.ts';
import { idSchema } from './ids.ts';
import { customIssue, type IssueField, issue } from './issues.ts';
import { signedMinorAmountSchema } from './money.ts';
import { rateValueSchema } from './rates.ts';
import { createRuleBodySchema, RULES_MAX } from './rules.ts';
import { localeSchema, MAX_EXCLUDED_CATEGORIES, timeZoneSchema } from './settings.ts';
import { TAG_NAME_MAX, TAGS_MAX, TRANSACTION_TAGS_MAX } from './tags.ts';
import { isoDateSchema, timeSchema } from './time.ts';
import {
  NOTE_MAX,
  PAYMENT_TYPES,
  positiveMinorAmountSchema,
  SPLIT_PARTS_MAX,
  SPLIT_PARTS_MIN,
  splitsIssue,
  TRANSACTION_TYPES,
  TRANSFER_NATURES,
} from './transactions.ts';
import { foldCase } from './usernames.ts';

/** The version of the backup document this server writes and reads; a document of another is refused. */
export const BACKUP_VERSION = 1;
/** The most transactions a backup restores. */
export const BACKUP_TRANSACTIONS_MAX = 200_000;
/**
 * The largest restore body taken, in bytes: 100,000 transactions with notes and bank ids come to about 43 MB
 * of JSON (docs/api.md), so the most transactions a backup restores fit with room for long notes.
 */
export const BACKUP_MAX_BYTES = 160 * 1024 * 1024;

/** Ids inside a document are its own: they name its parts to each other and are new once restored. */
const refSchema = idSchema;
const text = (max: number, field: IssueField) =>
  z.string(issue('text.notText', { field })).max(max, issue('text.tooLong', { field, max }));
const name = (max: number) => text(max, 'name').min(1, issue('name.required'));

const accountGroupSchema = z.object({
  id: refSchema,
  name: name(ACCOUNT_GROUP_NAME_MAX),
  parentGroupId: refSchema.nullable(),
});

const accountSchema = z.object({
  id: refSchema,
  name: name(ACCOUNT_NAME_MAX),
  currency: currencyCodeSchema,
  accountCategory: z.enum(ACCOUNT_CATEGORIES),
  isEnabled: z.boolean(),
  creditLimit: signedMinorAmountSchema.min(0, issue('amount.negative')),
  /** The balance before every transaction; the current balance is it plus the transactions. */
  initialBalance: signedMinorAmountSchema,
  /** When the balance the person gave was true (transactions before it were already in it). */
  openingAt: timeSchema,
  accountGroupId: refSchema.nullable(),
});

const categorySchema = z.object({
  id: refSchema,
  name: name(CATEGORY_NAME_MAX),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, issue('colour.format')),
  icon: text(CATEGORY_ICON_MAX, 'icon').nullable(),
  /** `internal` is the built-in "Other", where transactions without a category of their own land. */
  type: z.enum(CATEGORY_TYPES),
  parentId: refSchema.nullable(),
  /** Which category of the default tree it started as (bank imports file by it); null for one's own. */
  defaultKey: text(100, 'defaultKey').nullable(),
});

const budgetSchema = z.object({
  id: refSchema,
  name: name(BUDGET_NAME_MAX),
  // Not positive: a base change converts limits, and a tiny one may come out 0.
  limitAmount: signedMinorAmountSchema.min(0, issue('amount.negative')).nullable(),
  startDate: timeSchema.nullable(),
  endDate: timeSchema.nullable(),
  autoInclude: z.boolean(),
  archived: z.boolean(),
  // Absent from backups made before monthly budgets.
  period: z.enum(BUDGET_PERIODS).default('once'),
  rollover: z.boolean().default(false),
  categoryIds: z.array(refSchema).max(BUDGET_CATEGORIES_MAX),
  /** Transactions the category rule takes in but the person removed from the budget by hand. */
  excludedTransactionIds: z.array(refSchema).max(BACKUP_TRANSACTIONS_MAX),
});

const tagSchema = z.object({
  id: refSchema,
  name: name(TAG_NAME_MAX),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, issue('colour.format')),
});

const transactionSchema = z.object({
  id: refSchema,
  accountId: refSchema,
  amount: positiveMinorAmountSchema,
  transactionType: z.enum(TRANSACTION_TYPES),
  paymentType: z.enum(PAYMENT_TYPES),
  time: timeSchema,
  note: text(NOTE_MAX, 'note'),
  categoryId: refSchema.nullable(),
  transferNature: z.enum(TRANSFER_NATURES),
  /** Both legs of a transfer between accounts carry the same number. */
  transferId: refSchema.nullable(),
  /** The leg a transfer made for the other account (it goes when the transfer is undone). */
  createdByTransfer: z.boolean(),
  /** The amount in `refCurrency` (the base currency) at `rate`, as it was valued. */
  refAmount: signedMinorAmountSchema,
  refCurrency: currencyCodeSchema,
  rate: z.number(issue('rate.notNumber')).min(0, issue('amount.negative')),
  cashbackAmount: signedMinorAmountSchema,
  commissionRate: signedMinorAmountSchema,
  /** Assigned to this budget by hand (a budget's category rule needs no assignment). */
  budgetId: refSchema.nullable(),
  /** For an income: the expense of the document it refunds (absent in backups made before refunds). */
  refundOfId: refSchema.nullable().default(null),
  externalId: text(128, 'externalId').min(1).nullable(),
  /** Absent in a backup made before tags: none. */
  tagIds: z.array(refSchema).max(TRANSACTION_TAGS_MAX).default([]),
  /**
   * The parts of a split income or expense (none: not split; a document written before splits has
   * none). Their figures are not kept: a restore shares `refAmount` among them again.
   */
  splits: z
    .array(
      z.object({
        categoryId: refSchema,
        amount: positiveMinorAmountSchema,
        note: text(NOTE_MAX, 'note'),
      }),
    )
    .max(SPLIT_PARTS_MAX, issue('splits.tooMany', { max: SPLIT_PARTS_MAX }))
    .default([]),
});

/**
 * A rule (absent in backups made before rules): as a new rule is checked, with its place in the
 * order the rules run; the accounts, category and tags it names are the document's.
 */
const ruleSchema = createRuleBodySchema.extend({
  id: refSchema,
  position: z.number().int().min(0),
});

const customRateSchema = z.object({
  baseCode: currencyCodeSchema,
  quoteCode: currencyCodeSchema,
  effectiveFrom: isoDateSchema.nullable(),
  rate: rateValueSchema,
});

/** A problem of a backup beyond its parts' schemas, at its place in the document. */
export type BackupIssue = ReturnType<typeof customIssue> & { path: Array<string | number> };

/** Ids must be unique within a part; answers the part's items by id. */
function indexById<T extends { id: number }>(items: T[], part: string, issues: BackupIssue[]): Map<number, T> {
  const byId = new Map<number, T>();
  items.forEach((item, index) => {
    if (byId.has(item.id))
      issues.push({ ...customIssue('backup.repeatedId', { id: item.id }), path: [part, index, 'id'] });
    byId.set(item.id, item);
  });
  return byId;
}

/** A parent reference must name an item of the same part, and following parents must never come back round. */
function checkTree<T extends { id: number }>(
  items: T[],
  byId: Map<number, T>,
  parentOf: (item: T) => number | null,
  part: string,
  field: string,
  issues: BackupIssue[],
) {
  items.forEach((item, index) => {
    const parent = parentOf(item);
    if (parent === null) return;
    if (!byId.has(parent)) {
      issues.push({ ...customIssue('backup.missingParent', { part, id: parent }), path: [part, index, field] });
      return;
    }
    const parentOfId = (id: number) => {
      const at = byId.get(id);
      return at && parentOf(at);
    };
    if (isInParentLoop(item.id, parentOfId)) {
      issues.push({ ...customIssue('backup.parentCircle'), path: [part, index, field] });
    }
  });
}

/** The most items each list of a backup holds. */
export const BACKUP_LIST_MAX = {
  currencies: 500,
  customRates: 10_000,
  accountGroups: ACCOUNT_GROUPS_MAX,
  accounts: ACCOUNTS_MAX,
  categories: CATEGORIES_MAX,
  budgets: BUDGETS_MAX,
  tags: TAGS_MAX,
  rules: RULES_MAX,
  transactions: BACKUP_TRANSACTIONS_MAX,
} as const;
export type BackupList = keyof typeof BACKUP_LIST_MAX;

/** Lists a backup made before they existed does not have: such a backup restores them empty. */
export const BACKUP_LISTS_ADDED_LATER: ReadonlySet<BackupList> = new Set(['tags', 'rules']);

/** The schema of one item of each list: a restore checks each item as it arrives. */
export const backupItemSchemas = {
  currencies: currencyCodeSchema,
  customRates: customRateSchema,
  accountGroups: accountGroupSchema,
  accounts: accountSchema,
  categories: categorySchema,
  budgets: budgetSchema,
  tags: tagSchema,
  rules: ruleSchema,
  transactions: transactionSchema,
} as const satisfies Record<BackupList, z.ZodType>;

/** The parts of a backup that are not lists, each whole. */
export const backupHeadSchema = z.object({
  version: z.literal(BACKUP_VERSION, issue('backup.version', { version: BACKUP_VERSION })),
  exportedAt: z.iso.datetime({ offset: true, ...issue('value.timestamp') }),
  settings: z.object({
    locale: localeSchema,
    timeZone: timeZoneSchema,
    /** Categories left out of the statistics. */
    excludedCategoryIds: z.array(refSchema).max(MAX_EXCLUDED_CATEGORIES),
    includeCryptoInTotal: z.boolean(),
  }),
  baseCurrency: currencyCodeSchema.nullable(),
});

const list = <L extends BackupList>(name: L) => z.array(backupItemSchemas[name]).max(BACKUP_LIST_MAX[name]);

/**
 * The whole of a user's data (GET /backup), restored by POST /backup/restore. Parts refer to each
 * other by the document's own ids, and every reference is checked: a restore either takes all of
 * it or nothing. Never any secret: no password, token or bank or exchange key.
 */
const backupDocumentParts = backupHeadSchema.extend({
  currencies: list('currencies'),
  customRates: list('customRates'),
  accountGroups: list('accountGroups'),
  accounts: list('accounts'),
  categories: list('categories'),
  budgets: list('budgets'),
  tags: list('tags').default([]),
  rules: list('rules').default([]),
  transactions: list('transactions'),
});
export type BackupDocument = z.output<typeof backupDocumentParts>;
export const backupDocumentSchema = backupDocumentParts.superRefine((doc, ctx) => {
  for (const found of backupReferenceIssues(doc)) ctx.addIssue(found);
});
export type BackupTransaction = BackupDocument['transactions'][number];

/**
 * What the schemas of the parts cannot see: ids unique within a part, every reference naming an
 * item of the document, trees without circles, transfers with two matching legs, split parts that
 * add up to their transaction.
 */
export function backupReferenceIssues(doc: BackupDocument): BackupIssue[] {
  const issues: BackupIssue[] = [];
  const groups = indexById(doc.accountGroups, 'accountGroups', issues);
  checkTree(doc.accountGroups, groups, (g) => g.parentGroupId, 'accountGroups', 'parentGroupId', issues);
  const accounts = indexById(doc.accounts, 'accounts', issues);
  doc.accounts.forEach((account, index) => {
    if (account.accountGroupId !== null && !groups.has(account.accountGroupId)) {
      issues.push({
        ...customIssue('backup.missingGroup', { id: account.accountGroupId }),
        path: ['accounts', index, 'accountGroupId'],
      });
    }
  });
  const categories = indexById(doc.categories, 'categories', issues);
  checkTree(doc.categories, categories, (c) => c.parentId, 'categories', 'parentId', issues);
  if (doc.categories.filter((c) => c.type === 'internal').length !== 1) {
    issues.push({ ...customIssue('backup.otherCategory'), path: ['categories'] });
  }
  const defaultKeys = new Set<string>();
  doc.categories.forEach((category, index) => {
    if (category.defaultKey === null) return;
    if (defaultKeys.has(category.defaultKey)) {
      issues.push({ ...customIssue('backup.repeatedDefaultKey'), path: ['categories', index, 'defaultKey'] });
    }
    defaultKeys.add(category.defaultKey);
  });
  const category = (id: number | null, path: Array<string | number>) => {
    if (id !== null && !categories.has(id)) issues.push({ ...customIssue('backup.missingCategory', { id }), path });
  };
  doc.settings.excludedCategoryIds.forEach((id, index) => {
    category(id, ['settings', 'excludedCategoryIds', index]);
  });
  const budgets = indexById(doc.budgets, 'budgets', issues);
  const transactions = indexById(doc.transactions, 'transactions', issues);
  doc.budgets.forEach((budget, index) => {
    budget.categoryIds.forEach((id, at) => {
      category(id, ['budgets', index, 'categoryIds', at]);
    });
    budget.excludedTransactionIds.forEach((id, at) => {
      if (!transactions.has(id)) {
        issues.push({
          ...customIssue('backup.missingTransaction', { id }),
          path: ['budgets', index, 'excludedTransactionIds', at],
        });
      }
    });
  });
  const tags = indexById(doc.tags, 'tags', issues);
  const tagNames = new Set<string>();
  doc.tags.forEach((tag, index) => {
    const folded = foldCase(tag.name.trim());
    if (tagNames.has(folded)) issues.push({ ...customIssue('backup.repeatedTagName'), path: ['tags', index, 'name'] });
    tagNames.add(folded);
  });
  indexById(doc.rules, 'rules', issues);
  doc.rules.forEach((rule, index) => {
    rule.conditions.forEach((condition, at) => {
      if (condition.field !== 'accountId') return;
      const path = ['rules', index, 'conditions', at, 'value'];
      const named = condition.op === 'in' ? condition.value : [condition.value];
      named.forEach((id, place) => {
        if (!accounts.has(id)) {
          issues.push({
            ...customIssue('backup.missingAccount', { id }),
            path: condition.op === 'in' ? [...path, place] : path,
          });
        }
      });
    });
    rule.actions.forEach((action, at) => {
      if (action.type === 'setCategory') category(action.categoryId, ['rules', index, 'actions', at, 'categoryId']);
      if (action.type !== 'addTags') return;
      action.tagIds.forEach((id, place) => {
        if (!tags.has(id))
          issues.push({
            ...customIssue('backup.missingTag', { id }),
            path: ['rules', index, 'actions', at, 'tagIds', place],
          });
      });
    });
  });
  const legs = new Map<number, number[]>();
  const externalIds = new Set<string>();
  doc.transactions.forEach((t, index) => {
    const path = (field: string) => ['transactions', index, field];
    if (!accounts.has(t.accountId))
      issues.push({ ...customIssue('backup.missingAccount', { id: t.accountId }), path: path('accountId') });
    category(t.categoryId, path('categoryId'));
    if (t.budgetId !== null && !budgets.has(t.budgetId)) {
      issues.push({ ...customIssue('backup.missingBudget', { id: t.budgetId }), path: path('budgetId') });
    }
    t.tagIds.forEach((id, at) => {
      if (!tags.has(id))
        issues.push({ ...customIssue('backup.missingTag', { id }), path: ['transactions', index, 'tagIds', at] });
    });
    if (t.externalId !== null) {
      const key = `${t.accountId} ${t.externalId}`;
      if (externalIds.has(key)) issues.push({ ...customIssue('backup.repeatedExternalId'), path: path('externalId') });
      externalIds.add(key);
    }
    t.splits.forEach((part, at) => {
      category(part.categoryId, ['transactions', index, 'splits', at, 'categoryId']);
    });
    const splitProblem =
      t.splits.length === 0
        ? undefined
        : t.splits.length < SPLIT_PARTS_MIN
          ? customIssue('splits.tooFew', { min: SPLIT_PARTS_MIN })
          : t.transferNature !== 'not_transfer'
            ? customIssue('splits.transfer')
            : splitsIssue(t.amount, t.splits) && customIssue('splits.sum');
    if (splitProblem) issues.push({ ...splitProblem, path: path('splits') });
    if (t.refundOfId !== null) {
      const expense = transactions.get(t.refundOfId);
      if (!expense) {
        issues.push({ ...customIssue('backup.missingTransaction', { id: t.refundOfId }), path: path('refundOfId') });
      } else if (
        t.transactionType !== 'income' ||
        t.transferNature !== 'not_transfer' ||
        expense.transactionType !== 'expense' ||
        expense.transferNature !== 'not_transfer'
      ) {
        issues.push({ ...customIssue('backup.refund'), path: path('refundOfId') });
      }
    }
    if (t.transferId !== null) legs.set(t.transferId, [...(legs.get(t.transferId) ?? []), index]);
    else if (t.transferNature === 'transfer_between_user_accounts') {
      issues.push({ ...customIssue('backup.transferIdRequired'), path: path('transferId') });
    }
  });
  for (const [transferId, [first, second, ...more]] of legs) {
    const [a, b] = [doc.transactions[first!]!, second === undefined ? undefined : doc.transactions[second]!];
    const problem =
      !b || more.length > 0
        ? customIssue('backup.transferLegs', { id: transferId })
        : a.accountId === b.accountId
          ? customIssue('backup.transferAccounts')
          : a.transactionType === b.transactionType
            ? customIssue('backup.transferTypes')
            : a.transferNature !== 'transfer_between_user_accounts' || b.transferNature !== a.transferNature
              ? customIssue('backup.transferNatures')
              : undefined;
    if (problem) issues.push({ ...problem, path: ['transactions', first!, 'transferId'] });
  }
  return issues;
}

/** 201 of POST /backup/restore: how many of each were created. */
export const restoreBackupResponseSchema = z.object({
  counts: z.object({
    accounts: z.number().int(),
    accountGroups: z.number().int(),
    categories: z.number().int(),
    transactions: z.number().int(),
    budgets: z.number().int(),
    tags: z.number().int(),
    currencies: z.number().int(),
    rates: z.number().int(),
  }),
});
export type RestoreBackupResponse = z.infer<typeof restoreBackupResponseSchema>;
