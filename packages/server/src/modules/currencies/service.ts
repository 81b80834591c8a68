import type { Currency, Rate, RateProviderStatus, UserCurrency } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { type Clock, today } from '../../lib/clock.ts';
import { validationError } from '../../lib/errors.ts';
import { isOffered } from '../../lib/iso-currencies.ts';
import type { RatesService } from '../rates/index.ts';
import {
  insertUserCurrenciesIfMissing,
  lockCurrencySettings,
  markBaseCurrency,
  selectBaseCurrency,
  selectCurrencies,
  selectCurrenciesByIds,
  selectUserCurrencies,
} from './queries.ts';
export interface CurrenciesService {
  list(): Promise<Currency[]>;
  listOwn(userId: number): Promise<UserCurrency[]>;
  /** Null until the user chooses one (the welcome page). */
  getBase(userId: number): Promise<UserCurrency | null>;
  /** Each non-base currency of the user against the base: 1 currency = rate base, on `date` (by default today). */
  listRates(userId: number, date: string | undefined): Promise<Rate[]>;
  /** Whether the rate providers answer (the same for every user: they are this server's). */
  rateProviders(): Promise<RateProviderStatus[]>;
}

export function createCurrenciesService(db: Database, rates: RatesService, clock: Clock): CurrenciesService {
  return {
    list: async () => (await selectCurrencies(db)).filter(isOffered),

    listOwn: (userId) => selectUserCurrencies(db, userId),

    async getBase(userId) {
      return (await selectBaseCurrency(db, userId)) ?? null;
    },

    rateProviders: () => rates.providersStatus(),

    async listRates(userId, day) {
      const date = day ?? today(clock);
      const mine = await selectUserCurrencies(db, userId);
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
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/** A currency one may start keeping (iso-currencies.ts says why some are not); else VALIDATION_ERROR on `path`. */
export function assertOffered(currency: Currency, path: string): void {
  if (isOffered(currency)) return;
  throw currency.digits > 2
    ? validationError(path, 'currency.tooManyDecimals', { code: currency.code, digits: currency.digits })
    : validationError(path, 'currency.notHeld', { code: currency.code, name: currency.name });
}

export async function findCurrency(db: Executor, id: number): Promise<Currency | undefined> {
  const [currency] = await selectCurrenciesByIds(db, [id]);
  return currency;
}

/** The ISO 4217 list by code (a backup names currencies by code). */
export async function currenciesByCode(db: Executor): Promise<Map<string, Currency>> {
  return new Map((await selectCurrencies(db)).map((currency) => [currency.code, currency]));
}

/** A backup's currencies join the user's, and its base becomes theirs (inside the restore's transaction). */
export async function restoreUserCurrencies(
  tx: Executor,
  userId: number,
  currencyIds: number[],
  baseId: number | null,
): Promise<void> {
  await lockCurrencySettings(tx, userId);
  await insertUserCurrenciesIfMissing(tx, userId, baseId === null ? currencyIds : [...currencyIds, baseId]);
  if (baseId !== null) await markBaseCurrency(tx, userId, baseId);
}
