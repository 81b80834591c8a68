import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type RateProvider, RateProviderError } from '../../integrations/rates/provider.ts';
import { type Clock, today } from '../../lib/clock.ts';
import { addDays, daysBetween, earlierDay } from '../../lib/dates.ts';
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
  /** Days (and a source's range fetches) not to ask for again before a time: pruned once it passed. */
  private readonly notBefore = new Map<string, number>();
  /** Today's answer while it is still the previous working day's: kept in memory, not stored. */
  private readonly provisional = new Map<string, { day: StoredDay; until: number }>();
  /** How each source's last fetch went, on this instance. */
  private readonly outcomes = new Map<string, { at: Date; failure?: string }>();
  /**
   * Per source, a span of days known to be all stored: stored days are never removed, so a range
   * read within it needs no count. One span, grown as counts confirm the days next to it.
   */
  private readonly storedSpans = new Map<string, { from: string; to: string }>();
  /** Per source, the last day `ensureStored` found stored (today, for the range reads that reach it). */
  private readonly storedDay = new Map<string, string>();
  /** Per source, days known stored as read with all their rates: a stored day is final, so it is read once. */
  private readonly finalDays = new Map<string, Map<string, StoredDay>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  async load(provider: RateProvider, date: string): Promise<LoadedDay | null> {
    const stored = await this.finalDay(provider, date);
    if (stored) return { provider, day: stored, approximate: false };
    const fetched = await this.fetchOnce(provider, date);
    if (fetched) return { provider, day: fetched, approximate: false };
    const earlier = await selectNearestEarlierDay(this.db, provider.source, date);
    return earlier ? { provider, day: earlier, approximate: true } : null;
  }

  /**
   * Makes sure a day is stored, fetching it if need be (today, for a range read that reaches it):
   * without a database read once it was found stored, or while its answer is provisional.
   */
  async ensureStored(provider: RateProvider, date: string): Promise<void> {
    if (this.storedDay.get(provider.source) === date) return;
    const key = this.keyOf(provider, date);
    if (this.fresh(this.provisional.get(key)?.until)) return;
    const loaded = await this.load(provider, date);
    if (loaded && !loaded.approximate && !this.provisional.has(key)) this.storedDay.set(provider.source, date);
  }

  /**
   * The periodic sync's fetch: a day not stored yet is asked for even if a recent request failed,
   * and a failing provider throws, so the task is recorded as failed and retried.
   */
  async sync(provider: RateProvider, date: string): Promise<void> {
    if (await this.finalDay(provider, date)) return;
    if (this.fresh(this.provisional.get(this.keyOf(provider, date))?.until)) return;
    await this.fetchShared(provider, date);
  }

  /**
   * Makes sure every past day from `from` to `to` is stored, fetching what is missing a year at a
   * time; days without rates of their own (weekends, holidays) carry the last published ones.
   * All the years of one call share one time budget, and a failure stops range fetches from that
   * source for a minute: a slow provider costs a caller one timeout, not one per year.
   */
  async fillRange(provider: RateProvider, from: string, to: string): Promise<void> {
    const last = earlierDay(to, addDays(today(this.clock), -1));
    const budget = AbortSignal.timeout(provider.rangeTimeoutMs);
    const failingKey = `${provider.source}:ranges`;
    for (let start = from; start <= last; start = addDays(start, RANGE_CHUNK_DAYS)) {
      if (budget.aborted || this.fresh(this.notBefore.get(failingKey))) return;
      const end = earlierDay(addDays(start, RANGE_CHUNK_DAYS - 1), last);
      const span = this.storedSpans.get(provider.source);
      if (span && span.from <= start && end <= span.to) continue;
      const expected = daysBetween(start, end).length;
      if ((await countDayRows(this.db, provider.source, start, end)) === expected) {
        this.noteStoredSpan(provider.source, start, end);
        continue;
      }
      const key = `${provider.source}:${start}..${end}`;
      let pending = this.inflight.get(key) as Promise<unknown> | undefined;
      if (!pending) {
        pending = this.fetchRangeAndStore(provider, start, end, budget, failingKey).finally(() =>
          this.inflight.delete(key),
        );
        this.inflight.set(key, pending as Promise<null>);
      }
      await pending;
    }
  }

  /** A stored day with all its rates: read once, then from memory (a stored day is final). */
  private async finalDay(provider: RateProvider, date: string): Promise<StoredDay | undefined> {
    const known = this.finalDays.get(provider.source)?.get(date);
    if (known) return known;
    const day = await selectDay(this.db, provider.source, date);
    if (day) {
      const days = this.finalDays.get(provider.source) ?? new Map<string, StoredDay>();
      days.set(date, day);
      this.finalDays.set(provider.source, days);
    }
    return day;
  }

  /**
   * Stored days from `from` to `to`, with at least the given currencies' rates: the days known
   * stored from memory (read once, with all their rates, and answered as they are, not copied: a
   * year of balance history asks for some four hundred days a request), the rest from the database
   * with those currencies' rates only. A range that ends today while today's rates are not final
   * yet reads that one day, not the whole range. The days answered are not to be changed.
   */
  async storedRange(provider: RateProvider, from: string, to: string, codes: string[]) {
    const through = this.knownStoredThrough(provider.source, from, to);
    if (!through) return selectDaysInRange(this.db, provider.source, from, to, codes);
    const range = daysBetween(from, through);
    let days = this.finalDays.get(provider.source);
    if (!days || !range.every((date) => days!.has(date))) {
      days = new Map([...(days ?? []), ...(await selectDaysInRange(this.db, provider.source, from, through, null))]);
      this.finalDays.set(provider.source, days);
    }
    const answer = new Map<string, StoredDay>();
    for (const date of range) answer.set(date, days.get(date)!);
    if (through < to) {
      for (const [date, day] of await selectDaysInRange(this.db, provider.source, addDays(through, 1), to, codes)) {
        answer.set(date, day);
      }
    }
    return answer;
  }

  /**
   * The last day up to `to` through which every day from `from` is known stored (the source's
   * stored span, and its stored day right after it), or undefined when `from` itself is not.
   */
  private knownStoredThrough(source: string, from: string, to: string): string | undefined {
    const span = this.storedSpans.get(source);
    if (!span || from < span.from) return undefined;
    const next = addDays(span.to, 1);
    const through = this.storedDay.get(source) === next ? next : span.to;
    return from <= through ? earlierDay(through, to) : undefined;
  }

  /** The last fetch from the source on this instance: when, and why it failed if it did. */
  lastOutcome(provider: RateProvider): { at: Date; failure?: string } | undefined {
    return this.outcomes.get(provider.source);
  }

  /** How many days (and sources) it remembers not to ask for yet, or holds provisionally. */
  remembered(): number {
    return this.notBefore.size + this.provisional.size;
  }

  private noteFailure(provider: RateProvider, error: unknown): void {
    const failure = error instanceof RateProviderError ? error.message.replace(`${provider.source}: `, '') : 'failed';
    this.outcomes.set(provider.source, { at: this.clock.now(), failure });
  }

  private keyOf(provider: RateProvider, date: string): string {
    return `${provider.source}:${date}`;
  }

  /** True while `until` (a time in ms) is still ahead. */
  private fresh(until: number | undefined): boolean {
    return (until ?? 0) > this.clock.now().getTime();
  }

  /** Days from `from` to `to` are all stored: the span grows by them when they touch it, else they become it. */
  private noteStoredSpan(source: string, from: string, to: string): void {
    const span = this.storedSpans.get(source);
    const touches = span && from <= addDays(span.to, 1) && addDays(span.from, -1) <= to;
    this.storedSpans.set(
      source,
      touches ? { from: from < span.from ? from : span.from, to: to > span.to ? to : span.to } : { from, to },
    );
  }

  private rest(key: string, ms: number): void {
    this.prune();
    this.notBefore.set(key, this.clock.now().getTime() + ms);
  }

  /** Forgets what has expired, so the memory holds a few minutes' worth of days, not every day ever asked. */
  private prune(): void {
    for (const [key, until] of this.notBefore) if (!this.fresh(until)) this.notBefore.delete(key);
    for (const [key, { until }] of this.provisional) if (!this.fresh(until)) this.provisional.delete(key);
  }

  private async fetchRangeAndStore(
    provider: RateProvider,
    from: string,
    to: string,
    budget: AbortSignal,
    failingKey: string,
  ): Promise<null> {
    try {
      const published = await provider.fetchRange(addDays(from, -CARRY_FORWARD_DAYS), to, budget);
      const days: StoredDay[] = [];
      let carried: { day: string; perUnit: Record<string, number> } | undefined;
      for (const day of daysBetween(addDays(from, -CARRY_FORWARD_DAYS), to)) {
        const own = published.get(day);
        if (own) carried = { day, perUnit: own };
        if (day >= from && carried) days.push({ date: day, publishedDate: carried.day, perUnit: carried.perUnit });
      }
      await insertDays(this.db, provider.source, days, this.clock.now());
      this.outcomes.set(provider.source, { at: this.clock.now() });
    } catch (error) {
      this.noteFailure(provider, error);
      this.log.warn(
        { source: provider.source, from, to, ...reasonOf(error) },
        'exchange rate history could not be fetched',
      );
      this.rest(failingKey, RETRY_FAILED_AFTER_MS);
    }
    return null;
  }

  /** A day from the provider unless it failed or had nothing a moment ago; null when it cannot be had now. */
  private fetchOnce(provider: RateProvider, date: string): Promise<StoredDay | null> {
    const key = this.keyOf(provider, date);
    const provisional = this.provisional.get(key);
    if (provisional && this.fresh(provisional.until)) return Promise.resolve(provisional.day);
    if (this.fresh(this.notBefore.get(key))) return Promise.resolve(null);
    return this.fetchShared(provider, date).catch(() => null);
  }

  /** One fetch of a day at a time, whoever asks; rejects when the provider fails. */
  private fetchShared(provider: RateProvider, date: string): Promise<StoredDay | null> {
    const key = this.keyOf(provider, date);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.fetchAndStore(provider, date, key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async fetchAndStore(provider: RateProvider, date: string, key: string): Promise<StoredDay | null> {
    try {
      const fetched = await provider.fetchDay(date);
      this.outcomes.set(provider.source, { at: this.clock.now() });
      if (!fetched) {
        this.rest(key, RETRY_EMPTY_AFTER_MS);
        return null;
      }
      const day: StoredDay = { date, publishedDate: fetched.publishedDate, perUnit: fetched.perUnit };
      // The rates belong to the provider's own day in any case.
      const fetchedAt = this.clock.now();
      await insertDay(
        this.db,
        provider.source,
        fetched.publishedDate,
        fetched.publishedDate,
        fetched.perUnit,
        fetchedAt,
      );
      // A past day is final. Today's answer may still be the last working day's, replaced once
      // today's rates are published, so it is only kept in memory for a while.
      if (date < today(this.clock) || fetched.publishedDate === date) {
        await insertDay(this.db, provider.source, date, fetched.publishedDate, fetched.perUnit, fetchedAt);
      } else {
        this.prune();
        this.provisional.set(key, { day, until: this.clock.now().getTime() + RETRY_EMPTY_AFTER_MS });
      }
      return day;
    } catch (error) {
      this.noteFailure(provider, error);
      this.log.warn({ source: provider.source, date, ...reasonOf(error) }, 'exchange rates could not be fetched');
      this.rest(key, RETRY_FAILED_AFTER_MS);
      throw error;
    }
  }
}

/**
 * What a log line says of a failed fetch: a provider being unreachable or answering nonsense is
 * expected and told in one plain line (its reason); anything else keeps its stack for a bug report.
 */
function reasonOf(error: unknown): { reason: string } | { err: unknown } {
  return error instanceof RateProviderError ? { reason: error.message } : { err: error };
}
