import type { Currency, UserCurrency } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { notFound, validationError } from '../../http/errors.ts';
import {
  insertUserCurrencyIfMissing,
  markBaseCurrency,
  selectBaseCurrency,
  selectCurrencies,
  selectCurrencyById,
  selectUserCurrencies,
} from './queries.ts';

export function listCurrencies(db: Executor): Promise<Currency[]> {
  return selectCurrencies(db);
}

export function listUserCurrencies(db: Executor, userId: number): Promise<UserCurrency[]> {
  return selectUserCurrencies(db, userId);
}

export async function getBaseCurrency(db: Executor, userId: number): Promise<UserCurrency> {
  const base = await selectBaseCurrency(db, userId);
  if (!base) throw notFound('Base currency');
  return base;
}

/** Choosing a base currency adds it to the user's currencies when it is not there yet. */
export async function setBaseCurrency(db: Database, userId: number, currencyId: number): Promise<UserCurrency> {
  return db.transaction(async (tx) => {
    if (!(await selectCurrencyById(tx, currencyId))) throw validationError('currencyId', 'Unknown currency');
    await insertUserCurrencyIfMissing(tx, userId, currencyId);
    await markBaseCurrency(tx, userId, currencyId);
    return getBaseCurrency(tx, userId);
  });
}
