import {
  type AddUserCurrenciesBody,
  type BaseCurrencyChange,
  convertMinorUnits,
  type DeleteCustomRatesBody,
  isWithinAmountLimit,
  MAX_AMOUNT_TEXT,
  type Rate,
  type SetCustomRatesBody,
  type UserCurrency,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { type Clock, today } from '../../lib/clock.ts';
import { earlierDay } from '../../lib/dates.ts';
import { AppError, notFound, refusal, validationError } from '../../lib/errors.ts';
import { selectLargestLimit } from '../budgets/index.ts';
import {
  assertOffered,
  countAccountsInCurrency,
  deleteUserCurrency,
  insertUserCurrenciesIfMissing,
  lockCurrencySettings,
  markBaseCurrency,
  selectBaseCurrency,
  selectCurrenciesByIds,
  selectUserCurrencies,
  selectUserCurrency,
} from '../currencies/index.ts';
import { deleteCustomRatesOfCurrency, type RateSession, type RatesService } from '../rates/index.ts';
import { nullPendingRefs, regroupNextAccountDays, selectTurnovers } from '../transactions/index.ts';
import type { BaseChangeService } from './base-change.ts';
import {
  countInScope,
  deleteFailedBaseChange,
  EVERYTHING,
  insertBaseChange,
  type RevaluationScope,
  selectBaseChange,
  setBaseChangeTotal,
  upsertDayRegroup,
  upsertRevaluation,
} from './queries.ts';

/**
 * A base change or revaluation that starts (or starts over), after its row is written: figures a
 * change wrote before (a failed one, or one that starts over) must not be swapped in by this one,
 * and the total counts the scope afresh. Every writer of a change locks that row before any
 * transaction row, so a worker's batch and a restart cannot deadlock.
 */
async function startFromScratch(tx: Executor, userId: number, scope: RevaluationScope): Promise<void> {
  await nullPendingRefs(tx, userId);
  await setBaseChangeTotal(tx, userId, scope);
}

/**
 * The time zone changed (inside the settings write's transaction, after it): the balances' days
 * are regrouped into the new zone's by the base-change worker, before whatever figures it has to
 * recompute. Without a base currency there is no worker's row to carry it (and rarely anything to
 * regroup), so they are regrouped here. Answers whether to call runPending after the commit.
 */
export async function regroupDaysAfterZoneChange(tx: Executor, userId: number): Promise<boolean> {
  const base = await selectBaseCurrency(tx, userId);
  if (!base) {
    for (let last = 0; ; ) {
      const accountId = await regroupNextAccountDays(tx, userId, last);
      if (accountId === undefined) return false;
      last = accountId;
    }
  }
  const scope = await upsertDayRegroup(tx, userId, base.currencyId);
  await startFromScratch(tx, userId, scope);
  return true;
}

/**
 * The currencies whose base-currency figures a change of these pairs' custom rates moves, and
 * from which day: a pair counts when one side is the base (custom rates are only used for the
 * exact pair, never in a cross). A transfer leg's figure depends only on its own currency's rate
 * (or on the other leg when that one is in the base), so no other transaction is touched.
 */
function affectedBy(pairs: Array<{ baseCode: string; quoteCode: string; effectiveFrom: string | null }>, base: string) {
  const codes = new Set<string>();
  let from: string | null | undefined;
  for (const pair of pairs) {
    const other = pair.quoteCode === base ? pair.baseCode : pair.baseCode === base ? pair.quoteCode : undefined;
    if (other === undefined) continue;
    codes.add(other);
    from =
      from === null || pair.effectiveFrom === null ? null : earlierDay(from ?? pair.effectiveFrom, pair.effectiveFrom);
  }
  return codes.size === 0 ? undefined : { codes: [...codes].sort(), from: from ?? null };
}

/**
 * Inside the transaction that changes custom rates, under the currency-settings lock: asks for the
 * affected figures to be recomputed. A base change under way starts over whatever the pair, as it
 * may have read the old rate. With no transaction to recompute and nothing under way, nothing is
 * asked for (a failed base change stays on show). Answers whether anything was asked for (then
 * call runPending after the commit).
 */
async function revalueAfterRateChange(
  tx: Executor,
  userId: number,
  pairs: Array<{ baseCode: string; quoteCode: string; effectiveFrom: string | null }>,
): Promise<boolean> {
  const base = await selectBaseCurrency(tx, userId);
  if (!base) return false;
  const change = (await selectBaseChange(tx, userId))?.change;
  const isRevaluation = change !== undefined && change.fromCurrencyId === change.toCurrencyId;
  const baseChangeRunning = change?.state === 'running' && !isRevaluation;
  const scope = affectedBy(pairs, base.currency.code);
  // A revaluation (running, or failed with its figures still to do) takes the new scope in.
  const wanted = baseChangeRunning || isRevaluation || (scope && (await countInScope(tx, userId, scope)) > 0);
  if (!wanted) return false;
  const merged = await upsertRevaluation(tx, userId, base.currencyId, scope ?? EVERYTHING);
  await startFromScratch(tx, userId, merged);
  return true;
}

/** What a rate or base change past the limit is refused with (docs/decisions.md "Figures stay within MAX_MINOR_AMOUNT"). */
const tooLargeIn = (path: string, code: string) =>
  validationError(path, 'amount.tooLargeInCurrency', { code, max: MAX_AMOUNT_TEXT });

/**
 * Refuses custom rates that would take the user's base-currency figures past the limit, before
 * anything is stored: every figure as it stands, plus every amount of the currencies whose rate to
 * the base changes, at the new rate. An upper bound (a rate from a later day keeps its figures);
 * the recomputation checks the figures it makes exactly (base-change.ts).
 */
async function refuseRatesPastLimit(
  tx: Executor,
  userId: number,
  baseCode: string,
  pairs: SetCustomRatesBody['pairs'],
): Promise<void> {
  const accounts = await selectTurnovers(tx, userId);
  let total = accounts.reduce((sum, account) => sum + BigInt(account.refTurnover), 0n);
  for (const [index, pair] of pairs.entries()) {
    const other = pair.quoteCode === baseCode ? pair.baseCode : pair.baseCode === baseCode ? pair.quoteCode : undefined;
    if (other === undefined) continue;
    const intoBase = pair.quoteCode === baseCode ? pair.rate : 1 / pair.rate;
    const turnover = accounts.filter((a) => a.code === other).reduce((sum, a) => sum + Number(a.turnover), 0);
    total += BigInt(convertMinorUnits(turnover, intoBase));
    if (!isWithinAmountLimit(total)) throw tooLargeIn(`pairs.${index}.rate`, baseCode);
  }
}

/**
 * Refuses a base currency in which the user's figures would pass the limit, at today's rates (the
 * change itself converts at each day's and checks exactly, stopping should it pass after all).
 */
async function refuseBasePastLimit(
  db: Database,
  session: RateSession,
  userId: number,
  from: string,
  to: string,
  day: string,
): Promise<void> {
  let total = 0n;
  for (const account of await selectTurnovers(db, userId)) {
    const quote = account.code === to ? { rate: 1 } : await session.quote(account.code, to, day);
    if (quote) total += BigInt(convertMinorUnits(Number(account.turnover), quote.rate));
  }
  const limitQuote = await session.quote(from, to, day);
  const limit = limitQuote ? convertMinorUnits(await selectLargestLimit(db, userId), limitQuote.rate) : 0;
  if (!isWithinAmountLimit(total) || !isWithinAmountLimit(limit)) throw tooLargeIn('currencyId', to);
}

export interface CurrencyChangesService {
  add(userId: number, body: AddUserCurrenciesBody): Promise<UserCurrency[]>;
  /** Refused for the base currency, one used by an account, and the target of a base change under way. */
  remove(userId: number, currencyId: number): Promise<void>;
  /**
   * Choosing a base currency adds it to the user's currencies when it is not there yet. The first
   * choice applies at once; a later change recomputes every base-currency figure in the background
   * and switches when done, so until then the old base and its figures stay (answered here). The
   * checks and writes share one transaction under the user's currency-settings lock: two choices at
   * once are taken one after the other, the second seeing the first.
   */
  setBase(userId: number, currencyId: number): Promise<UserCurrency>;
  /** How far the base-currency change or revaluation under way has got. */
  baseChange(userId: number): Promise<BaseCurrencyChange>;
  /**
   * Puts a failed change aside: the old base and figures stayed, the half-made new figures go.
   * CONFLICT while one runs; nothing to do when none failed.
   */
  dismissBaseChange(userId: number): Promise<void>;
  /**
   * Custom rates are for the user's own currencies. The rates and the recomputation of the figures
   * they move are asked for in one transaction: the figures catch up in the background.
   */
  setCustomRates(userId: number, body: SetCustomRatesBody): Promise<Rate[]>;
  deleteCustomRates(userId: number, body: DeleteCustomRatesBody): Promise<void>;
}

export function createCurrencyChangesService(
  db: Database,
  rates: RatesService,
  baseChanges: BaseChangeService,
  clock: Clock,
): CurrencyChangesService {
  return {
    async add(userId, { currencies }) {
      const ids = currencies.map((c) => c.currencyId);
      const known = new Map((await selectCurrenciesByIds(db, ids)).map((c) => [c.id, c]));
      const base = await selectBaseCurrency(db, userId);
      const backToLive: string[] = [];
      for (const [index, entry] of currencies.entries()) {
        const currency = known.get(entry.currencyId);
        if (!currency) throw validationError(`currencies.${index}.currencyId`, 'currency.unknown');
        assertOffered(currency, `currencies.${index}.currencyId`);
        if (entry.liveRateUpdate === false) {
          const existing = await selectUserCurrency(db, userId, entry.currencyId);
          if (!existing || existing.liveRateUpdate) {
            throw validationError(`currencies.${index}.liveRateUpdate`, 'rate.liveNeedsCustom', {
              code: currency.code,
            });
          }
        }
        if (entry.liveRateUpdate === true && base && currency.id !== base.currencyId) backToLive.push(currency.code);
      }
      const revaluing = await db.transaction(async (tx) => {
        await lockCurrencySettings(tx, userId);
        await insertUserCurrenciesIfMissing(tx, userId, ids);
        if (!base || backToLive.length === 0) return false;
        const removed = await rates.deleteCustomRates(
          tx,
          userId,
          backToLive.map((code) => ({ baseCode: code, quoteCode: base.currency.code })),
        );
        return revalueAfterRateChange(tx, userId, removed);
      });
      if (revaluing) void baseChanges.runPending();
      return selectUserCurrencies(db, userId);
    },

    async remove(userId, currencyId) {
      await db.transaction(async (tx) => {
        await lockCurrencySettings(tx, userId);
        const userCurrency = await selectUserCurrency(tx, userId, currencyId);
        if (!userCurrency) throw notFound('Currency');
        const { code } = userCurrency.currency;
        if (userCurrency.isBase) {
          throw refusal('CONFLICT', 'currencyId', 'base.cannotRemove', { code });
        }
        const change = await selectBaseChange(tx, userId);
        if (change?.change.state === 'running' && change.change.toCurrencyId === currencyId) {
          throw refusal('CONFLICT', 'currencyId', 'base.becoming', { code });
        }
        const accountsInIt = await countAccountsInCurrency(tx, userId, currencyId);
        if (accountsInIt > 0) {
          throw new AppError(
            'CONFLICT',
            `${code} is used by ${accountsInIt === 1 ? 'an account' : `${accountsInIt} accounts`}. Delete or move ${accountsInIt === 1 ? 'it' : 'them'} first.`,
          );
        }
        await deleteUserCurrency(tx, userId, currencyId);
        await deleteCustomRatesOfCurrency(tx, userId, code);
      });
    },

    async setBase(userId, currencyId) {
      const [currency] = await selectCurrenciesByIds(db, [currencyId]);
      if (!currency) throw validationError('currencyId', 'currency.unknown');
      assertOffered(currency, 'currencyId');
      const was = await selectBaseCurrency(db, userId);
      if (was && was.currencyId !== currencyId) {
        await refuseBasePastLimit(db, rates.session(userId), userId, was.currency.code, currency.code, today(clock));
      }
      const { base, started } = await db.transaction(async (tx) => {
        await lockCurrencySettings(tx, userId);
        const current = await selectBaseCurrency(tx, userId);
        if (current?.currencyId === currencyId) return { base: current, started: false };
        const change = await selectBaseChange(tx, userId);
        if (change?.change.state === 'running') {
          throw refusal(
            'CONFLICT',
            'currencyId',
            change.change.fromCurrencyId === change.change.toCurrencyId ? 'base.recomputingAfterRate' : 'base.changing',
          );
        }
        await insertUserCurrenciesIfMissing(tx, userId, [currencyId]);
        if (!current) {
          await markBaseCurrency(tx, userId, currencyId);
          return { base: (await selectBaseCurrency(tx, userId))!, started: false };
        }
        await insertBaseChange(tx, { userId, fromCurrencyId: current.currencyId, toCurrencyId: currencyId });
        await startFromScratch(tx, userId, EVERYTHING);
        return { base: current, started: true };
      });
      if (started) void baseChanges.runPending();
      return base;
    },

    baseChange: (userId) => baseChanges.progress(userId),

    async dismissBaseChange(userId) {
      await db.transaction(async (tx) => {
        await lockCurrencySettings(tx, userId);
        const found = await selectBaseChange(tx, userId);
        if (found?.change.state === 'running') {
          throw refusal('CONFLICT', 'baseCurrency', 'base.recomputing');
        }
        if (found?.change.state !== 'failed') return;
        await nullPendingRefs(tx, userId);
        await deleteFailedBaseChange(tx, userId);
      });
    },

    async setCustomRates(userId, { pairs }) {
      const codes = new Set((await selectUserCurrencies(db, userId)).map((c) => c.currency.code));
      for (const [index, pair] of pairs.entries()) {
        for (const field of ['baseCode', 'quoteCode'] as const) {
          if (!codes.has(pair[field])) {
            throw validationError(`pairs.${index}.${field}`, 'pair.currencyNotAdded', { code: pair[field] });
          }
        }
      }
      const { stored, revaluing } = await db.transaction(async (tx) => {
        await lockCurrencySettings(tx, userId);
        const base = await selectBaseCurrency(tx, userId);
        if (base) await refuseRatesPastLimit(tx, userId, base.currency.code, pairs);
        const stored = await rates.setCustomRates(tx, userId, pairs);
        const changed = pairs.map((p) => ({ ...p, effectiveFrom: p.effectiveFrom ?? null }));
        return { stored, revaluing: await revalueAfterRateChange(tx, userId, changed) };
      });
      if (revaluing) void baseChanges.runPending();
      return stored;
    },

    async deleteCustomRates(userId, { pairs }) {
      const revaluing = await db.transaction(async (tx) => {
        await lockCurrencySettings(tx, userId);
        return revalueAfterRateChange(tx, userId, await rates.deleteCustomRates(tx, userId, pairs));
      });
      if (revaluing) void baseChanges.runPending();
    },
  };
}
