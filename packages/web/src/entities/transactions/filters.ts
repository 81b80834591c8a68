import { TRANSACTION_TYPES, type TransactionType } from '@kopiyka/shared';
import type { TransactionListFilters } from '../../api/transactions.ts';
import { type DayKey, shiftMonth } from '../../lib/dates.ts';
import { type MessageKey, t } from '../../lib/i18n.ts';
import { parseAmount } from '../../lib/money.ts';
import { addDays, dayEnd, dayKey, dayStart, monthEnd, monthStart } from '../../lib/periods.ts';

export const PERIODS = ['all', 'this-month', 'last-month', 'last-30-days', 'this-year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

const PERIOD_LABELS: Record<Period, MessageKey> = {
  all: 'transactions.period.all',
  'this-month': 'transactions.period.thisMonth',
  'last-month': 'transactions.period.lastMonth',
  'last-30-days': 'transactions.period.last30Days',
  'this-year': 'transactions.period.thisYear',
  custom: 'transactions.period.custom',
};

/** "All time", "This month"…, in the current language. */
export function periodLabel(period: Period): string {
  return t(PERIOD_LABELS[period]);
}

/** The filters of /transactions as the page holds them: what the URL says, as typed. */
export type FilterState = {
  period: Period;
  /** Custom period only: first and last day, YYYY-MM-DD; either may be empty. */
  from: DayKey;
  to: DayKey;
  type: TransactionType | '';
  /** Major units, as typed. */
  min: string;
  max: string;
  accountIds: number[];
  categoryIds: number[];
  /** The words searched for, as typed. */
  search: string;
  tagIds: number[];
  excludeTransfers: boolean;
};

export const EMPTY_FILTERS: FilterState = {
  period: 'all',
  from: '',
  to: '',
  type: '',
  min: '',
  max: '',
  accountIds: [],
  categoryIds: [],
  search: '',
  tagIds: [],
  excludeTransfers: false,
};

/** The search parameters, short so links stay readable. */
const PARAM = {
  period: 'period',
  from: 'from',
  to: 'to',
  type: 'type',
  min: 'min',
  max: 'max',
  accounts: 'accounts',
  categories: 'categories',
  search: 'q',
  tags: 'tags',
  transfers: 'transfers',
} as const;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function ids(value: string | null): number[] {
  if (!value) return [];
  const parsed = value.split(',').map(Number);
  return [...new Set(parsed.filter((id) => Number.isInteger(id) && id > 0))];
}

function day(value: string | null): DayKey {
  return value && DAY_PATTERN.test(value) ? value : '';
}

/** The filters a URL describes; anything malformed is ignored rather than refused. */
export function parseFilters(params: URLSearchParams): FilterState {
  const from = day(params.get(PARAM.from));
  const to = day(params.get(PARAM.to));
  const period = params.get(PARAM.period) as Period | null;
  const type = params.get(PARAM.type) as TransactionType | null;
  return {
    // Dates alone mean a custom period, so hand-written links work.
    period: period && PERIODS.includes(period) ? period : from || to ? 'custom' : 'all',
    from,
    to,
    type: type && TRANSACTION_TYPES.includes(type) ? type : '',
    min: params.get(PARAM.min)?.trim() ?? '',
    max: params.get(PARAM.max)?.trim() ?? '',
    accountIds: ids(params.get(PARAM.accounts)),
    categoryIds: ids(params.get(PARAM.categories)),
    search: params.get(PARAM.search) ?? '',
    tagIds: ids(params.get(PARAM.tags)),
    excludeTransfers: params.get(PARAM.transfers) === 'exclude',
  };
}

/** The filters as search parameters; defaults are left out, so an unfiltered page has a bare URL. */
export function filtersToParams(filters: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => {
    if (value !== '') params.set(key, value);
  };
  if (filters.period !== 'all') set(PARAM.period, filters.period);
  if (filters.period === 'custom') {
    set(PARAM.from, filters.from);
    set(PARAM.to, filters.to);
  }
  set(PARAM.type, filters.type);
  set(PARAM.min, filters.min.trim());
  set(PARAM.max, filters.max.trim());
  set(PARAM.accounts, filters.accountIds.join(','));
  set(PARAM.categories, filters.categoryIds.join(','));
  set(PARAM.tags, filters.tagIds.join(','));
  set(PARAM.search, filters.search);
  if (filters.excludeTransfers) set(PARAM.transfers, 'exclude');
  return params;
}

/** How many filters are set, for the badge on the phone's Filters button. The search counts apart: it is always in view. */
export function countFilters(filters: FilterState): number {
  return [
    filters.period !== 'all',
    filters.type !== '',
    minorOrUndefined(filters.min) !== undefined || minorOrUndefined(filters.max) !== undefined,
    filters.accountIds.length > 0,
    filters.categoryIds.length > 0,
    filters.tagIds.length > 0,
    filters.excludeTransfers,
  ].filter(Boolean).length;
}

export function hasFilters(filters: FilterState): boolean {
  return countFilters(filters) > 0 || filters.search.trim() !== '';
}

/** A typed amount in minor units; empty, zero, negative or unreadable amounts filter nothing. */
export function minorOrUndefined(text: string): number | undefined {
  const minor = parseAmount(text);
  return minor !== null && minor > 0 ? minor : undefined;
}

export type DateRange = { start?: Date; end?: Date };

/** From the first instant of `first` to the last millisecond of `last`, days of the user's time zone. */
const wholeDays = (first: DayKey, last: DayKey): DateRange => ({ start: dayStart(first), end: dayEnd(last) });

/**
 * The period as whole days in the user's time zone (the days the server counts), so the range (and
 * the query key built from it) stays the same all day.
 */
export function periodRange(filters: Pick<FilterState, 'period' | 'from' | 'to'>, now: Date = new Date()): DateRange {
  const today = dayKey(now);
  const month = today.slice(0, 7);
  switch (filters.period) {
    case 'this-month':
      return wholeDays(monthStart(month), monthEnd(month));
    case 'last-month': {
      const last = shiftMonth(month, -1);
      return wholeDays(monthStart(last), monthEnd(last));
    }
    case 'last-30-days':
      return wholeDays(addDays(today, -29), today);
    case 'this-year':
      return wholeDays(`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`);
    case 'custom': {
      const range: DateRange = {};
      if (DAY_PATTERN.test(filters.from)) range.start = dayStart(filters.from);
      if (DAY_PATTERN.test(filters.to)) range.end = dayEnd(filters.to);
      return range;
    }
    default:
      return {};
  }
}

/**
 * What the list asks the server for: dates as ISO timestamps, amounts in minor units,
 * empty values left out. Reversed ranges are read the right way round.
 */
export function toListFilters(filters: FilterState, now: Date = new Date()): TransactionListFilters {
  let { start, end } = periodRange(filters, now);
  if (start && end && start > end) {
    // Custom dates typed the wrong way round: the days between them are meant.
    ({ start, end } = periodRange({ period: 'custom', from: filters.to, to: filters.from }, now));
  }
  let amountGte = minorOrUndefined(filters.min);
  let amountLte = minorOrUndefined(filters.max);
  if (amountGte !== undefined && amountLte !== undefined && amountGte > amountLte) {
    [amountGte, amountLte] = [amountLte, amountGte];
  }
  const list: TransactionListFilters = {};
  if (start) list.startDate = start.toISOString();
  if (end) list.endDate = end.toISOString();
  if (amountGte !== undefined) list.amountGte = amountGte;
  if (amountLte !== undefined) list.amountLte = amountLte;
  if (filters.type) list.transactionType = filters.type;
  if (filters.accountIds.length > 0) list.accountIds = filters.accountIds;
  if (filters.categoryIds.length > 0) list.categoryIds = filters.categoryIds;
  if (filters.tagIds.length > 0) list.tagIds = filters.tagIds;
  if (filters.excludeTransfers) list.excludeTransfer = true;
  if (filters.search.trim() !== '') list.search = filters.search.trim();
  return list;
}
