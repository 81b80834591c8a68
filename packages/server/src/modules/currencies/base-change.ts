import type { BaseCurrencyChange, UserCurrency } from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { earlierDay, todayIso } from '../../lib/dates.ts';
import { convertBudgetLimits, hasBudgetLimits } from '../budgets/service.ts';
import type { RateSeries, RatesService } from '../rates/service.ts';
import {
  advanceBaseChange,
  claimBaseChange,
  completeBaseChange,
  countTransactionsOf,
  failBaseChange,
  insertBaseChange,
  selectBaseChange,
  selectForRevaluation,
  selectHistoryShape,
  writePendingRefs,
} from './queries.ts';

const BATCH = 1000;
/** A worker extends its lease with every batch; a dead one's lease runs out after this. */
const LEASE_MS = 60_000;
/** New transactions recorded while the change runs are caught up before the switch, this often at most. */
const CATCH_UP_ROUNDS = 5;

type Revaluation = Awaited<ReturnType<typeof selectForRevaluation>>[number];

class MissingRate extends Error {}

/**
 * A row's figures in the new base: a transfer with a leg in the new base is neutral (both legs
 * carry that leg's amount), anything else is converted at the rate of its own day.
 */
function revalue(row: Revaluation, toCode: string, series: RateSeries) {
  if (row.code === toCode) return { id: row.id, refAmount: row.amount, rate: 1 };
  if (row.otherCode === toCode && row.otherAmount !== null) {
    return { id: row.id, refAmount: row.otherAmount, rate: row.otherAmount / row.amount };
  }
  const day = row.time.toISOString().slice(0, 10);
  const quote = series(row.code, day);
  if (!quote) {
    throw new MissingRate(`No exchange rate for ${row.code} → ${toCode} on ${day}. Set a custom rate and try again.`);
  }
  return { id: row.id, refAmount: Math.round(row.amount * quote.rate), rate: quote.rate };
}

export interface BaseChangeService {
  /** Starts recomputing every base-currency figure for a new base; the old base stays until done. */
  start(userId: number, from: UserCurrency, toCurrencyId: number): Promise<void>;
  progress(userId: number): Promise<BaseCurrencyChange>;
  isRunning(userId: number): Promise<boolean>;
  /** Works through every change that is waiting (called after a start, and periodically). */
  runPending(): Promise<void>;
  /** Resolves once no change is being worked on here (before the database closes). */
  settled(): Promise<void>;
}

export function createBaseChangeService(db: Database, rates: RatesService, log: FastifyBaseLogger): BaseChangeService {
  let running: Promise<void> | undefined;

  async function seriesFor(userId: number, toCode: string): Promise<RateSeries> {
    const shape = await selectHistoryShape(db, userId);
    const today = todayIso();
    const first = shape.first ?? today;
    return rates.series(userId, shape.codes, toCode, first, earlierDay(shape.last ?? today, today));
  }

  async function process(change: NonNullable<Awaited<ReturnType<typeof claimBaseChange>>>) {
    const current = await selectBaseChange(db, change.userId);
    if (!current) return;
    const { toCode } = current;
    try {
      let series = await seriesFor(change.userId, toCode);
      let lastId = change.lastId;
      for (;;) {
        const rows = await selectForRevaluation(db, change.userId, { afterId: lastId, limit: BATCH });
        if (rows.length === 0) break;
        const values = rows.map((row) => revalue(row, toCode, series));
        lastId = rows.at(-1)!.id;
        // Each batch and its progress land together, so a restart resumes after the last one.
        await db.transaction(async (tx) => {
          await writePendingRefs(tx, change.userId, values);
          await advanceBaseChange(tx, change.userId, lastId, rows.length, LEASE_MS);
        });
      }
      for (let round = 0; ; round++) {
        // Rows written while the change ran (new, or edited) have no new figure yet.
        const stragglers = await selectForRevaluation(db, change.userId, { limit: BATCH });
        if (stragglers.length > 0) {
          if (round >= CATCH_UP_ROUNDS) throw new Error('The history keeps changing; try again in a moment.');
          series = await seriesFor(change.userId, toCode);
          await writePendingRefs(
            db,
            change.userId,
            stragglers.map((row) => revalue(row, toCode, series)),
          );
          continue;
        }
        // Budget limits are converted at today's rate; only asked for when there is a limit.
        const limitRate = (await hasBudgetLimits(db, change.userId))
          ? await rates.session(change.userId).quote(current.fromCode, toCode, todayIso())
          : { rate: 1 };
        if (!limitRate) {
          throw new MissingRate(
            `No exchange rate for ${current.fromCode} → ${toCode} today to convert budget limits. Set a custom rate and try again.`,
          );
        }
        const done = await db.transaction(async (tx) => {
          if ((await selectForRevaluation(tx, change.userId, { limit: 1 })).length > 0) return false;
          await completeBaseChange(tx, change.userId, change.toCurrencyId);
          await convertBudgetLimits(tx, change.userId, limitRate.rate);
          return true;
        });
        if (done) break;
      }
      log.info({ userId: change.userId, to: toCode }, 'base currency changed');
    } catch (error) {
      const message = error instanceof MissingRate ? error.message : 'The recalculation stopped unexpectedly.';
      if (!(error instanceof MissingRate))
        log.error({ err: error, userId: change.userId }, 'base currency change failed');
      await failBaseChange(db, change.userId, message);
    }
  }

  async function drain() {
    for (;;) {
      const change = await claimBaseChange(db, LEASE_MS);
      if (!change) return;
      await process(change);
    }
  }

  return {
    async start(userId, from, toCurrencyId) {
      const existing = await selectBaseChange(db, userId);
      if (existing?.change.state === 'running') {
        throw new AppError('CONFLICT', 'The base currency is already being changed. Wait until it finishes.');
      }
      await insertBaseChange(db, {
        userId,
        fromCurrencyId: from.currencyId,
        toCurrencyId,
        total: await countTransactionsOf(db, userId),
      });
      void this.runPending();
    },

    async progress(userId) {
      const found = await selectBaseChange(db, userId);
      if (!found) return { state: 'idle', fromCode: null, toCode: null, done: 0, total: 0, error: null };
      const { change, fromCode, toCode } = found;
      return { state: change.state, fromCode, toCode, done: change.done, total: change.total, error: change.error };
    },

    async isRunning(userId) {
      return (await selectBaseChange(db, userId))?.change.state === 'running';
    },

    async settled() {
      await running;
    },

    runPending() {
      // One drain at a time per instance; a start during a drain is picked up by its next claim.
      running ??= drain()
        .catch((error) => log.error({ err: error }, 'base currency changes could not be processed'))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}
