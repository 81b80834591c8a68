import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ECB_FILE, NBU_FILE } from './generate.ts';

/** Rates by day (`YYYY-MM-DD`) and currency code. NBU: UAH per 1 unit; ECB: units per 1 EUR. */
export type DailyRates = Map<string, Record<string, number>>;

export const DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

/**
 * Reads an ECB-style wide CSV: a `Date,USD,…` header (a trailing comma is allowed), one row per day in any
 * order, `N/A` or an empty cell for a missing value.
 */
export function parseRatesCsv(text: string): DailyRates {
  const [header = '', ...rows] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const codes = header.split(',').map((cell) => cell.trim());
  const rates: DailyRates = new Map();
  for (const row of rows) {
    const cells = row.split(',');
    const day = cells[0]?.trim() ?? '';
    const values: Record<string, number> = {};
    for (let i = 1; i < codes.length; i++) {
      const code = codes[i];
      const cell = cells[i]?.trim();
      if (!code || !cell || cell === 'N/A') continue;
      const value = Number(cell);
      if (Number.isFinite(value) && value > 0) values[code] = value;
    }
    rates.set(day, values);
  }
  return rates;
}

let nbuCache: DailyRates | undefined;
let ecbCache: DailyRates | undefined;

/** The committed NBU table (`data/nbu-rates.csv`), read once. */
export function loadNbuRates(): DailyRates {
  nbuCache ??= parseRatesCsv(readFileSync(join(DATA_DIR, NBU_FILE), 'utf8'));
  return nbuCache;
}

/** The committed ECB table (`data/ecb-rates.csv`), read once. */
export function loadEcbRates(): DailyRates {
  ecbCache ??= parseRatesCsv(readFileSync(join(DATA_DIR, ECB_FILE), 'utf8'));
  return ecbCache;
}
