import type {
  CodedIssue,
  DecimalSeparator,
  ImportBalance,
  ImportDateFormat,
  ImportDelimiter,
  ImportEncoding,
  ImportFailure,
  ImportMapping,
  RuleAction,
  RuleCondition,
} from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 64 }).notNull(),
    /**
     * The username under full case folding (foldUsername), written by the server: what sign-up keeps
     * unique and sign-in looks up. Null only for a name from before it that folds like an older
     * user's (docs/decisions.md "Usernames compared under full case folding").
     */
    foldedUsername: text('folded_username'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  // Usernames are unique regardless of case, and under full case folding.
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_folded_username_key').on(t.foldedUsername),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Sign-in and sign-up attempts, counted per bucket (a username at an address, a username, an
 * address) in the database, so every instance counts the same attempts. The key is a digest of
 * the bucket: names and addresses are not kept here in clear.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: varchar('key', { length: 64 }).primaryKey(),
  attempts: integer('attempts').notNull(),
  firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** No attempt in this bucket is let through before this moment. */
  nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Where each user has signed in with the right password lately (a digest of username and address). */
export const knownSignIns = pgTable(
  'known_sign_ins',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('known_sign_ins_user_id_idx').on(t.userId)],
);

/**
 * Requests per client address in the current window, for the global limit across instances.
 * UNLOGGED (in the migration; drizzle cannot say it): a request's count is not worth an fsync.
 */
export const requestCounts = pgTable('request_counts', {
  key: varchar('key', { length: 200 }).primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Creates sent with an `Idempotency-Key` (issue 39; http/idempotency.ts): the key is claimed
 * before its request runs, and the request's successful answer is kept for 24 hours to be sent
 * again to a repeat. While the request runs, `status` is null and the lease (`lease_token`,
 * `locked_until`) says who runs it and until when; a request that failed gives its key up, and one
 * whose process died loses it when the lease runs out.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    /** SHA-256 (hex) of the method, route, parameters, query and body: what "the same request" means. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The answer's HTTP status; null while the first request runs. */
    status: smallint('status'),
    /** The answer's body exactly as sent (JSON); null for a 204 and while the request runs. */
    body: text('body'),
    leaseToken: uuid('lease_token'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** When the first request came (by the server's clock); the key is replayed until `expires_at`. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

/** ISO 4217 reference list, seeded at start-up. */
export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  name: text('name').notNull(),
  number: smallint('number').notNull(),
  digits: smallint('digits').notNull(),
});

export const userCurrencies = pgTable(
  'user_currencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    isBase: boolean('is_base').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_currencies_user_currency_key').on(t.userId, t.currencyId),
    // At most one base currency per user, enforced by the database itself.
    uniqueIndex('user_currencies_one_base_key').on(t.userId).where(sql`${t.isBase}`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 200 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    icon: varchar('icon', { length: 64 }),
    type: varchar('type', { length: 16, enum: ['custom', 'internal'] })
      .notNull()
      .default('custom'),
    /**
     * Which category of the default tree this one started as (`food-drinks/groceries`), whatever
     * it is called now: bank imports file transactions by it. Null for the user's own categories.
     */
    defaultKey: varchar('default_key', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('categories_user_id_idx').on(t.userId),
    uniqueIndex('categories_user_default_key_key').on(t.userId, t.defaultKey).where(sql`${t.defaultKey} is not null`),
    index('categories_parent_id_idx').on(t.parentId),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('no action'),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  locale: varchar('locale', { length: 35 }).notNull().default('en'),
  /** IANA name; the user's days, weeks and months (docs/decisions.md "Local days"). */
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
  excludedCategoryIds: integer('excluded_category_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** Whether the crypto exchange holdings count in the dashboard's total balance and trend. */
  includeCryptoInTotal: boolean('include_crypto_in_total').notNull().default(true),
});

/**
 * Provider rates, one row per (source, day, currency): what 1 unit of `code` is worth in the
 * source's pivot currency (UAH for NBU, EUR for the ECB). The pivot itself is implicit (1).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    source: varchar('source', { length: 8 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    code: varchar('code', { length: 3 }).notNull(),
    perUnit: doublePrecision('per_unit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.date, t.code] })],
);

/** Which days have been fetched from a source, and which day of the source's they really are. */
export const exchangeRateDays = pgTable(
  'exchange_rate_days',
  {
    source: varchar('source', { length: 8 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The source's own day for these rates: earlier than `date` over weekends and holidays. */
    publishedDate: date('published_date', { mode: 'string' }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.date] })],
);

/** A user's own rate for a pair, from `effectiveFrom` on (null: every day). Both directions are stored. */
export const customRates = pgTable(
  'custom_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    baseCode: varchar('base_code', { length: 3 }).notNull(),
    quoteCode: varchar('quote_code', { length: 3 }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    rate: doublePrecision('rate').notNull(),
  },
  (t) => [
    uniqueIndex('custom_rates_pair_day_key')
      .on(t.userId, t.baseCode, t.quoteCode, t.effectiveFrom)
      .where(sql`${t.effectiveFrom} is not null`),
    uniqueIndex('custom_rates_pair_always_key')
      .on(t.userId, t.baseCode, t.quoteCode)
      .where(sql`${t.effectiveFrom} is null`),
  ],
);

/** Leases for periodic work, so that among several app instances only one runs a task at a time. */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
});

export const accountGroups = pgTable(
  'account_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    parentGroupId: integer('parent_group_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_groups_user_id_idx').on(t.userId),
    foreignKey({ columns: [t.parentGroupId], foreignColumns: [t.id] }).onDelete('no action'),
  ],
);

/** Money columns are bigint minor units, read as JS numbers (every amount stays far below 2^53). */
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    type: varchar('type', { length: 16, enum: ['system', 'monobank'] })
      .notNull()
      .default('system'),
    accountCategory: varchar('account_category', { length: 32 }).notNull().default('general'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    creditLimit: money('credit_limit'),
    initialBalance: money('initial_balance'),
    currentBalance: money('current_balance'),
    accountGroupId: integer('account_group_id').references(() => accountGroups.id, { onDelete: 'set null' }),
    externalId: varchar('external_id', { length: 128 }),
    /**
     * When the opening balance was true (docs/decisions.md): the balance the person gave, at the
     * account's creation or at the start of a day they chose. A transaction from before it was
     * already in that balance, so it moves the initial balance and leaves the current one.
     */
    openingAt: timestamp('opening_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The balance at `openingAt`, as the person gave it (or later set it): initial + Σ of the
     * transactions from before `openingAt`. Transactions never move it; only editing a balance does.
     */
    openingBalance: money('opening_balance'),
    /**
     * Σ amount of the account's transactions (every amount is positive): with the initial balance
     * it bounds every balance the account ever had, so one comparison keeps them all within the
     * limit (docs/decisions.md "Figures stay within MAX_MINOR_AMOUNT").
     */
    turnover: money('turnover'),
    /** Σ |refAmount| of the account's transactions: summed over a user's accounts, it bounds every sum of base figures. */
    refTurnover: money('ref_turnover'),
    createdAt: createdAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId), index('accounts_account_group_id_idx').on(t.accountGroupId)],
);

/** Both legs of a transfer between accounts share a number from here. */
export const transferIds = pgSequence('transfer_id_seq', { startWith: 1 });

export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Always positive, in the account's currency; the type gives the direction. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The amount in `refCurrencyId` (the base currency when it was computed) at `rate`. */
    refAmount: bigint('ref_amount', { mode: 'number' }).notNull(),
    refCurrencyId: integer('ref_currency_id')
      .notNull()
      .references(() => currencies.id),
    /** 1 unit of the account currency in the ref currency, as used for refAmount. */
    rate: doublePrecision('rate').notNull(),
    transactionType: varchar('transaction_type', { length: 8, enum: ['income', 'expense'] }).notNull(),
    paymentType: varchar('payment_type', { length: 16 }).notNull(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull(),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id),
    transferNature: varchar('transfer_nature', { length: 40 }).notNull().default('not_transfer'),
    transferId: integer('transfer_id'),
    /** The leg a transfer created for the other account (removed when the transfer is undone). */
    createdByTransfer: boolean('created_by_transfer').notNull().default(false),
    budgetId: integer('budget_id').references(() => budgets.id, { onDelete: 'set null' }),
    cashbackAmount: bigint('cashback_amount', { mode: 'number' }).notNull().default(0),
    commissionRate: bigint('commission_rate', { mode: 'number' }).notNull().default(0),
    externalId: varchar('external_id', { length: 128 }),
    /** While the base currency changes: the figures in the new base, swapped in at the end. */
    pendingRefAmount: bigint('pending_ref_amount', { mode: 'number' }),
    pendingRate: doublePrecision('pending_rate'),
    /** The CSV import that brought it in (undone as a whole: its rows go together). */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    /** An income that gives back money of this expense of the same user (a refund); unlinked when the expense goes. */
    refundOfId: integer('refund_of_id').references((): AnyPgColumn => transactions.id, { onDelete: 'set null' }),
    /**
     * Split into parts (transaction_splits): the parts, not the row, count in the day totals and
     * in budgets by category; `categoryId` is the largest part's.
     */
    isSplit: boolean('is_split').notNull().default(false),
    /**
     * Carries tags (transaction_tags), kept with every change of them, so a page of the list looks
     * up the tags of only the rows that have any.
     */
    hasTags: boolean('has_tags').notNull().default(false),
    /**
     * An income was linked to it as a refund at some time (the refund may have gone since): false
     * means it has no refunds, so a page of the list sums the refunds of only the rows that had any.
     */
    everRefunded: boolean('ever_refunded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending composites: PostgreSQL scans them backwards for "newest first".
    index('transactions_user_time_idx').on(t.userId, t.time, t.id),
    index('transactions_import_id_idx').on(t.importId).where(sql`${t.importId} is not null`),
    index('transactions_account_time_idx').on(t.accountId, t.time, t.id),
    index('transactions_transfer_id_idx').on(t.transferId),
    // A bank item is stored once per account, however often it is delivered (imports, webhook).
    uniqueIndex('transactions_account_external_id_key')
      .on(t.accountId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('transactions_category_id_idx').on(t.categoryId),
    index('transactions_budget_id_idx').on(t.budgetId),
    // Everything the period statistics read, so a year of them is an index-only range scan.
    index('transactions_user_time_stats_idx').on(
      t.userId,
      t.time,
      t.transferNature,
      t.transactionType,
      t.accountId,
      t.categoryId,
      t.refAmount,
    ),
    // An expense's refunds (and the foreign key's unlinking when it goes); most rows are none, so partial.
    index('transactions_refund_of_id_idx').on(t.refundOfId).where(sql`${t.refundOfId} is not null`),
    // What statistics add for refunds in a period: index-only, and an empty range when there are none.
    index('transactions_user_refunds_idx')
      .on(t.userId, t.time, t.accountId, t.refundOfId, t.refAmount, t.id)
      .where(sql`${t.refundOfId} is not null`),
    // A budget's category rule: a range per category within the budget's dates, index-only.
    index('transactions_user_category_time_idx').on(
      t.userId,
      t.categoryId,
      t.time,
      t.budgetId,
      t.transferNature,
      t.transactionType,
      t.refAmount,
      t.id,
      t.isSplit,
    ),
  ],
);

/**
 * The parts of a split income or expense (docs/decisions.md "Split transactions"): each its own
 * category, amount and note; the amounts add up to the transaction's, and `refAmount` is the
 * transaction's own figure shared among the parts so that they add up to it exactly.
 */
export const transactionSplits = pgTable(
  'transaction_splits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The part's place among its transaction's parts, from 0: the order they were given in. */
    position: integer('position').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Positive, in the transaction's account currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The part's share of the transaction's refAmount. */
    refAmount: bigint('ref_amount', { mode: 'number' }).notNull(),
    note: varchar('note', { length: 1000 }).notNull().default(''),
  },
  (t) => [
    unique('transaction_splits_transaction_position_key').on(t.transactionId, t.position),
    // The list filtered by category, a category's parts moving to another, a budget's category rule.
    index('transaction_splits_user_category_idx').on(t.userId, t.categoryId, t.transactionId),
  ],
);

/**
 * The net change of each account per day in the user's time zone, kept in the same database transaction as every
 * write that moves money: balance history is a running sum over a few thousand rows instead of
 * an aggregate over every transaction.
 */
export const accountDayDeltas = pgTable(
  'account_day_deltas',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** How many transactions (transfers too): a page deep in the list skips whole days by it. */
    transactionCount: integer('transaction_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day] }),
    // Everything read of a range of the user's days, so it is an index-only range scan.
    index('account_day_deltas_user_day_idx').on(t.userId, t.day, t.accountId, t.delta, t.transactionCount),
  ],
);

/** The columns the day totals and the month totals share, beside the date each is kept by. */
const totalsColumns = () => ({
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  // A category goes once its transactions moved to another: what stays of it here sums to 0.
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
  transactionType: varchar('transaction_type', { length: 8, enum: ['income', 'expense'] }).notNull(),
  refAmount: bigint('ref_amount', { mode: 'number' }).notNull(),
  /** How many transactions: a category with none in a range is not in its spending, a 0 sum or not. */
  transactionCount: integer('transaction_count').notNull(),
});

/** The key of a totals table by its date column `when`, and the index the statistics read it by. */
const totalsKeys = (
  table: string,
  t: Record<'accountId' | 'userId' | 'categoryId' | 'transactionType' | 'refAmount' | 'transactionCount', AnyPgColumn>,
  when: AnyPgColumn,
) => [
  unique(`${table}_key`).on(t.accountId, when, t.categoryId, t.transactionType).nullsNotDistinct(),
  // Everything the statistics read of a range, so a year of it is an index-only range scan: the
  // count too, which spending reads (a generic plan of a prepared statement otherwise visits the
  // table for each total).
  index(`${table}_user_${when.name}_idx`).on(
    t.userId,
    when,
    t.accountId,
    t.categoryId,
    t.transactionType,
    t.refAmount,
    t.transactionCount,
  ),
];

/**
 * What the period statistics sum, kept per account, day in the user's time zone, category and type
 * in the same statement as every write that changes a transaction's part in them: the Σ of the
 * base-currency figures of the transactions that are not transfers. A year of spending or cash flow
 * reads these few thousand rows (and the month totals) instead of every transaction of the year.
 */
export const accountDayTotals = pgTable(
  'account_day_totals',
  { day: date('day', { mode: 'string' }).notNull(), ...totalsColumns() },
  (t) => totalsKeys('account_day_totals', t, t.day),
);

/**
 * The day totals summed by local month (`month`: its first day), written in the same statement as
 * the day totals (transactions/queries/day-figures.ts), so each equals the sum of its days' totals.
 * A year of statistics reads its whole months here, a dozen rows an account and category, and only
 * the days at the range's edges from the day totals.
 */
export const accountMonthTotals = pgTable(
  'account_month_totals',
  { month: date('month', { mode: 'string' }).notNull(), ...totalsColumns() },
  (t) => totalsKeys('account_month_totals', t, t.month),
);

/**
 * A base-currency change in progress, or a revaluation (from = to: the same base) after a custom
 * rate changed. Transactions get their new figures in batches (pending columns), then everything
 * switches in one final database transaction; `lastId` lets a restarted instance carry on where
 * the last batch ended. A rate change while one runs starts it over (lastId 0, lease released).
 */
export const baseCurrencyChanges = pgTable('base_currency_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fromCurrencyId: integer('from_currency_id')
    .notNull()
    .references(() => currencies.id),
  toCurrencyId: integer('to_currency_id')
    .notNull()
    .references(() => currencies.id),
  state: varchar('state', { length: 16, enum: ['running', 'failed'] }).notNull(),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  lastId: integer('last_id').notNull().default(0),
  error: text('error'),
  /** `error` by code, for the web to translate (null on rows failed before codes were stored). */
  errorIssue: jsonb('error_issue').$type<CodedIssue>(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  /** Set by the worker that holds the lease; its writes only land while the row still carries it. */
  leaseToken: uuid('lease_token'),
  /** A revaluation (to the same base) after a rate change: only these currencies' figures… (null: all). */
  scopeCodes: varchar('scope_codes', { length: 3 }).array(),
  /** …from this day on (null: every day). A base change revalues everything. */
  scopeFrom: date('scope_from', { mode: 'string' }),
  /** The time zone changed: the day deltas are regrouped into the user's days before any figure. */
  regroupDays: boolean('regroup_days').notNull().default(false),
  createdAt: createdAt(),
});

export const budgets = pgTable(
  'budgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    /** Base-currency minor units; converted when the base currency changes. */
    limitAmount: bigint('limit_amount', { mode: 'number' }),
    /** The first instant the budget covers. */
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    /** The last instant it covers, included (to the millisecond, the API's precision). */
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    autoInclude: boolean('auto_include').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    /** once: its dates; month: its limit again every local month from its start (or its creation). */
    period: varchar('period', { length: 5, enum: ['once', 'month'] })
      .notNull()
      .default('once'),
    /** A monthly budget carries what a month left (or overspent) into the next. */
    rollover: boolean('rollover').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('budgets_user_id_idx').on(t.userId)],
);

export const budgetCategories = pgTable(
  'budget_categories',
  {
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.budgetId, t.categoryId] })],
);

/** Transactions a budget's category rule would take in but the user removed from it. */
export const budgetExclusions = pgTable(
  'budget_exclusions',
  {
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.budgetId, t.transactionId] })],
);

/** A user's tags: labels across categories (a trip, a project) that transactions carry any number of. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    /**
     * The name under full Unicode case folding, filled by the server (SQL's lower() may know only
     * ASCII): two tags of one user never share it, so "Відпустка" and "ВІДПУСТКА" are one name.
     */
    foldedName: varchar('folded_name', { length: 200 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_user_folded_name_key').on(t.userId, t.foldedName)],
);

/** Which tags a transaction carries; a deleted transaction or tag takes its rows along. */
export const transactionTags = pgTable(
  'transaction_tags',
  {
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.tagId] }), index('transaction_tags_tag_id_idx').on(t.tagId)],
);

/**
 * A user's paired Monobank client (one per user): the personal token sealed with the app's secret
 * key (lib/secrets.ts), the webhook's secret as a SHA-256 digest, and when each of the token's
 * calls may next go out — Monobank allows one a minute per endpoint, and every app instance on the
 * database takes its turn from these columns.
 */
export const monobankUsers = pgTable('monobank_users', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: varchar('client_id', { length: 64 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  tokenSealed: text('token_sealed').notNull(),
  tokenState: varchar('token_state', { length: 16, enum: ['valid', 'invalid'] })
    .notNull()
    .default('valid'),
  /** SHA-256 (hex) of the secret path segment of the registered webhook; null when none is set. */
  webhookSecretHash: varchar('webhook_secret_hash', { length: 64 }).unique(),
  webhookEnabled: boolean('webhook_enabled').notNull().default(false),
  lastRefreshAt: timestamp('last_refresh_at', { withTimezone: true, mode: 'date' }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
  clientInfoNextAt: timestamp('client_info_next_at', { withTimezone: true, mode: 'date' }),
  statementNextAt: timestamp('statement_next_at', { withTimezone: true, mode: 'date' }),
  webhookNextAt: timestamp('webhook_next_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * A bank account's side at Monobank: the card's or jar's id there, and the last balance the bank
 * stated (`anchorBalance`, true at `anchoredAt`). The bank is the authority on the balance: after
 * every import the account's current balance is set to it, and the difference from what the
 * imported items add up to goes into the opening balance (docs/decisions.md). When the person
 * deletes the account the row stays without it, so the next refresh does not bring the card back.
 */
export const monobankAccounts = pgTable(
  'monobank_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: varchar('external_id', { length: 128 }).notNull(),
    accountId: integer('account_id')
      .unique()
      .references(() => accounts.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 8, enum: ['card', 'jar'] }).notNull(),
    anchorBalance: bigint('anchor_balance', { mode: 'number' }).notNull(),
    anchoredAt: timestamp('anchored_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The statement item whose balance the anchor is; null when client-info stated it. */
    anchorItemId: varchar('anchor_item_id', { length: 128 }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.externalId] })],
);

/** What the bank said of an imported transaction beyond its ledger fields. */
export const monobankItems = pgTable(
  'monobank_items',
  {
    transactionId: integer('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The statement's description: the merchant, or who sent or received the money. */
    merchant: varchar('merchant', { length: 1000 }).notNull(),
    mcc: integer('mcc').notNull(),
    hold: boolean('hold').notNull(),
    /** In the operation's currency (ISO 4217 numeric), signed as the bank gives it. */
    operationAmount: bigint('operation_amount', { mode: 'number' }).notNull(),
    operationCurrencyCode: smallint('operation_currency_code').notNull(),
  },
  (t) => [index('monobank_items_user_merchant_idx').on(t.userId, t.merchant)],
);

/** A window of a statement import: an account and Unix seconds, both ends included. */
export interface StatementWindow {
  accountId: number;
  from: number;
  to: number;
}

/**
 * An import or sync of statements, run one call at a time by whichever instance holds its lease.
 * `position` (the window) and `pageTo` (paging inside it) move in the same database transaction
 * as the items of each answer, so a restart carries on with nothing lost or doubled.
 */
export const monobankJobs = pgTable(
  'monobank_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8, enum: ['import', 'sync'] }).notNull(),
    state: varchar('state', { length: 8, enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    windows: jsonb('windows').$type<StatementWindow[]>().notNull(),
    accountIds: integer('account_ids').array().notNull(),
    fromTime: timestamp('from_time', { withTimezone: true, mode: 'date' }).notNull(),
    toTime: timestamp('to_time', { withTimezone: true, mode: 'date' }).notNull(),
    position: integer('position').notNull().default(0),
    /** Inside the current window: the `to` of the next page (the oldest time of a full page). */
    pageTo: bigint('page_to', { mode: 'number' }),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    leaseToken: uuid('lease_token'),
    /** Failed calls in a row (the bank down): the job gives up after a few. */
    failures: integer('failures').notNull().default(0),
    errorCode: varchar('error_code', { length: 40 }),
    errorMessage: text('error_message'),
    /** `errorMessage` by code, for the web to translate (null on rows failed before codes were stored). */
    errorIssue: jsonb('error_issue').$type<CodedIssue>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('monobank_jobs_user_id_idx').on(t.userId, t.id),
    index('monobank_jobs_due_idx').on(t.nextRunAt).where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/**
 * Webhook events as they arrived, applied right after the answer (and after a restart if need be),
 * and deleted once applied or given up: the table holds only what waits, a few per user at most.
 */
export const monobankWebhookEvents = pgTable(
  'monobank_webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The card's or jar's id at Monobank. */
    account: varchar('account', { length: 128 }).notNull(),
    item: jsonb('item').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed; it is tried again. */
    error: text('error'),
  },
  (t) => [index('monobank_webhook_events_user_id_idx').on(t.userId)],
);

/** The category a person chose for a merchant's bank transactions; later imports take it. */
export const merchantRules = pgTable(
  'merchant_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchant: varchar('merchant', { length: 1000 }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merchant_rules_user_merchant_key').on(t.userId, t.merchant)],
);

/**
 * A user's Binance API keys, sealed (lib/secrets.ts), with what the key may do, and the last
 * holdings read with them (`figures`, true at `figuresAt`): answered, marked stale, while Binance
 * cannot be reached. Replaced whole when new keys are stored; gone with them.
 */
export const binanceKeys = pgTable('binance_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  apiKeySealed: text('api_key_sealed').notNull(),
  secretKeySealed: text('secret_key_sealed').notNull(),
  apiKeyMasked: varchar('api_key_masked', { length: 16 }).notNull(),
  canTrade: boolean('can_trade').notNull(),
  canWithdraw: boolean('can_withdraw').notNull(),
  /** The priced holdings last read (modules/binance/valuation.ts StoredHoldings), first when the keys were checked. */
  figures: jsonb('figures').notNull(),
  figuresAt: timestamp('figures_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/**
 * The crypto holdings' value at the last read of each local day (the user's zone), and of the days
 * before the keys were connected from Binance's daily snapshots, in US cents: what the dashboard's
 * total and trend count, converted at that day's rate.
 */
export const binanceDailyValues = pgTable(
  'binance_daily_values',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    valueUsd: bigint('value_usd', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** What a commit settled for its import's job: the shared contract's fields, category names resolved to ids. */
/**
 * The different names a column of an uploaded file holds (trimmed, told apart as categoryKey
 * does, each as first written) with the rows carrying each, in the order they came; null for a
 * column with too many to be offered as categories.
 */
export type ImportColumnNames = Array<{ name: string; rows: number }> | null;

export interface ImportOptions {
  mapping: ImportMapping;
  dateFormat: ImportDateFormat;
  decimalSeparator: DecimalSeparator;
  skipDuplicates: boolean;
  /** Category names of the file (lower case) → the category chosen or created for them. */
  categoryIds: Record<string, number>;
  /** Without a balance column: the balance the person gave at one end of the file. */
  balance?: ImportBalance;
  /**
   * What the finished job moved the account's balances by to meet the file's balance; undo moves
   * them back (kept here rather than in a column of its own: no migration for one figure).
   */
  balanceShift?: number;
}

/**
 * CSV files uploaded into an account (docs/decisions.md "CSV import"): the decoded text as read,
 * what was detected, then the commit's options and the background job's place and tallies.
 */
export const imports = pgTable(
  'imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }),
    encoding: varchar('encoding', { length: 16 }).$type<ImportEncoding>().notNull(),
    delimiter: varchar('delimiter', { length: 1 }).$type<ImportDelimiter>().notNull(),
    /** `storing` while the upload's file is being stored (modules/imports/queries.ts, insertImport): seen by no one. */
    state: varchar('state', {
      length: 8,
      enum: ['storing', 'uploaded', 'running', 'done', 'failed', 'undone'],
    }).notNull(),
    /** The header's cells, as the upload read them (0 on imports read before it was kept). */
    columns: integer('columns').notNull(),
    /** Each column's category names, as the upload read them (empty on imports read before they were kept). */
    categoryNames: jsonb('category_names').$type<ImportColumnNames[]>().notNull(),
    /** The commit's mapping, formats and resolved category choices. */
    options: jsonb('options').$type<ImportOptions>(),
    /** Data rows looked at so far, of `total`. */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** Each with its issue code and params, except failures stored before codes were. */
    failed: jsonb('failed').$type<ImportFailure[]>().notNull().default([]),
    failedCount: integer('failed_count').notNull().default(0),
    error: text('error'),
    /** `error` by code, for the web to translate (null on imports failed before codes were stored). */
    errorIssue: jsonb('error_issue').$type<CodedIssue>(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    leaseToken: uuid('lease_token'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('imports_user_id_idx').on(t.userId, t.id),
    index('imports_running_idx').on(t.id).where(sql`${t.state} = 'running'`),
  ],
);

/**
 * An import's file as text (decoded, without a byte-order mark), parsed again by the job: in parts
 * of at most IMPORT_PART_CHARS, in order. The embedded database's memory grows to hold the largest
 * value it reads or writes and never shrinks: one 10 MB value took it 80 MB up for good.
 */
export const importParts = pgTable(
  'import_parts',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.part] })],
);

/**
 * What a file said of a row it brought in beyond the row's own fields, as monobank_items keeps what
 * the bank said: the file's text (the note the row came with, which a rule or the person may
 * replace since) and its MCC when the file has a column of them. Rules look at both on past rows as
 * they did on the row arriving (docs/decisions.md "Rules"). Rows imported before it have none.
 */
export const importItems = pgTable('import_items', {
  transactionId: integer('transaction_id')
    .primaryKey()
    .references(() => transactions.id, { onDelete: 'cascade' }),
  text: varchar('text', { length: 1000 }).notNull(),
  mcc: integer('mcc'),
});

/**
 * Recurring money (docs/decisions.md "Recurring money"): a transaction template and the rhythm of
 * local days it falls on. `kind: 'instalments'` keeps the plan's total in `amount` and its number
 * of parts in `count`, a part a month. `next_date` is where recording looks next; what was
 * recorded or skipped is in recurring_occurrences, whose key makes each occurrence happen once.
 */
export const recurring = pgTable(
  'recurring',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 12, enum: ['schedule', 'instalments'] }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Each occurrence's amount in the account's currency; an instalment plan's total. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transactionType: varchar('transaction_type', { length: 8, enum: ['income', 'expense'] }).notNull(),
    paymentType: varchar('payment_type', { length: 16 }).notNull(),
    /** Gone with its category: the occurrence is then recorded in the account's fallback category. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    /** A transfer between the user's own accounts goes to this one. */
    destinationAccountId: integer('destination_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    destinationAmount: bigint('destination_amount', { mode: 'number' }),
    frequency: varchar('frequency', { length: 5, enum: ['day', 'week', 'month', 'year'] }).notNull(),
    interval: integer('interval').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    count: integer('count'),
    mode: varchar('mode', { length: 7, enum: ['auto', 'confirm'] }).notNull(),
    archived: boolean('archived').notNull().default(false),
    /** The first occurrence not yet recorded or skipped; null once the rhythm has ended. */
    nextDate: date('next_date', { mode: 'string' }),
    /** The lease of the recording under way (jobs/leased-worker.ts). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    leaseToken: uuid('lease_token'),
    /** After a recording failed (its account's currency has no rate): not tried again before this. */
    retryAt: timestamp('retry_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('recurring_user_id_idx').on(t.userId),
    // What recording looks for: automatic schedules by their next day.
    index('recurring_due_idx')
      .on(t.nextDate)
      .where(sql`${t.mode} = 'auto' and not ${t.archived} and ${t.nextDate} is not null`),
  ],
);

/** The tags a schedule's occurrences carry; a deleted tag comes off. */
export const recurringTags = pgTable(
  'recurring_tags',
  {
    recurringId: integer('recurring_id')
      .notNull()
      .references(() => recurring.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.recurringId, t.tagId] }), index('recurring_tags_tag_id_idx').on(t.tagId)],
);

/**
 * Each occurrence recorded or skipped, once: the primary key is the occurrence, so a second
 * recording of it (a restart, another instance, a second confirm) finds it taken and records
 * nothing. A recorded transaction deleted later leaves its occurrence recorded.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    recurringId: integer('recurring_id')
      .notNull()
      .references(() => recurring.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 8, enum: ['recorded', 'skipped'] }).notNull(),
    /** The transaction it recorded (the first leg of a transfer). */
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recurringId, t.occurrenceDate] }),
    index('recurring_occurrences_transaction_id_idx').on(t.transactionId),
  ],
);

/** Suggestions (a payee paid at a steady rhythm) the user dismissed: by account and folded payee. */
export const recurringDismissals = pgTable(
  'recurring_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The payee under full Unicode case folding (foldCase), its first 200 characters. */
    foldedName: varchar('folded_name', { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId, t.foldedName] })],
);

/**
 * A user's rules (docs/decisions.md "Rules"): conditions on a row that arrives from a bank or a
 * file, and what to set on it, run in `position` order (0, 1, … per user, kept without gaps).
 * Conditions and actions are kept as the shared contract checked them; the ids they name (accounts,
 * categories, tags) are kept pointing at what exists by the rules module when those are deleted.
 */
export const rules = pgTable(
  'rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull(),
    match: varchar('match', { length: 3, enum: ['all', 'any'] }).notNull(),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rules_user_position_idx').on(t.userId, t.position)],
);
