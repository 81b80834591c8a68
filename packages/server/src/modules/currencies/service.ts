import type {
  AddUserCurrenciesBody,
  Currency,
  DeleteCustomRatesBody,
  Rate,
  SetCustomRatesBody,
  UserCurrency,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { todayIso } from '../../lib/dates.ts';
import { forgetCustomRatesOf, type RatesService } from '../rates/service.ts';
import type { BaseChangeService } from './base-change.ts';
import {
  countAccountsInCurrency,
  deleteUserCurrency,
  insertUserCurrenciesIfMissing,
  markBaseCurrency,
  selectBaseCurrency,
  selectCurrencies,
  selectCurrenciesByIds,
  selectUserCurrencies,
  selectUserCurrency,
} from './queries.ts';

export function listCurrencies(db: Executor): Promise<Currency[]> {
  return selectCurrencies(db);
}

export function listUserCurrencies(db: Executor, userId: number): Promise<UserCurrency[]> {
  return selectUserCurrencies(db, userId);
}

export async function findCurrency(db: Executor, id: number): Promise<Currency | undefined> {
  const [currency] = await selectCurrenciesByIds(db, [id]);
  return currency;
}

/** The base currency, or undefined before the user has chosen one. */
export function findBaseCurrency(db: Executor, userId: number): Promise<UserCurrency | undefined> {
  return selectBaseCurrency(db, userId);
}

export function ensureUserCurrency(db: Executor, userId: number, currencyId: number): Promise<void> {
  return insertUserCurrenciesIfMissing(db, userId, [currencyId]);
}

export async function getBaseCurrency(db: Executor, userId: number): Promise<UserCurrency> {
  const base = await selectBaseCurrency(db, userId);
  if (!base) throw notFound('Base currency');
  return base;
}

/**
 * Choosing a base currency adds it to the user's currencies when it is not there yet. The first
 * choice applies at once; a later change recomputes every base-currency figure in the background
 * and switches when done, so until then the old base and its figures stay (answered here).
 */
export async function setBaseCurrency(
  db: Database,
  baseChanges: BaseChangeService,
  userId: number,
  currencyId: number,
): Promise<UserCurrency> {
  const [currency] = await selectCurrenciesByIds(db, [currencyId]);
  if (!currency) throw validationError('currencyId', 'Unknown currency');
  const current = await selectBaseCurrency(db, userId);
  if (current?.currencyId === currencyId) return current;
  if (await baseChanges.isRunning(userId)) {
    throw new AppError('CONFLICT', 'The base currency is already being changed. Wait until it finishes.');
  }
  await insertUserCurrenciesIfMissing(db, userId, [currencyId]);
  if (!current) {
    await markBaseCurrency(db, userId, currencyId);
    return getBaseCurrency(db, userId);
  }
  await baseChanges.start(userId, current, currencyId);
  return current;
}

export async function addUserCurrencies(
  db: Database,
  rates: RatesService,
  userId: number,
  { currencies }: AddUserCurrenciesBody,
): Promise<UserCurrency[]> {
  const ids = currencies.map((c) => c.currencyId);
  const known = new Map((await selectCurrenciesByIds(db, ids)).map((c) => [c.id, c]));
  const base = await selectBaseCurrency(db, userId);
  const backToLive: string[] = [];
  for (const [index, entry] of currencies.entries()) {
    const currency = known.get(entry.currencyId);
    if (!currency) throw validationError(`currencies.${index}.currencyId`, 'Unknown currency');
    if (entry.liveRateUpdate === false) {
      const existing = await selectUserCurrency(db, userId, entry.currencyId);
      if (!existing || existing.liveRateUpdate) {
        throw validationError(
          `currencies.${index}.liveRateUpdate`,
          `Set a custom rate for ${currency.code} to stop using the live rate`,
        );
      }
    }
    if (entry.liveRateUpdate === true && base && currency.id !== base.currencyId) backToLive.push(currency.code);
  }
  await insertUserCurrenciesIfMissing(db, userId, ids);
  if (base && backToLive.length > 0) {
    await rates.deleteCustomRates(
      userId,
      backToLive.map((code) => ({ baseCode: code, quoteCode: base.currency.code })),
    );
  }
  return listUserCurrencies(db, userId);
}

export async function removeUserCurrency(db: Database, userId: number, currencyId: number): Promise<void> {
  const userCurrency = await selectUserCurrency(db, userId, currencyId);
  if (!userCurrency) throw notFound('Currency');
  if (userCurrency.isBase) {
    throw new AppError(
      'CONFLICT',
      `${userCurrency.currency.code} is your base currency. Choose another base currency first.`,
    );
  }
  const accountsInIt = await countAccountsInCurrency(db, userId, currencyId);
  if (accountsInIt > 0) {
    throw new AppError(
      'CONFLICT',
      `${userCurrency.currency.code} is used by ${accountsInIt === 1 ? 'an account' : `${accountsInIt} accounts`}. Delete or move ${accountsInIt === 1 ? 'it' : 'them'} first.`,
    );
  }
  await db.transaction(async (tx) => {
    await deleteUserCurrency(tx, userId, currencyId);
    await forgetCustomRatesOf(tx, userId, userCurrency.currency.code);
  });
}

/** Each non-base currency of the user against the base: 1 currency = rate base, on `date`. */
export async function listRates(db: Database, rates: RatesService, userId: number, date = todayIso()): Promise<Rate[]> {
  const mine = await listUserCurrencies(db, userId);
  const base = mine.find((c) => c.isBase);
  if (!base) return [];
  const session = rates.session(userId);
  const result: Rate[] = [];
  for (const { currency } of mine.filter((c) => !c.isBase)) {
    const quote = await session.quote(currency.code, base.currency.code, date);
    result.push({
      baseCode: currency.code,
      quoteCode: base.currency.code,
      rate: quote?.rate ?? null,
      date,
      custom: quote?.source === 'custom',
      source: quote?.source ?? 'none',
      rateDate: quote?.rateDate ?? null,
      effectiveFrom: quote?.effectiveFrom ?? null,
    });
  }
  return result;
}

/** Custom rates are for the user's own currencies. */
export async function setCustomRates(
  db: Database,
  rates: RatesService,
  userId: number,
  { pairs }: SetCustomRatesBody,
): Promise<Rate[]> {
  const codes = new Set((await listUserCurrencies(db, userId)).map((c) => c.currency.code));
  for (const [index, pair] of pairs.entries()) {
    for (const field of ['baseCode', 'quoteCode'] as const) {
      if (!codes.has(pair[field])) {
        throw validationError(`pairs.${index}.${field}`, `Add ${pair[field]} to your currencies first`);
      }
    }
  }
  return rates.setCustomRates(userId, pairs);
}

export function deleteCustomRates(rates: RatesService, userId: number, { pairs }: DeleteCustomRatesBody) {
  return rates.deleteCustomRates(userId, pairs);
}
