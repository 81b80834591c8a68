/**
 * Frankfurter's frozen v1 API (api.frankfurter.dev/v1, ECB data, EUR base by default), as described in
 * shared/reference/external-apis.md §3.2 and following its source (lib/versions/v1*).
 */
import { type Answer, jsonAnswer } from '../answer.ts';
import { FRANKFURTER_NAMES } from './currencies.ts';
import type { DailyRates } from './data.ts';
import { addDays, daysBetween, parseIsoDay, zonedDayAndHour } from './dates.ts';
import { dayOnOrBefore, daysInRange } from './table.ts';

/** The ECB publishes at about 16:00 CET; Frankfurter's "today" is taken in the same zone. */
export const ECB_TIME_ZONE = 'Europe/Berlin';
export const ECB_PUBLISH_HOUR = 16;
/** A day without rates answers the nearest earlier day with rates, at most this many days back. */
export const CARRY_FORWARD_DAYS = 14;

export function isFrankfurterPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/');
}

class InvalidRequest extends Error {}

interface Query {
  amount: number;
  /** As asked (upper-cased); undefined means the default, EUR. */
  base: string | undefined;
  symbols: string[] | undefined;
}

type DayRates = Record<string, number>;

/** Serialises like Ruby's Oj in compat mode: a Float always shows a fraction (`1.0`), an Integer does not. */
function rubyJson(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Math.abs(value) > 5000) return String(value);
    return `${value}.0`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, inner]) => `${JSON.stringify(key)}:${rubyJson(inner)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

function answer(status: number, value: unknown): Answer {
  const result = jsonAnswer(status, rubyJson(value));
  result.headers['cache-control'] = 'public, max-age=86400';
  return result;
}

export function frankfurterNotFound(): Answer {
  return answer(404, { message: 'not found' });
}

/** Frankfurter's rounding of rebased or amount-scaled rates (lib/versions/v1/roundable.rb). */
export function frankfurterRound(value: number): number {
  if (value > 5000) return Math.round(value);
  if (value > 80) return Number(value.toFixed(2));
  if (value > 20) return Number(value.toFixed(3));
  if (value > 1) return Number(value.toFixed(4));
  if (value > 0.0001) return Number(value.toFixed(5));
  return Number(value.toFixed(6));
}

/** Ruby's `String#to_f`: the longest leading number, else 0. */
function rubyToF(value: string): number {
  const match = /^\s*[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(value);
  return match ? Number(match[0]) : 0;
}

/** The last value of a repeated parameter wins, as with Rack. */
function param(params: URLSearchParams, name: string): string | undefined {
  return params.getAll(name).at(-1);
}

/** Parameters in the order Frankfurter checks them: amount, then base and symbols, then the pair. */
function readQuery(params: URLSearchParams): Query {
  const amountParam = param(params, 'amount');
  let amount = 1;
  if (amountParam !== undefined) {
    amount = rubyToF(amountParam);
    if (!(amount > 0)) throw new InvalidRequest('invalid amount');
  }
  const base = (param(params, 'from') ?? param(params, 'base'))?.toUpperCase();
  const symbols = (param(params, 'to') ?? param(params, 'symbols'))
    ?.toUpperCase()
    .split(',')
    .filter((code) => code !== '');
  return { amount, base, symbols };
}

function readDay(value: string): string {
  const day = parseIsoDay(value);
  if (day === null) throw new InvalidRequest('invalid date');
  return day;
}

function checkPair(query: Query): void {
  if (query.base !== undefined && query.symbols?.length === 1 && query.symbols[0] === query.base) {
    throw new InvalidRequest('bad currency pair');
  }
}

/** Frankfurter's Quote::Base#perform: scale, filter and rebase the rows of the given days. */
function quote(table: DailyRates, days: string[], query: Query): Map<string, DayRates> {
  const base = query.base ?? 'EUR';
  const { amount, symbols } = query;
  const mustRebase = base !== 'EUR';
  const shouldRound = amount !== 1 || mustRebase;
  const result = new Map<string, DayRates>();
  for (const day of days) {
    const rates: DayRates = {};
    for (const [code, rate] of Object.entries(table.get(day) ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (code === 'EUR') continue;
      if (symbols && !symbols.includes(code) && code !== base) continue;
      rates[code] = shouldRound ? frankfurterRound(amount * rate) : amount * rate;
    }
    if (Object.keys(rates).length > 0) result.set(day, rates);
  }
  if (!mustRebase) return result;
  for (const [day, rates] of result) {
    if (!symbols || symbols.includes('EUR')) rates.EUR = amount;
    const divisor = rates[base];
    delete rates[base];
    if (divisor === undefined || Object.keys(rates).length === 0) {
      result.delete(day);
      continue;
    }
    const rebased: DayRates = {};
    for (const code of Object.keys(rates).sort()) rebased[code] = frankfurterRound((amount * rates[code]!) / divisor);
    result.set(day, rebased);
  }
  return result;
}

/** The earlier of two `YYYY-MM-DD` days. */
function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

interface Clock {
  /** Today in Frankfurt. */
  today: string;
  /** The last day whose rates are out: today from 16:00, else yesterday. */
  lastPublished: string;
}

/** One day's rates: that day, or the nearest earlier day with rates within the carry-forward window. */
function endOfDay(table: DailyRates, asked: string, query: Query, clock: Clock): Answer {
  const day = earlier(asked, clock.today);
  const found = dayOnOrBefore(table, earlier(day, clock.lastPublished));
  if (found === undefined || daysBetween(found, day) > CARRY_FORWARD_DAYS) return frankfurterNotFound();
  const result = quote(table, [found], query);
  const rates = result.get(found);
  if (!rates) return frankfurterNotFound();
  return answer(200, { amount: query.amount, base: query.base ?? 'EUR', date: found, rates });
}

/** Working days from the nearest day with rates on or before `start`, to `end` (today when left out). */
function interval(table: DailyRates, start: string, end: string, query: Query, clock: Clock): Answer {
  if (start > clock.today) return frankfurterNotFound();
  const first = dayOnOrBefore(table, earlier(start, clock.lastPublished)) ?? start;
  const last = earlier(end, clock.lastPublished);
  const result = quote(table, daysInRange(table, first, last), query);
  const days = [...result.keys()];
  if (days.length === 0) return frankfurterNotFound();
  return answer(200, {
    amount: query.amount,
    base: query.base ?? 'EUR',
    start_date: days[0],
    end_date: days.at(-1),
    rates: Object.fromEntries(result),
  });
}

/** `/v1/currencies`: the currencies of the latest day, plus EUR. */
function currencies(table: DailyRates, clock: Clock): Answer {
  const latest = dayOnOrBefore(table, clock.lastPublished);
  if (latest === undefined) return answer(200, {});
  const codes = [...new Set([...Object.keys(table.get(latest) ?? {}), 'EUR'])].sort();
  return answer(200, Object.fromEntries(codes.map((code) => [code, FRANKFURTER_NAMES[code] ?? code])));
}

const DAY = '(\\d{4}-\\d{2}-\\d{2})';
const SINGLE_DAY = new RegExp(`^/v1/${DAY}$`);
const RANGE = new RegExp(`^/v1/${DAY}\\.\\.${DAY}?$`);

/** Answers a request under `/v1`. `now` decides "today" (in Frankfurt) and what is published yet. */
export function frankfurterAnswer(url: URL, table: DailyRates, now: Date): Answer {
  const { day: today, hour } = zonedDayAndHour(now, ECB_TIME_ZONE);
  const clock = { today, lastPublished: hour >= ECB_PUBLISH_HOUR ? today : addDays(today, -1) };
  const path = url.pathname;
  try {
    if (path === '/v1/latest' || path === '/v1/current') {
      const query = readQuery(url.searchParams);
      checkPair(query);
      return endOfDay(table, today, query, clock);
    }
    const single = SINGLE_DAY.exec(path);
    if (single) {
      const query = readQuery(url.searchParams);
      const day = readDay(single[1]!);
      checkPair(query);
      return endOfDay(table, day, query, clock);
    }
    const range = RANGE.exec(path);
    if (range) {
      const query = readQuery(url.searchParams);
      const start = readDay(range[1]!);
      const end = range[2] === undefined ? today : readDay(range[2]);
      checkPair(query);
      return interval(table, start, end, query, clock);
    }
    if (path === '/v1/currencies') return currencies(table, clock);
    return frankfurterNotFound();
  } catch (error) {
    if (error instanceof InvalidRequest) return answer(422, { message: error.message });
    throw error;
  }
}
