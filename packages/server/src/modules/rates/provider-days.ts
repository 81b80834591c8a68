import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { RateProvider } from '../../integrations/rates/provider.ts';
import { todayIso } from '../../lib/dates.ts';
import { insertDay, type StoredDay, selectDay, selectNearestEarlierDay } from './queries.ts';

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
