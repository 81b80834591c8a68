import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { RateProvider } from '../../integrations/rates/provider.ts';
import { addDays, daysBetween, earlierDay, todayIso } from '../../lib/dates.ts';
import {
  countDayRows,
  insertDay,
  insertDays,
  type StoredDay,
  selectDay,
  selectDaysInRange,
  selectNearestEarlierDay,
} from './queries.ts';

export interface LoadedDay {
  provider: RateProvider;
  day: StoredDay;
  /** The day asked for could not be had; this is the nearest earlier one. */
  approximate: boolean;
}

/** After a failed fetch, that day is not asked for again for this long: a down provider costs one timeout a minute. */
const RETRY_FAILED_AFTER_MS = 60_000;
/** A day the provider has nothing for yet (not published), or today's not-yet-final answer. */
const RETRY_EMPTY_AFTER_MS = 10 * 60_000;
/** Range fetches go a year at a time, so no single answer gets huge. */
const RANGE_CHUNK_DAYS = 366;
/** How far back a range fetch looks for the rates a first weekend or holiday carries forward. */
const CARRY_FORWARD_DAYS = 14;

/**
 * Provider days from the database, fetched on demand when missing. Concurrent requests for the
 * same day share one fetch; failures fall back to the nearest earlier stored day.
 */
export class ProviderDays {
  private readonly inflight = new Map<string, Promise<StoredDay | null>>();
  private readonly notBefore = new Map<string, number>();
  /** Today's answer while it is still the previous working day's: kept in memory, not stored. */
  private readonly provisional = new Map<string, { day: StoredDay; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async load(provider: RateProvider, date: string): Promise<LoadedDay | null> {
    const stored = await selectDay(this.db, provider.source, date);
    if (stored) return { provider, day: stored, approximate: false };
    const fetched = await this.fetchOnce(provider, date);
    if (fetched) return { provider, day: fetched, approximate: false };
    const earlier = await selectNearestEarlierDay(this.db, provider.source, date);
    return earlier ? { provider, day: earlier, approximate: true } : null;
  }

  /**
   * Makes sure every past day from `from` to `to` is stored, fetching what is missing a year at a
   * time; days without rates of their own (weekends, holidays) carry the last published ones.
   * A provider that fails leaves the gap, to be tried again after a minute.
   */
  async fillRange(provider: RateProvider, from: string, to: string): Promise<void> {
    const last = earlierDay(to, addDays(todayIso(this.now()), -1));
    for (let start = from; start <= last; start = addDays(start, RANGE_CHUNK_DAYS)) {
      const end = earlierDay(addDays(start, RANGE_CHUNK_DAYS - 1), last);
      const expected = daysBetween(start, end).length;
      if ((await countDayRows(this.db, provider.source, start, end)) === expected) continue;
      const key = `${provider.source}:${start}..${end}`;
      if ((this.notBefore.get(key) ?? 0) > this.now().getTime()) continue;
      let pending = this.inflight.get(key) as Promise<unknown> | undefined;
      if (!pending) {
        pending = this.fetchRangeAndStore(provider, start, end, key).finally(() => this.inflight.delete(key));
        this.inflight.set(key, pending as Promise<null>);
      }
      await pending;
    }
  }

  /** Stored days from `from` to `to`, only with the given currencies' rates. */
  storedRange(provider: RateProvider, from: string, to: string, codes: string[]) {
    return selectDaysInRange(this.db, provider.source, from, to, codes);
  }

  private async fetchRangeAndStore(provider: RateProvider, from: string, to: string, key: string): Promise<null> {
    try {
      const published = await provider.fetchRange(addDays(from, -CARRY_FORWARD_DAYS), to);
      const days: StoredDay[] = [];
      let carried: { day: string; perUnit: Record<string, number> } | undefined;
      for (const day of daysBetween(addDays(from, -CARRY_FORWARD_DAYS), to)) {
        const own = published.get(day);
        if (own) carried = { day, perUnit: own };
        if (day >= from && carried) days.push({ date: day, publishedDate: carried.day, perUnit: carried.perUnit });
      }
      await insertDays(this.db, provider.source, days);
    } catch (error) {
      this.log.warn({ err: error, source: provider.source, from, to }, 'exchange rate history could not be fetched');
      this.notBefore.set(key, this.now().getTime() + RETRY_FAILED_AFTER_MS);
    }
    return null;
  }

  private fetchOnce(provider: RateProvider, date: string): Promise<StoredDay | null> {
    const key = `${provider.source}:${date}`;
    const provisional = this.provisional.get(key);
    if (provisional && provisional.until > this.now().getTime()) return Promise.resolve(provisional.day);
    if ((this.notBefore.get(key) ?? 0) > this.now().getTime()) return Promise.resolve(null);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.fetchAndStore(provider, date, key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async fetchAndStore(provider: RateProvider, date: string, key: string): Promise<StoredDay | null> {
    const now = this.now().getTime();
    try {
      const fetched = await provider.fetchDay(date);
      if (!fetched) {
        this.notBefore.set(key, now + RETRY_EMPTY_AFTER_MS);
        return null;
      }
      const day: StoredDay = { date, publishedDate: fetched.publishedDate, perUnit: fetched.perUnit };
      // The rates belong to the provider's own day in any case.
      await insertDay(this.db, provider.source, fetched.publishedDate, fetched.publishedDate, fetched.perUnit);
      // A past day is final. Today's answer may still be the last working day's, replaced once
      // today's rates are published, so it is only kept in memory for a while.
      if (date < todayIso(this.now()) || fetched.publishedDate === date) {
        await insertDay(this.db, provider.source, date, fetched.publishedDate, fetched.perUnit);
      } else {
        this.provisional.set(key, { day, until: now + RETRY_EMPTY_AFTER_MS });
      }
      return day;
    } catch (error) {
      this.log.warn({ err: error, source: provider.source, date }, 'exchange rates could not be fetched');
      this.notBefore.set(key, now + RETRY_FAILED_AFTER_MS);
      return null;
    }
  }
}
