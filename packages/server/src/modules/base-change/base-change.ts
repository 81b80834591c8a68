import {
  type BaseCurrencyChange,
  type CodedIssue,
  convertMinorUnits,
  describedIssue,
  IDLE_BASE_CURRENCY_CHANGE,
  type IssueCode,
  type IssueParamsArgument,
  isWithinAmountLimit,
  MAX_AMOUNT_TEXT,
} from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type Lease, LeaseLost, startLeasedWorker } from '../../jobs/leased-worker.ts';
import { type Clock, today as todayOf } from '../../lib/clock.ts';
import { earlierDay } from '../../lib/dates.ts';
import { convertBudgetLimits, hasBudgetLimits } from '../budgets/index.ts';
import { lockCurrencySettings } from '../currencies/index.ts';
import type { RateSeries, RatesService } from '../rates/index.ts';
import { applyPendingRefs, regroupNextAccountDays, setPendingRefs } from '../transactions/index.ts';
import {
  advanceBaseChange,
  advanceDayRegroup,
  claimBaseChange,
  completeBaseChange,
  extendLease,
  failBaseChange,
  finishDayRegroup,
  type RevaluationScope,
  selectBaseChange,
  selectForRevaluation,
  selectHistoryShape,
} from './queries.ts';

const BATCH = 1000;
/**
 * A worker keeps extending its lease while it works (every quarter of it, whatever step it is
 * on); a dead one's lease runs out after this.
 */
const LEASE_MS = 60_000;
/** How often changes another instance left unfinished (its lease ran out) or a restart interrupted are looked for. */
const POLL_MS = 15_000;
/** New transactions recorded while the change runs are caught up before the switch, this often at most. */
const CATCH_UP_ROUNDS = 5;

type Revaluation = Awaited<ReturnType<typeof selectForRevaluation>>[number];
type Claimed = NonNullable<Awaited<ReturnType<typeof claimBaseChange>>>;

/** A reason to stop that the user can act on: shown to them by its issue code. */
class ChangeStopped extends Error {
  readonly issue: CodedIssue;
  constructor({ message, ...issue }: CodedIssue & { message: string }) {
    super(message);
    this.issue = issue;
  }
}

const stopped = <C extends IssueCode>(code: C, ...params: IssueParamsArgument<C>) =>
  new ChangeStopped(describedIssue(code, ...params));

/**
 * A row's figures in the (new) base. A transfer is neutral in it (transactions/base-amounts.ts):
 * both legs carry the figure of the leg in the base, or else of the outgoing leg (the expense) at
 * its rate of the day; anything else is converted at the rate of its own day. A figure past the
 * limit stops the change: the old base and figures stay.
 */
function revalue(row: Revaluation, toCode: string, series: RateSeries) {
  const inBase = row.code === toCode;
  const otherInBase = row.otherCode === toCode ? row.otherAmount : null;
  // The other leg, in the base, gives the figure when this one is not in the base, or when this
  // one is the incoming leg (both in the base: the outgoing one's amount is the pair's figure).
  if (otherInBase !== null && (!inBase || row.transactionType === 'income')) {
    return { id: row.id, refAmount: otherInBase, rate: otherInBase / row.amount };
  }
  if (inBase) return { id: row.id, refAmount: row.amount, rate: 1 };
  const byOther = row.transactionType === 'income' && row.otherCode !== null && row.otherAmount !== null;
  const [code, amount] = byOther ? [row.otherCode!, row.otherAmount!] : [row.code, row.amount];
  const day = row.time.toISOString().slice(0, 10);
  const quote = series(code, day);
  if (!quote) {
    throw stopped('baseChange.noRate', { from: code, to: toCode, date: day });
  }
  const refAmount = convertMinorUnits(amount, quote.rate);
  if (!isWithinAmountLimit(refAmount)) throw tooLargeIn(toCode);
  return { id: row.id, refAmount, rate: byOther ? refAmount / row.amount : quote.rate };
}

const tooLargeIn = (code: string) => stopped('baseChange.tooLarge', { code, max: MAX_AMOUNT_TEXT });

export interface BaseChangeService {
  progress(userId: number): Promise<BaseCurrencyChange>;
  /** Works through every change that is waiting now (called after a start), not at the next poll. */
  runPending(): void;
  /** No more claims; resolves once no change is being worked on here (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Works through base-currency changes and revaluations (a change to the same base after a rate
 * changed), which are started inside the requests' transactions (service: setBaseCurrency,
 * revalueAfterRateChange). A worker holds a lease under its own token: it extends the lease while
 * it works, and each of its writes lands only while the change still carries the token, so a
 * worker that lost the change (taken over after a stall, or started over by a rate change) stops
 * without a trace. With `background`, changes left by a restart or another instance are looked
 * for at start and periodically.
 */
export function createBaseChangeService(
  db: Database,
  rates: RatesService,
  log: FastifyBaseLogger,
  clock: Clock,
  background: boolean,
): BaseChangeService {
  const leaseUntil = () => new Date(clock.now().getTime() + LEASE_MS);

  async function seriesFor(userId: number, scope: RevaluationScope, toCode: string): Promise<RateSeries> {
    const shape = await selectHistoryShape(db, userId, scope);
    const today = todayOf(clock);
    const first = shape.first ?? today;
    return rates.series(userId, shape.codes, toCode, first, earlierDay(shape.last ?? today, today));
  }

  async function work(claimed: Claimed, { token, check }: Lease) {
    const { userId } = claimed;
    const found = await selectBaseChange(db, userId);
    if (found?.change.leaseToken !== token) return;
    const { fromCode, toCode } = found;
    const isBaseChange = claimed.fromCurrencyId !== claimed.toCurrencyId;
    const scope: RevaluationScope = { codes: claimed.scopeCodes, from: claimed.scopeFrom };
    const lease = () => ({ userId, token, until: leaseUntil() });

    let lastId = claimed.lastId;
    if (found.change.regroupDays) {
      // A time zone change: each account's days first, one account per step (lastId: the last account).
      for (;;) {
        check();
        const regrouped = await db.transaction(async (tx) => {
          const accountId = await regroupNextAccountDays(tx, userId, lastId);
          if (accountId === undefined) return undefined;
          if (!(await advanceDayRegroup(tx, lease(), accountId))) throw new LeaseLost();
          return accountId;
        });
        if (regrouped === undefined) break;
        lastId = regrouped;
      }
      if (!(await finishDayRegroup(db, lease()))) throw new LeaseLost();
      lastId = 0;
    }
    let series = await seriesFor(userId, scope, toCode);
    for (;;) {
      check();
      const rows = await selectForRevaluation(db, userId, scope, { afterId: lastId, limit: BATCH });
      if (rows.length === 0) break;
      const values = rows.map((row) => revalue(row, toCode, series));
      lastId = rows.at(-1)!.id;
      // Each batch and its progress land together, so a restart resumes after the last one. The
      // change row is locked first, as every writer of a change does, so none can deadlock another.
      await db.transaction(async (tx) => {
        if (!(await advanceBaseChange(tx, lease(), lastId, rows.length))) throw new LeaseLost();
        await setPendingRefs(tx, userId, values);
      });
    }
    for (let round = 0; ; round++) {
      // Rows written while the change ran (new, or edited) have no new figure yet.
      const stragglers = await selectForRevaluation(db, userId, scope, { limit: BATCH });
      if (stragglers.length > 0) {
        if (round >= CATCH_UP_ROUNDS) {
          throw stopped('baseChange.historyChanging');
        }
        series = await seriesFor(userId, scope, toCode);
        const values = stragglers.map((row) => revalue(row, toCode, series));
        await db.transaction(async (tx) => {
          if (!(await extendLease(tx, userId, token, leaseUntil()))) throw new LeaseLost();
          await setPendingRefs(tx, userId, values);
        });
        continue;
      }
      // Budget limits are converted at today's rate; only asked for when there is a limit.
      const limitRate =
        isBaseChange && (await hasBudgetLimits(db, userId))
          ? await rates.session(userId).quote(fromCode, toCode, todayOf(clock))
          : { rate: 1 };
      if (!limitRate) {
        throw stopped('baseChange.noLimitRate', { from: fromCode, to: toCode });
      }
      const done = await db.transaction(async (tx) => {
        // The currency-settings lock first, as a rate change takes it before the change row: a
        // writer that valued rows in the old base (an import's batch, a bank's items) commits
        // before the check below finds its rows, and one that comes later reads the new base.
        await lockCurrencySettings(tx, userId);
        // Holding the change row's lock from here on: a rate change meanwhile waits, then starts anew.
        if (!(await extendLease(tx, userId, token, leaseUntil()))) throw new LeaseLost();
        if ((await selectForRevaluation(tx, userId, scope, { limit: 1 })).length > 0) return false;
        // The switch: every transaction with a new figure takes it, then the change row goes.
        if (!(await applyPendingRefs(tx, userId, claimed.toCurrencyId))) throw tooLargeIn(toCode);
        await completeBaseChange(tx, userId, claimed);
        if (isBaseChange && !(await convertBudgetLimits(tx, userId, limitRate.rate))) throw tooLargeIn(toCode);
        return true;
      });
      if (done) break;
    }
    log.info({ userId, to: toCode, revaluation: !isBaseChange }, 'base-currency figures recomputed');
  }

  const worker = startLeasedWorker<Claimed>(
    {
      name: 'base currency changes',
      leaseMs: LEASE_MS,
      pollMs: POLL_MS,
      claim: (terms) => claimBaseChange(db, terms, terms.token),
      renew: (claimed, lease, until) => extendLease(db, claimed.userId, lease.token, until),
      work,
      async finish({ userId }, lease, failure) {
        if (!failure) return;
        const { error } = failure;
        if (!(error instanceof ChangeStopped)) log.error({ err: error, userId }, 'base currency change failed');
        const reason =
          error instanceof ChangeStopped
            ? { message: error.message, ...error.issue }
            : describedIssue('baseChange.stoppedUnexpectedly');
        await failBaseChange(db, userId, lease.token, reason);
      },
      describe: ({ userId }) => ({ userId }),
    },
    { clock, log, poll: background, passAtStart: background },
  );

  return {
    async progress(userId) {
      const found = await selectBaseChange(db, userId);
      if (!found) {
        return IDLE_BASE_CURRENCY_CHANGE;
      }
      const { change, fromCode, toCode } = found;
      const isBaseChange = change.fromCurrencyId !== change.toCurrencyId;
      // Nothing to revalue: only the days to regroup after a time zone change.
      const isZoneChange = !isBaseChange && change.scopeCodes?.length === 0;
      return {
        state: change.state,
        kind: isBaseChange ? 'base' : isZoneChange ? 'timeZone' : 'revaluation',
        fromCode,
        toCode,
        done: change.done,
        total: change.total,
        error: change.error,
        ...(change.errorIssue ? { errorIssue: change.errorIssue } : {}),
      };
    },

    runPending: worker.kick,
    stop: worker.stop,
  };
}
