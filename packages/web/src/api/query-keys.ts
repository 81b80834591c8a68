import type { PreviewRuleBody } from '@kopiyka/shared';
import type { DayKey, MonthKey } from '../lib/dates.ts';
import type { DayRange } from '../lib/periods.ts';
import type { BalanceHistoryParams, CashFlowParams } from './stats.ts';
import type { TransactionListFilters } from './transactions.ts';

/**
 * Every key of the query cache. A key starts with its resource, so invalidating a prefix (`all`,
 * `lists()`) reaches every query under it; what each change invalidates is in invalidation.ts.
 */

export const healthKeys = {
  all: ['health'] as const,
};

export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const settingsKeys = {
  all: ['user-settings'] as const,
};

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  detail: (id: number) => [...accountKeys.all, 'detail', id] as const,
};

export const accountGroupKeys = {
  all: ['account-groups'] as const,
  list: () => [...accountGroupKeys.all, 'list'] as const,
};

export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
};

export const ruleKeys = {
  all: ['rules'] as const,
  list: () => [...ruleKeys.all, 'list'] as const,
  /** What running a rule over past rows would change: asked again each time it is shown. */
  dryRun: (id: number) => [...ruleKeys.all, 'dry-run', id] as const,
  /** The mutations that set the order: one at a time, each after the last one answered. */
  order: () => [...ruleKeys.all, 'order'] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export const currencyKeys = {
  all: ['currencies'] as const,
  system: () => [...currencyKeys.all, 'system'] as const,
  user: () => [...currencyKeys.all, 'user'] as const,
  base: () => [...currencyKeys.user(), 'base'] as const,
  rates: () => [...currencyKeys.user(), 'rates'] as const,
  ratesOn: (date: DayKey | undefined) => [...currencyKeys.rates(), date ?? 'today'] as const,
  baseChange: () => [...currencyKeys.all, 'base-change'] as const,
  rateProviders: () => [...currencyKeys.all, 'rate-providers'] as const,
};

export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (filters: TransactionListFilters) => [...transactionKeys.lists(), filters] as const,
  linkCandidates: (id: number) => [...transactionKeys.all, 'link-candidates', id] as const,
  /** Expenses an income could refund, for what the person typed in the picker. */
  refundCandidates: (filters: TransactionListFilters) =>
    [...transactionKeys.all, 'refund-candidates', filters] as const,
  /** A transaction's refund links: an expense's refunds, or the expense a refund gives back. */
  refunds: (id: number) => [...transactionKeys.all, 'refunds', id] as const,
  /** The newest few, for a glance: refreshed with every change to a transaction, like the lists. */
  latest: (limit: number) => [...transactionKeys.all, 'latest', limit] as const,
  /** An account's oldest transaction, where its history may start. */
  oldest: (accountId: number) => [...transactionKeys.all, 'oldest', accountId] as const,
  /** Which of the newest bank and imported rows the conditions of a rule being written match. */
  rulePreview: (body: PreviewRuleBody) => [...transactionKeys.all, 'rule-preview', body] as const,
};

/** Everything computed from the user's transactions and balances lives under `all`: one invalidation refreshes every figure. */
export const statsKeys = {
  all: ['stats'] as const,
  balanceHistory: (params: BalanceHistoryParams) => [...statsKeys.all, 'balance-history', params] as const,
  totalBalance: (date: DayKey) => [...statsKeys.all, 'total-balance', date] as const,
  totalBalanceChange: (range: DayRange) => [...statsKeys.all, 'total-balance-change', range] as const,
  cryptoBalanceHistory: (range: DayRange) => [...statsKeys.all, 'crypto-balance-history', range] as const,
  spendings: (range: DayRange) => [...statsKeys.all, 'spendings', range] as const,
  cashFlow: (params: CashFlowParams) => [...statsKeys.all, 'cash-flow', params] as const,
};

export const budgetKeys = {
  all: ['budgets'] as const,
  list: () => [...budgetKeys.all, 'list'] as const,
  detail: (id: number) => [...budgetKeys.all, 'detail', id] as const,
  /** Figures: refreshed with every other statistic. Every month's of a budget are under this prefix. */
  stats: (id: number) => [...statsKeys.all, 'budget', id] as const,
  /** The figures of one month of a monthly budget; of its whole dates (null) for one that is not. */
  figures: (id: number, month: MonthKey | null) => [...budgetKeys.stats(id), month] as const,
};

export const recurringKeys = {
  all: ['recurring'] as const,
  list: () => [...recurringKeys.all, 'list'] as const,
  /** Payees paid at a steady rhythm in the history: asked for again each time they are shown. */
  suggestions: () => [...recurringKeys.all, 'suggestions'] as const,
  /** What is due and coming, with the forecast of the total balance: a figure, refreshed with every other statistic. */
  upcomingAll: () => [...statsKeys.all, 'recurring-upcoming'] as const,
  upcoming: (days: number) => [...recurringKeys.upcomingAll(), days] as const,
};

export const monobankKeys = {
  all: ['monobank'] as const,
  user: () => [...monobankKeys.all, 'user'] as const,
  jobs: () => [...monobankKeys.all, 'jobs'] as const,
  activeJobs: () => [...monobankKeys.jobs(), 'active'] as const,
  recentJobs: () => [...monobankKeys.jobs(), 'recent'] as const,
  job: (id: number) => [...monobankKeys.jobs(), 'detail', id] as const,
  merchantRules: () => [...monobankKeys.all, 'merchant-rules'] as const,
};

export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  detail: (id: number) => [...importKeys.all, 'detail', id] as const,
  categories: (id: number, column: number) => [...importKeys.all, 'categories', id, column] as const,
};

export const binanceKeys = {
  all: ['binance'] as const,
  account: () => [...binanceKeys.all, 'account'] as const,
};
