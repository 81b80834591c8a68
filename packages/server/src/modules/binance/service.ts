import {
  BINANCE_KEY_ERROR_TEXT,
  type BinanceAccount,
  type BinanceKeys,
  type CryptoBalancePoint,
  missingBinanceKeyCode,
  type PutBinanceKeysBody,
} from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type BinanceClient,
  BinanceError,
  type BinanceKeyPair,
  type EarnPosition,
} from '../../integrations/binance/client.ts';
import { TaskNotDone } from '../../jobs/scheduler.ts';
import { type Clock, today } from '../../lib/clock.ts';
import { daysBetween, zonedDay } from '../../lib/dates.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { valueInBase } from '../accounts/index.ts';
import { selectBaseCurrency } from '../currencies/index.ts';
import type { RatesService } from '../rates/index.ts';
import { getSettings } from '../settings/index.ts';
import { type PastValue, readPastValues } from './backfill.ts';
import {
  type BinanceKeysRow,
  deleteKeys,
  selectAllKeys,
  selectDailyValues,
  selectKeys,
  updateFigures,
  upsertDailyValue,
  upsertDailyValues,
  upsertKeys,
} from './queries.ts';
import { type StoredHoldings, valueHoldings } from './valuation.ts';

const USD = 'USD';

interface Holdings {
  stored: StoredHoldings;
  canTrade: boolean;
  canWithdraw: boolean;
}

/** What the account page is answered from: the holdings as last read, and whether that read is current. */
interface Reading {
  figures: Holdings;
  updatedAt: Date;
  stale: boolean;
  keysRefused: boolean;
}

/** A whole read: the holdings, and the Earn positions and prices they were valued with. */
interface Read extends Holdings {
  earn: EarnPosition[];
  prices: Map<string, string>;
}

export interface BinanceService {
  /** Checks the keys with Binance, then stores them sealed in place of any before. */
  putKeys(userId: number, body: PutBinanceKeysBody): Promise<BinanceKeys>;
  deleteKeys(userId: number): Promise<void>;
  /** Null without keys; the last figures known, marked stale, while Binance cannot be reached or refuses the keys. */
  account(userId: number): Promise<BinanceAccount | null>;
  /** The periodic task: reads every user's holdings, so each day has its value snapshot. */
  snapshotAll(): Promise<void>;
}

export interface BinanceDeps {
  db: Database;
  client: BinanceClient;
  secrets: SecretBox;
  rates: RatesService;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Before keys are checked with Binance: refuses (TOO_MANY_REQUESTS) a user who has tried too often. */
  admitKeyCheck(userId: number): Promise<void>;
  /**
   * How long a person's reading is answered again without asking Binance: every read spends
   * request weight that the server's address shares with every user, so a page reloaded in a loop
   * must not use it up for all.
   */
  accountFreshMs: number;
}

/** "vmPU…2ftq": enough of the API key to recognise it, never enough to use it. */
function maskApiKey(apiKey: string): string {
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}

const unreachable = () =>
  new AppError('BAD_GATEWAY', 'Binance cannot be reached right now. Try again in a few minutes.');

/** Binance refused the keys: which one, in words a person can act on. */
function rejected(error: BinanceError): AppError {
  return error.failure === 'secret-key'
    ? validationError('secretKey', 'binance.secretKeyRefused')
    : validationError('apiKey', 'binance.apiKeyRefused');
}

export function createBinanceService(deps: BinanceDeps): BinanceService {
  const { db, client, secrets, rates, clock, log, accountFreshMs } = deps;

  /**
   * Each user's last reading, with the sealed key it was read with (keys replaced on another
   * instance make it no longer theirs) and until when it stands. An outage is not kept: Binance's
   * own Retry-After already stops the calls that would spend weight, and figures come back as soon
   * as it does.
   */
  const recent = new Map<number, { apiKeySealed: string; until: number; reading: Reading }>();
  function remember(row: Pick<BinanceKeysRow, 'userId' | 'apiKeySealed'>, reading: Reading): void {
    const now = clock.now().getTime();
    for (const [userId, kept] of recent) if (kept.until <= now) recent.delete(userId);
    recent.set(row.userId, { apiKeySealed: row.apiKeySealed, until: now + accountFreshMs, reading });
  }

  const keysOf = (row: BinanceKeysRow): BinanceKeyPair => ({
    apiKey: secrets.open(row.apiKeySealed),
    secretKey: secrets.open(row.secretKeySealed),
  });

  /**
   * Everything the page shows, read with these keys: spot, Simple Earn, prices and what the key may
   * do besides reading (the account's flags and the key's own restrictions must both allow it).
   */
  async function fetchHoldings(keys: BinanceKeyPair): Promise<Read> {
    // One after another: a refused key or a used-up weight stops the read before the costlier calls.
    const spot = await client.account(keys);
    const restrictions = await client.apiRestrictions(keys);
    const earn = await client.earnPositions(keys);
    const prices = await client.prices();
    return {
      stored: valueHoldings(spot.balances, earn, prices),
      canTrade: spot.canTrade && restrictions.enableSpotAndMarginTrading,
      canWithdraw: spot.canWithdraw && restrictions.enableWithdrawals,
      earn,
      prices,
    };
  }

  /**
   * The values of the days before the user's today from Binance's daily snapshots; none when they
   * cannot be read now (the history then starts on the day of connection, as before).
   */
  async function pastValues(userId: number, keys: BinanceKeyPair, read: Read): Promise<PastValue[]> {
    const { timeZone } = await getSettings(db, userId);
    try {
      return await readPastValues(client, keys, read.earn, read.prices, zonedDay(clock.now(), timeZone));
    } catch (error) {
      if (!(error instanceof BinanceError)) throw error;
      log.warn({ reason: error.description }, 'binance: the days before the connection not read');
      return [];
    }
  }

  /** Reads the holdings, keeps them as the last known, and writes the day's value snapshot. */
  async function read(row: BinanceKeysRow): Promise<Holdings> {
    const holdings = await fetchHoldings(keysOf(row));
    const { stored, canTrade, canWithdraw } = holdings;
    const at = clock.now();
    await db.transaction(async (tx) => {
      await updateFigures(tx, row.userId, row.apiKeySealed, stored, at, { canTrade, canWithdraw });
      await upsertDailyValue(tx, row.userId, at, stored.totalValue);
    });
    return holdings;
  }

  /** The holdings as Binance says now, or as last read within `accountFreshMs`. */
  async function readingOf(row: BinanceKeysRow): Promise<Reading> {
    const kept = recent.get(row.userId);
    if (kept && kept.apiKeySealed === row.apiKeySealed && clock.now().getTime() < kept.until) return kept.reading;
    try {
      const reading = { figures: await read(row), updatedAt: clock.now(), stale: false, keysRefused: false };
      remember(row, reading);
      return reading;
    } catch (error) {
      if (!(error instanceof BinanceError)) throw error;
      log.warn({ reason: error.description }, 'binance: holdings not read');
      const reading = {
        figures: { stored: row.figures as StoredHoldings, canTrade: row.canTrade, canWithdraw: row.canWithdraw },
        updatedAt: row.figuresAt,
        stale: true,
        keysRefused: error.failure !== 'unavailable',
      };
      // A refusal spends weight as a read does; asking again within the minute would only repeat it.
      if (reading.keysRefused) remember(row, reading);
      return reading;
    }
  }

  async function inBase(userId: number) {
    const base = await selectBaseCurrency(db, userId);
    if (!base) return { code: null, toBase: () => null };
    const code = base.currency.code;
    const quote = code === USD ? { rate: 1 } : await rates.session(userId).quote(USD, code, today(clock));
    return {
      code,
      toBase: (cents: number | null) => (cents === null || !quote ? null : valueInBase(cents, quote.rate)),
    };
  }

  return {
    async putKeys(userId, body) {
      const missing = missingBinanceKeyCode(body);
      if (missing !== null) throw new AppError(missing, BINANCE_KEY_ERROR_TEXT[missing]);
      await deps.admitKeyCheck(userId);
      const keys = { apiKey: body.apiKey ?? '', secretKey: body.secretKey ?? '' };
      let holdings: Read;
      try {
        holdings = await fetchHoldings(keys);
      } catch (error) {
        if (!(error instanceof BinanceError)) throw error;
        if (error.failure === 'unavailable') {
          log.warn({ reason: error.description }, 'binance: keys not checked');
          throw unreachable();
        }
        throw rejected(error);
      }
      const { stored, canTrade, canWithdraw } = holdings;
      const past = await pastValues(userId, keys, holdings);
      const apiKeyMasked = maskApiKey(keys.apiKey);
      const apiKeySealed = secrets.seal(keys.apiKey);
      const at = clock.now();
      await db.transaction(async (tx) => {
        await upsertKeys(tx, {
          userId,
          apiKeySealed,
          secretKeySealed: secrets.seal(keys.secretKey),
          apiKeyMasked,
          canTrade,
          canWithdraw,
          figures: stored,
          figuresAt: at,
        });
        await upsertDailyValues(tx, userId, past);
        await upsertDailyValue(tx, userId, at, stored.totalValue);
      });
      // The holdings just read are the page's next answer.
      remember(
        { userId, apiKeySealed },
        { figures: { stored, canTrade, canWithdraw }, updatedAt: at, stale: false, keysRefused: false },
      );
      return { apiKeyMasked, canTrade, canWithdraw };
    },

    async deleteKeys(userId) {
      await deleteKeys(db, userId);
      recent.delete(userId);
    },

    async account(userId) {
      const row = await selectKeys(db, userId);
      if (!row) return null;
      const { figures, updatedAt, stale, keysRefused } = await readingOf(row);
      const base = await inBase(userId);
      return {
        apiKeyMasked: row.apiKeyMasked,
        balances: figures.stored.holdings.map((holding) => ({ ...holding, refValue: base.toBase(holding.value) })),
        totalValue: figures.stored.totalValue,
        totalRefValue: base.toBase(figures.stored.totalValue),
        baseCurrencyCode: base.code,
        updatedAt: updatedAt.toISOString(),
        stale,
        keysRefused,
        canTrade: figures.canTrade,
        canWithdraw: figures.canWithdraw,
      };
    },

    async snapshotAll() {
      let failed = 0;
      for (const row of await selectAllKeys(db)) {
        try {
          await read(row);
        } catch (error) {
          if (!(error instanceof BinanceError)) throw error;
          log.warn({ userId: row.userId, reason: error.description }, 'binance: holdings not read for the daily value');
          failed++;
        }
      }
      if (failed > 0) throw new TaskNotDone(`${failed} Binance accounts not read`);
    },
  };
}

/**
 * The crypto holdings in the base currency for every day of a range, for the dashboard's total and
 * trend: each day's value snapshot or the latest before it, at that day's USD rate. Before the first
 * snapshot the holdings count at its value, as an account counts at its opening balance before its
 * first transaction (docs/decisions.md "New money is not growth"), so connecting Binance is no step.
 * Empty when the user leaves crypto out of the total or has no snapshot; days without a rate left out.
 */
export async function cryptoBalanceHistory(
  db: Database,
  rates: RatesService,
  userId: number,
  baseCode: string,
  from: string,
  to: string,
): Promise<CryptoBalancePoint[]> {
  const settings = await getSettings(db, userId);
  if (!settings.includeCryptoInTotal) return [];
  const snapshots = await selectDailyValues(db, userId, from, to);
  if (snapshots.length === 0) return [];
  const series = await rates.series(userId, [USD], baseCode, from, to);
  const points: CryptoBalancePoint[] = [];
  let next = 0;
  let value = snapshots[0]!.valueUsd;
  for (const day of daysBetween(from, to)) {
    while (next < snapshots.length && snapshots[next]!.day <= day) value = snapshots[next++]!.valueUsd;
    const rate = baseCode === USD ? 1 : series(USD, day)?.rate;
    const refBalance = rate === undefined ? null : valueInBase(value, rate);
    if (refBalance !== null) points.push({ date: day, refBalance });
  }
  return points;
}
