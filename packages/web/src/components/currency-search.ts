import type { Currency } from '@kopiyka/shared';

/** Shown first: the currencies most Kopiyka users keep money in. */
export const POPULAR_CURRENCY_CODES = ['UAH', 'USD', 'EUR', 'GBP', 'PLN'] as const;

function popularity(currency: Currency): number {
  const index = (POPULAR_CURRENCY_CODES as readonly string[]).indexOf(currency.code);
  return index === -1 ? POPULAR_CURRENCY_CODES.length : index;
}

export function isPopularCurrency(currency: Currency): boolean {
  return popularity(currency) < POPULAR_CURRENCY_CODES.length;
}

/** How well a currency matches the query: lower is better, null is no match. */
function matchRank(currency: Currency, query: string): number | null {
  const code = currency.code.toLowerCase();
  const name = currency.name.toLowerCase();
  if (code === query) return 0;
  if (code.startsWith(query)) return 1;
  if (name.startsWith(query)) return 2;
  if (name.split(/[\s-]+/).some((word) => word.startsWith(query))) return 3;
  if (name.includes(query)) return 4;
  return null;
}

/**
 * The currencies matching `query` by code or name, best match first. Without a query: the popular
 * ones first, then the rest by code.
 */
export function searchCurrencies(currencies: readonly Currency[], query: string): Currency[] {
  const needle = query.trim().toLowerCase();
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
