import type { Currency } from '@kopiyka/shared';
import { currencyName } from './currency-name.ts';

/** Shown first: the currencies most Kopiyka users keep money in. */
export const POPULAR_CURRENCY_CODES = ['UAH', 'USD', 'EUR', 'GBP', 'PLN'] as const;

function popularity(currency: Currency): number {
  const index = (POPULAR_CURRENCY_CODES as readonly string[]).indexOf(currency.code);
  return index === -1 ? POPULAR_CURRENCY_CODES.length : index;
}

export function isPopularCurrency(currency: Currency): boolean {
  return popularity(currency) < POPULAR_CURRENCY_CODES.length;
}

/** How well a name matches the query: lower is better, null is no match. */
function nameRank(name: string, query: string): number | null {
  if (name.startsWith(query)) return 2;
  if (name.split(/[\s-]+/).some((word) => word.startsWith(query))) return 3;
  if (name.includes(query)) return 4;
  return null;
}

/** How well a currency matches the query by code, or by name in the interface's language or in English. */
function matchRank(currency: Currency, query: string): number | null {
  const code = currency.code.toLowerCase();
  if (code === query) return 0;
  if (code.startsWith(query)) return 1;
  const ranks = [currencyName(currency), currency.name]
    .map((name) => nameRank(name.toLocaleLowerCase(), query))
    .filter((rank) => rank !== null);
  return ranks.length === 0 ? null : Math.min(...ranks);
}

/**
 * The currencies matching `query` by code or name, best match first. Without a query: the popular
 * ones first, then the rest by code.
 */
export function searchCurrencies(currencies: readonly Currency[], query: string): Currency[] {
  const needle = query.trim().toLocaleLowerCase();
  const ranked: Array<{ currency: Currency; rank: number }> = [];
  for (const currency of currencies) {
    const rank = needle === '' ? 0 : matchRank(currency, needle);
    if (rank !== null) ranked.push({ currency, rank });
  }
  return ranked
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        popularity(a.currency) - popularity(b.currency) ||
        a.currency.code.localeCompare(b.currency.code),
    )
    .map(({ currency }) => currency);
}
