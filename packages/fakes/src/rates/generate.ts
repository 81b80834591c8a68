/**
 * Builds the committed rate files (`data/nbu-rates.csv`, `data/ecb-rates.csv`): invented but realistic
 * daily rates from a seeded random walk around hand-picked historical levels. Only `+ - * /`, integer
 * PRNG steps and `toFixed` are used, so every Node version writes byte-identical files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gaussian, prng } from '../random.ts';
import { eachDay, isTargetHoliday, isWeekend, previousWeekday } from './dates.ts';

export const DATA_START = '2019-01-01';
export const DATA_END = '2027-12-31';
export const NBU_FILE = 'nbu-rates.csv';
export const ECB_FILE = 'ecb-rates.csv';

/** Column order of each file. NBU: UAH per 1 unit; ECB: units per 1 EUR (never UAH). */
// biome-ignore format: a table
export const NBU_CODES = [
  'USD', 'EUR', 'GBP', 'PLN', 'CHF', 'CZK', 'JPY', 'CAD', 'CNY', 'SEK', 'NOK', 'DKK', 'HUF',
  'TRY', 'ILS', 'KZT', 'MDL', 'RON', 'AUD', 'NZD', 'SGD', 'HKD', 'INR', 'GEL', 'AZN',
] as const;
// biome-ignore format: a table
export const ECB_CODES = [
  'USD', 'JPY', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD',
  'BRL', 'CAD', 'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR',
] as const;

type Anchors = readonly (readonly [string, number])[];

/** A market price that drifts along straight lines between anchors, plus mean-reverting noise. */
interface Series {
  /** What the price is of: UAH per USD, USD per EUR, or a currency per USD or per EUR. */
  id: string;
  per: 'USD' | 'EUR';
  /** Daily relative volatility of the noise. */
  vol: number;
  anchors: Anchors;
}

const SEED = 0x6b6f7079; // "kopy"
const REVERSION = 0.02;
const WALK_START = '2018-12-24';

// biome-ignore format: a table
const SERIES: readonly Series[] = [
  { id: 'UAH', per: 'USD', vol: 0.0025, anchors: [['2018-12-24', 27.7], ['2019-06-01', 26.6], ['2019-12-31', 23.69], ['2020-03-31', 28.06], ['2020-12-31', 28.27], ['2021-06-30', 27.3], ['2021-12-31', 27.28], ['2022-02-23', 29.25], ['2023-10-03', 36.9], ['2023-12-31', 37.98], ['2024-06-30', 40.5], ['2024-12-31', 42.04], ['2025-06-30', 41.7], ['2025-12-31', 41.8], ['2026-06-30', 41.5], ['2026-12-31', 41.6], ['2027-12-31', 42.6]] },
  { id: 'EURUSD', per: 'EUR', vol: 0.004, anchors: [['2018-12-24', 1.145], ['2019-12-31', 1.12], ['2020-03-20', 1.07], ['2020-12-31', 1.227], ['2021-12-31', 1.133], ['2022-09-28', 0.96], ['2022-12-31', 1.067], ['2023-07-15', 1.12], ['2023-12-31', 1.105], ['2024-12-31', 1.039], ['2025-04-30', 1.13], ['2025-07-01', 1.172], ['2025-12-31', 1.17], ['2026-12-31', 1.168], ['2027-12-31', 1.18]] },
  { id: 'GBP', per: 'USD', vol: 0.004, anchors: [['2018-12-24', 0.785], ['2020-12-31', 0.733], ['2022-09-28', 0.9], ['2023-12-31', 0.785], ['2025-06-30', 0.73], ['2026-12-31', 0.745], ['2027-12-31', 0.74]] },
  { id: 'JPY', per: 'USD', vol: 0.004, anchors: [['2018-12-24', 110], ['2020-12-31', 103.5], ['2022-10-20', 148], ['2023-12-31', 141], ['2024-07-01', 160], ['2025-12-31', 155], ['2027-12-31', 150]] },
  { id: 'CHF', per: 'USD', vol: 0.004, anchors: [['2018-12-24', 0.985], ['2020-12-31', 0.885], ['2022-10-20', 1], ['2023-12-31', 0.84], ['2025-12-31', 0.8], ['2027-12-31', 0.79]] },
  { id: 'CNY', per: 'USD', vol: 0.002, anchors: [['2018-12-24', 6.87], ['2020-12-31', 6.53], ['2022-10-20', 7.3], ['2024-12-31', 7.3], ['2025-12-31', 7.08], ['2027-12-31', 7]] },
  { id: 'CAD', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 1.36], ['2020-12-31', 1.275], ['2022-10-20', 1.37], ['2024-12-31', 1.44], ['2025-12-31', 1.38], ['2027-12-31', 1.37]] },
  { id: 'AUD', per: 'USD', vol: 0.005, anchors: [['2018-12-24', 1.42], ['2020-12-31', 1.3], ['2022-10-20', 1.58], ['2024-12-31', 1.61], ['2025-12-31', 1.51], ['2027-12-31', 1.5]] },
  { id: 'NZD', per: 'USD', vol: 0.005, anchors: [['2018-12-24', 1.49], ['2020-12-31', 1.39], ['2022-10-20', 1.77], ['2024-12-31', 1.78], ['2025-12-31', 1.73], ['2027-12-31', 1.7]] },
  { id: 'SGD', per: 'USD', vol: 0.002, anchors: [['2018-12-24', 1.36], ['2020-12-31', 1.32], ['2022-10-20', 1.43], ['2024-12-31', 1.36], ['2025-12-31', 1.29], ['2027-12-31', 1.28]] },
  { id: 'HKD', per: 'USD', vol: 0.0003, anchors: [['2018-12-24', 7.83], ['2020-12-31', 7.75], ['2022-10-20', 7.85], ['2025-12-31', 7.78], ['2027-12-31', 7.79]] },
  { id: 'KRW', per: 'USD', vol: 0.004, anchors: [['2018-12-24', 1115], ['2020-12-31', 1088], ['2022-10-20', 1430], ['2024-12-31', 1470], ['2025-12-31', 1440], ['2027-12-31', 1400]] },
  { id: 'INR', per: 'USD', vol: 0.002, anchors: [['2018-12-24', 69.8], ['2020-12-31', 73.1], ['2022-10-20', 82.5], ['2024-12-31', 85.6], ['2025-12-31', 89.5], ['2027-12-31', 91]] },
  { id: 'IDR', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 14400], ['2020-12-31', 14100], ['2022-10-20', 15500], ['2024-12-31', 16100], ['2025-12-31', 16650], ['2027-12-31', 16800]] },
  { id: 'MYR', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 4.13], ['2020-12-31', 4.03], ['2022-10-20', 4.7], ['2024-12-31', 4.47], ['2025-12-31', 4.1], ['2027-12-31', 4.1]] },
  { id: 'PHP', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 52.5], ['2020-12-31', 48], ['2022-10-20', 59], ['2024-12-31', 57.9], ['2025-12-31', 59], ['2027-12-31', 58]] },
  { id: 'THB', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 32.5], ['2020-12-31', 30], ['2022-10-20', 38], ['2024-12-31', 34.1], ['2025-12-31', 31.5], ['2027-12-31', 32]] },
  { id: 'BRL', per: 'USD', vol: 0.007, anchors: [['2018-12-24', 3.87], ['2020-12-31', 5.19], ['2022-10-20', 5.3], ['2023-12-31', 4.85], ['2024-12-31', 6.18], ['2025-12-31', 5.45], ['2027-12-31', 5.5]] },
  { id: 'MXN', per: 'USD', vol: 0.006, anchors: [['2018-12-24', 19.65], ['2020-12-31', 19.9], ['2022-10-20', 19.9], ['2023-12-31', 17], ['2024-12-31', 20.5], ['2025-12-31', 18.2], ['2027-12-31', 18.5]] },
  { id: 'ZAR', per: 'USD', vol: 0.007, anchors: [['2018-12-24', 14.4], ['2020-12-31', 14.7], ['2022-10-20', 18.2], ['2024-12-31', 18.8], ['2025-12-31', 16.9], ['2027-12-31', 17.2]] },
  { id: 'ILS', per: 'USD', vol: 0.004, anchors: [['2018-12-24', 3.74], ['2020-12-31', 3.21], ['2022-10-20', 3.55], ['2023-10-20', 4.05], ['2024-12-31', 3.64], ['2025-12-31', 3.2], ['2027-12-31', 3.25]] },
  { id: 'TRY', per: 'USD', vol: 0.006, anchors: [['2018-12-24', 5.3], ['2019-12-31', 5.95], ['2020-12-31', 7.43], ['2021-12-31', 13.3], ['2022-12-31', 18.7], ['2023-12-31', 29.5], ['2024-12-31', 35.3], ['2025-12-31', 42.8], ['2026-12-31', 50], ['2027-12-31', 57]] },
  { id: 'KZT', per: 'USD', vol: 0.004, anchors: [['2018-12-24', 384], ['2020-12-31', 420], ['2022-10-20', 470], ['2023-12-31', 455], ['2024-12-31', 525], ['2025-12-31', 505], ['2027-12-31', 530]] },
  { id: 'MDL', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 17.15], ['2020-12-31', 17.2], ['2022-10-20', 19.4], ['2023-12-31', 17.6], ['2024-12-31', 18.4], ['2025-12-31', 16.9], ['2027-12-31', 17]] },
  { id: 'GEL', per: 'USD', vol: 0.003, anchors: [['2018-12-24', 2.67], ['2020-12-31', 3.28], ['2021-12-31', 3.09], ['2022-10-20', 2.75], ['2024-12-31', 2.81], ['2025-12-31', 2.7], ['2027-12-31', 2.7]] },
  { id: 'AZN', per: 'USD', vol: 0, anchors: [['2018-12-24', 1.7], ['2027-12-31', 1.7]] },
  { id: 'DKK', per: 'EUR', vol: 0.0002, anchors: [['2018-12-24', 7.4625], ['2027-12-31', 7.4605]] },
  { id: 'PLN', per: 'EUR', vol: 0.003, anchors: [['2018-12-24', 4.29], ['2020-12-31', 4.56], ['2022-10-20', 4.85], ['2023-12-31', 4.34], ['2025-12-31', 4.22], ['2027-12-31', 4.25]] },
  { id: 'CZK', per: 'EUR', vol: 0.002, anchors: [['2018-12-24', 25.7], ['2020-12-31', 26.2], ['2022-10-20', 24.5], ['2023-12-31', 24.7], ['2025-12-31', 24.3], ['2027-12-31', 24.3]] },
  { id: 'HUF', per: 'EUR', vol: 0.004, anchors: [['2018-12-24', 321], ['2020-12-31', 362], ['2022-10-20', 410], ['2023-12-31', 382], ['2024-12-31', 411], ['2025-12-31', 387], ['2027-12-31', 395]] },
  { id: 'RON', per: 'EUR', vol: 0.001, anchors: [['2018-12-24', 4.66], ['2020-12-31', 4.87], ['2022-10-20', 4.94], ['2023-12-31', 4.97], ['2025-12-31', 5.09], ['2027-12-31', 5.12]] },
  { id: 'SEK', per: 'EUR', vol: 0.004, anchors: [['2018-12-24', 10.25], ['2020-12-31', 10.03], ['2022-10-20', 11], ['2023-12-31', 11.1], ['2024-12-31', 11.5], ['2025-12-31', 10.9], ['2027-12-31', 10.9]] },
  { id: 'NOK', per: 'EUR', vol: 0.004, anchors: [['2018-12-24', 9.9], ['2020-12-31', 10.47], ['2022-10-20', 10.3], ['2023-12-31', 11.3], ['2024-12-31', 11.8], ['2025-12-31', 11.75], ['2027-12-31', 11.7]] },
  { id: 'ISK', per: 'EUR', vol: 0.003, anchors: [['2018-12-24', 133], ['2020-12-31', 156], ['2022-10-20', 145], ['2023-12-31', 150], ['2024-12-31', 144], ['2025-12-31', 145], ['2027-12-31', 145]] },
];

/** NBU held UAH/USD fixed in these windows; the market values of their days are that fix. */
const UAH_FIXES: readonly (readonly [string, string, number])[] = [
  ['2022-02-24', '2022-07-20', 29.2549],
  ['2022-07-21', '2023-10-02', 36.5686],
];

function interpolate(anchors: Anchors, day: string, dayIndex: (d: string) => number): number {
  const t = dayIndex(day);
  let previous = anchors[0]!;
  for (const anchor of anchors) {
    if (anchor[0] >= day) {
      const t0 = dayIndex(previous[0]);
      const t1 = dayIndex(anchor[0]);
      return t1 === t0 ? anchor[1] : previous[1] + ((anchor[1] - previous[1]) * (t - t0)) / (t1 - t0);
    }
    previous = anchor;
  }
  return previous[1];
}

/** Market prices of every series on every weekday of the walk. */
function walkMarket(): Map<string, Record<string, number>> {
  const next = prng(SEED);
  const dayNumbers = new Map<string, number>();
  let n = 0;
  for (const day of eachDay(WALK_START, DATA_END)) dayNumbers.set(day, n++);
  const dayIndex = (day: string) => dayNumbers.get(day) ?? 0;

  const deviations = SERIES.map(() => 0);
  const market = new Map<string, Record<string, number>>();
  for (const day of eachDay(WALK_START, DATA_END)) {
    if (isWeekend(day)) continue;
    const prices: Record<string, number> = {};
    SERIES.forEach((series, i) => {
      const step = deviations[i]! * (1 - REVERSION) + series.vol * gaussian(next);
      deviations[i] = Math.max(-0.1, Math.min(0.1, step));
      prices[series.id] = interpolate(series.anchors, day, dayIndex) * (1 + deviations[i]!);
    });
    const fix = UAH_FIXES.find(([from, to]) => day >= from && day <= to);
    if (fix) prices.UAH = fix[2];
    market.set(day, prices);
  }
  return market;
}

function perUsd(prices: Record<string, number>, code: string): number {
  const series = SERIES.find((s) => s.id === code)!;
  return series.per === 'USD' ? prices[code]! : prices[code]! / prices.EURUSD!;
}

function perEur(prices: Record<string, number>, code: string): number {
  if (code === 'USD') return prices.EURUSD!;
  const series = SERIES.find((s) => s.id === code)!;
  return series.per === 'EUR' ? prices[code]! : prices[code]! * prices.EURUSD!;
}

/** Drops trailing zeros as the sources' CSVs and JSON do. */
function fixed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** The ECB quotes about five significant digits, never fewer than two decimals. */
function ecbFigure(value: number): string {
  if (value < 1) return fixed(value, 5);
  const integerDigits = String(Math.trunc(value)).length;
  return fixed(value, Math.max(2, 5 - integerDigits));
}

/**
 * Both files' text. NBU: a row for every calendar day; the rate of day D is set on the weekday before D
 * (so Saturday, Sunday and Monday share Friday's fix), 4 decimals. ECB: TARGET working days only.
 */
export function generateRateCsv(): { nbu: string; ecb: string } {
  const market = walkMarket();
  const nbu = [`Date,${NBU_CODES.join(',')}`];
  const ecb = [`Date,${ECB_CODES.join(',')}`];
  for (const day of eachDay(DATA_START, DATA_END)) {
    const fixing = market.get(previousWeekday(day))!;
    const uahPerUsd = fixing.UAH!;
    const nbuRow = NBU_CODES.map((code) => {
      if (code === 'USD') return fixed(uahPerUsd, 4);
      if (code === 'EUR') return fixed(uahPerUsd * fixing.EURUSD!, 4);
      return fixed(uahPerUsd / perUsd(fixing, code), 4);
    });
    nbu.push(`${day},${nbuRow.join(',')}`);

    if (isWeekend(day) || isTargetHoliday(day)) continue;
    const prices = market.get(day)!;
    ecb.push(`${day},${ECB_CODES.map((code) => ecbFigure(perEur(prices, code))).join(',')}`);
  }
  return { nbu: `${nbu.join('\n')}\n`, ecb: `${ecb.join('\n')}\n` };
}

/** Writes both files into `dir` (created if missing) and returns their paths. */
export function writeRateData(dir: string): { nbu: string; ecb: string } {
  const { nbu, ecb } = generateRateCsv();
  mkdirSync(dir, { recursive: true });
  const paths = { nbu: join(dir, NBU_FILE), ecb: join(dir, ECB_FILE) };
  writeFileSync(paths.nbu, nbu);
  writeFileSync(paths.ecb, ecb);
  return paths;
}
