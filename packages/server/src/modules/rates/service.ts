import type { DeleteCustomRatesBody, Rate, RateProviderStatus, SetCustomRatesBody } from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { RateProvider } from '../../integrations/rates/provider.ts';
import { TaskNotDone } from '../../jobs/scheduler.ts';
import { type Clock, today as todayOf } from '../../lib/clock.ts';
import { addDays, earlierDay } from '../../lib/dates.ts';
import { validationError } from '../../lib/errors.ts';
import { type LoadedDay, ProviderDays } from './provider-days.ts';
import {
  deleteCustomRatesOfPairs,
  type StoredDay,
  selectAllCustomRates,
  selectLastFetched,
  upsertCustomRate,
} from './queries.ts';
import { CROSS_PIVOTS, type CustomRow, quoteAcross, resolution } from './resolution.ts';

export interface RateQuote {
  /** 1 unit of `from` is worth this many units of `to`. */
  rate: number;
  source: 'live' | 'custom' | 'approximate';
  /** The provider day the rate comes from (live, approximate); null for custom rates. */
  rateDate: string | null;
  effectiveFrom: string | null;
}

/** Resolves rates for one user, remembering what it loaded: one per request or per batch. */
export interface RateSession {
  quote(from: string, to: string, date: string): Promise<RateQuote | null>;
  /** Like quote, but a missing rate is a VALIDATION_ERROR on `path` that asks for a custom rate. */
  require(from: string, to: string, date: string, path: string): Promise<RateQuote>;
}

/** Rates of several currencies into one, for every day of a range, from what is stored. */
export type RateSeries = (code: string, day: string) => RateQuote | null;

export interface RatesService {
  /** `customRates`: the user's own rates, when the caller read them already. */
  session(userId: number, customRates?: CustomRow[]): RateSession;
  /**
   * Fills the stored history of the range from the providers where it has gaps (one request a
   * year), then answers any (currency, day) of it without further I/O. For long ranges — balance
   * history, recomputing a history in a new base currency — where one quote a day would not do.
   */
  series(userId: number, codes: string[], toCode: string, from: string, to: string): Promise<RateSeries>;
  /** Whether each provider answers, as this instance last found it (Settings → Currencies says so). */
  providersStatus(): Promise<RateProviderStatus[]>;
  /**
   * Fetches today's rates from every provider that has not given them yet (the periodic task);
   * rejects when a provider failed, after the others had their turn.
   */
  syncToday(): Promise<void>;
  /** Stores custom rates and their reverses (inside the caller's transaction). */
  setCustomRates(db: Executor, userId: number, pairs: SetCustomRatesBody['pairs']): Promise<Rate[]>;
  /** Removes custom rates in both directions (inside the caller's transaction); answers the rates removed. */
  deleteCustomRates(db: Executor, userId: number, pairs: DeleteCustomRatesBody['pairs']): Promise<RemovedRate[]>;
}

export interface RemovedRate {
  baseCode: string;
  quoteCode: string;
  effectiveFrom: string | null;
}

/**
 * Rows in one order whatever order a request gave them in, so that two requests writing the same
 * rates lock them in the same order and cannot deadlock.
 */
function inLockOrder<T extends { baseCode: string; quoteCode: string; effectiveFrom: string | null }>(rows: T[]): T[] {
  const key = (r: T) => `${r.baseCode}:${r.quoteCode}:${r.effectiveFrom ?? ''}`;
  return rows.sort((a, b) => key(a).localeCompare(key(b)));
}

/**
 * The order of docs/decisions.md "Exchange rates: two providers, stored per day, resolved in a
 * fixed order": the user's custom rate in effect → the stored provider rate of that day → a fetch
 * of that day → the nearest earlier stored day (approximate) → nothing.
 *
 * Rates are resolved outside database transactions: a fetched day is stored on the main
 * connection, which an open PGlite transaction would hold.
 */
export function createRatesService(
  db: Database,
  providers: RateProvider[],
  log: FastifyBaseLogger,
  clock: Clock,
): RatesService {
  const providerDays = new ProviderDays(db, log, clock);
  const byUah = [...providers].sort((a, b) => Number(b.pivot === 'UAH') - Number(a.pivot === 'UAH'));
  const byOthers = [...byUah].reverse();
  /** Pairs touching UAH ask the NBU first; all others the ECB first. */
  const preference = (from: string, to: string) => (from === 'UAH' || to === 'UAH' ? byUah : byOthers);

  function session(userId: number, customRates?: CustomRow[]): RateSession {
    const days = new Map<string, Promise<LoadedDay | null>>();
    let customs = customRates && Promise.resolve(customRates);
    const customRows = () => {
      customs ??= selectAllCustomRates(db, userId);
      return customs;
    };

    const loadDay = (provider: RateProvider, date: string) => {
      const key = `${provider.source}:${date}`;
      let day = days.get(key);
      if (!day) {
        day = providerDays.load(provider, date);
        days.set(key, day);
      }
      return day;
    };

    async function providerQuote(from: string, to: string, date: string): Promise<RateQuote | null> {
      const loaded: LoadedDay[] = [];
      // The second provider is only asked when the first cannot quote the pair on its own.
      for (const provider of preference(from, to)) {
        const day = await loadDay(provider, date);
        if (!day) continue;
        loaded.push(day);
        const direct = quoteAcross(from, to, [day]);
        if (direct) return direct;
      }
      return quoteAcross(from, to, loaded);
    }

    /**
     * The user's own rate of the pair; else the providers'; else a path over the user's rates;
     * else the user's rates to a currency the providers quote against `to`.
     */
    async function quote(from: string, to: string, date: string): Promise<RateQuote | null> {
      const order = resolution(from === to ? [] : await customRows(), from, to, date);
      // Nothing is published for days to come: the latest rates stand in for them.
      const day = earlierDay(date, todayOf(clock));
      for (let step = order.next(); ; ) {
        if (step.done) return step.value;
        step = order.next(await providerQuote(step.value, to, day));
      }
    }

    return {
      quote,
      async require(from, to, date, path) {
        const found = await quote(from, to, date);
        if (!found) {
          throw validationError(path, 'rate.missing', { from, to, date });
        }
        return found;
      },
    };
  }

  async function series(
    userId: number,
    codes: string[],
    toCode: string,
    from: string,
    to: string,
  ): Promise<RateSeries> {
    const identity: RateSeries = (code, day) =>
      code === toCode ? { rate: 1, source: 'live', rateDate: day, effectiveFrom: null } : null;
    // Everything already in the target currency needs no rate at all.
    if (codes.every((code) => code === toCode)) return identity;
    const today = todayOf(clock);
    const last = earlierDay(to, today);
    const customRows = await selectAllCustomRates(db, userId);
    // The currencies the user's own rates lead through may be quoted by a provider on the way.
    const throughCustom = customRows.flatMap((r) => [r.baseCode, r.quoteCode]);
    const needed = [...new Set([...codes, toCode, ...CROSS_PIVOTS, ...throughCustom])];
    const stored = new Map<RateProvider, { days: Map<string, StoredDay>; sorted: string[] }>();
    await Promise.all(
      providers.map(async (provider) => {
        // Days before the range too: a day without rates of its own takes the nearest earlier one.
        const first = addDays(from, -31);
        await providerDays.fillRange(provider, first, last);
        if (to >= today) await providerDays.ensureStored(provider, today);
        const days = await providerDays.storedRange(provider, first, last, needed);
        stored.set(provider, { days, sorted: [...days.keys()].sort() });
      }),
    );

    /** The provider's day, or else its nearest earlier stored day (approximate). */
    function dayOf(provider: RateProvider, day: string): LoadedDay | null {
      const { days, sorted } = stored.get(provider)!;
      const exact = days.get(day);
      if (exact) return { provider, day: exact, approximate: false };
      let low = 0;
      let high = sorted.length - 1;
      let found: string | undefined;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (sorted[middle]! <= day) {
          found = sorted[middle];
          low = middle + 1;
        } else high = middle - 1;
      }
      return found ? { provider, day: days.get(found)!, approximate: true } : null;
    }

    const onDayOf = (day: string) => earlierDay(day, today);
    const provided = (from: string, day: string) =>
      quoteAcross(
        from,
        toCode,
        preference(from, toCode)
          .map((provider) => dayOf(provider, onDayOf(day)))
          .filter((d): d is LoadedDay => d !== null),
      );
    // The order of a session's quote, over what is stored.
    return (code, day) => {
      const order = resolution(customRows, code, toCode, day);
      for (let step = order.next(); ; ) {
        if (step.done) return step.value;
        step = order.next(provided(step.value, day));
      }
    };
  }

  return {
    session,
    series,

    async providersStatus() {
      const stored = await selectLastFetched(db);
      return providers.map((provider) => {
        const outcome = providerDays.lastOutcome(provider);
        const successes = [stored.get(provider.source), outcome && !outcome.failure ? outcome.at : undefined]
          .filter((at): at is Date => at !== undefined)
          .map((at) => at.getTime());
        return {
          source: provider.source,
          name: provider.name,
          state: !outcome ? 'unknown' : outcome.failure ? 'unreachable' : 'ok',
          lastSuccessAt: successes.length > 0 ? new Date(Math.max(...successes)).toISOString() : null,
          lastFailureAt: outcome?.failure ? outcome.at.toISOString() : null,
          reason: outcome?.failure ?? null,
        };
      });
    },

    async syncToday() {
      const today = todayOf(clock);
      const results = await Promise.allSettled(providers.map((provider) => providerDays.sync(provider, today)));
      const failed = providers.filter((_, index) => results[index]!.status === 'rejected');
      if (failed.length > 0) {
        // Each failure has its own warning line (provider-days).
        throw new TaskNotDone(`today's rates of ${failed.map((p) => p.source).join(', ')} could not be fetched`);
      }
    },

    async setCustomRates(tx, userId, pairs) {
      const rows = pairs.flatMap(({ baseCode, quoteCode, rate, effectiveFrom = null }) => [
        { userId, baseCode, quoteCode, effectiveFrom, rate },
        { userId, baseCode: quoteCode, quoteCode: baseCode, effectiveFrom, rate: 1 / rate },
      ]);
      for (const row of inLockOrder(rows)) await upsertCustomRate(tx, row);
      const today = todayOf(clock);
      return pairs.map(({ baseCode, quoteCode, rate, effectiveFrom = null }) => ({
        baseCode,
        quoteCode,
        rate,
        date: effectiveFrom ?? today,
        custom: true,
        source: 'custom' as const,
        rateDate: null,
        effectiveFrom,
      }));
    },

    deleteCustomRates(tx, userId, pairs) {
      return deleteCustomRatesOfPairs(
        tx,
        userId,
        pairs.flatMap(({ baseCode, quoteCode }) => [
          { baseCode, quoteCode },
          { baseCode: quoteCode, quoteCode: baseCode },
        ]),
      );
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/** A backup's custom rates, each direction as it was stored (inside the restore's transaction). */
export async function restoreCustomRates(
  db: Executor,
  userId: number,
  rates: Array<{ baseCode: string; quoteCode: string; effectiveFrom: string | null; rate: number }>,
): Promise<void> {
  for (const rate of rates) await upsertCustomRate(db, { ...rate, userId });
}
