/** The order a rate is resolved in, over the user's own rates and the providers' days. */
import type { LoadedDay } from './provider-days.ts';
import type { RateQuote } from './service.ts';

/** Where to look for a currency missing from one provider but quoted by another. */
export const CROSS_PIVOTS = ['USD', 'EUR'];

function valueIn(loaded: LoadedDay, code: string): number | undefined {
  return code === loaded.provider.pivot ? 1 : loaded.day.perUnit[code];
}

/** A pair from days already loaded, in order of preference: quoted whole by one, else crossed. */
export function quoteAcross(from: string, to: string, days: LoadedDay[]): RateQuote | null {
  for (const day of days) {
    const [a, b] = [valueIn(day, from), valueIn(day, to)];
    if (a !== undefined && b !== undefined) return quoteFrom(a / b, [day]);
  }
  // Not quoted together anywhere: go through a currency both providers know.
  for (const first of days) {
    for (const second of days) {
      if (first === second) continue;
      for (const pivot of CROSS_PIVOTS) {
        const fromValue = valueIn(first, from);
        const pivotInFirst = valueIn(first, pivot);
        const pivotInSecond = valueIn(second, pivot);
        const toValue = valueIn(second, to);
        if (fromValue === undefined || pivotInFirst === undefined) continue;
        if (pivotInSecond === undefined || toValue === undefined) continue;
        return quoteFrom((fromValue / pivotInFirst) * (pivotInSecond / toValue), [first, second]);
      }
    }
  }
  return null;
}

/** The custom rate in effect on a day: the latest start on or before it; every-day (null) starts earliest. */
function customInEffect(rows: Array<{ rate: number; effectiveFrom: string | null }>, date: string): RateQuote | null {
  const inEffect = rows
    .filter((r) => r.effectiveFrom === null || r.effectiveFrom <= date)
    .sort((a, b) => (a.effectiveFrom ?? '').localeCompare(b.effectiveFrom ?? ''))
    .at(-1);
  return inEffect
    ? { rate: inEffect.rate, source: 'custom', rateDate: null, effectiveFrom: inEffect.effectiveFrom }
    : null;
}

/** One of the user's own rates: of a pair, from a day or for every day (effectiveFrom null). */
export type CustomRow = { baseCode: string; quoteCode: string; rate: number; effectiveFrom: string | null };

/**
 * Where the user's own rates lead from a currency on a day, with the rate to each place: a search
 * over the custom rates in effect (each pair is stored both ways), fewest steps first. So with EUR
 * and USD both rated in UAH, EUR reaches USD through UAH.
 */
function reachableByCustom(rows: CustomRow[], from: string, date: string): Map<string, number> {
  const pairs = new Map<string, CustomRow[]>();
  for (const row of rows) {
    const key = `${row.baseCode}:${row.quoteCode}`;
    pairs.set(key, [...(pairs.get(key) ?? []), row]);
  }
  const edges = new Map<string, Array<{ to: string; rate: number }>>();
  for (const [key, pairRows] of pairs) {
    const quote = customInEffect(pairRows, date);
    if (!quote) continue;
    const [base = '', quoteCode = ''] = key.split(':');
    edges.set(base, [...(edges.get(base) ?? []), { to: quoteCode, rate: quote.rate }]);
  }
  const reached = new Map<string, number>([[from, 1]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of edges.get(at) ?? []) {
      if (reached.has(edge.to)) continue;
      reached.set(edge.to, reached.get(at)! * edge.rate);
      queue.push(edge.to);
    }
  }
  reached.delete(from);
  return reached;
}

const customPathQuote = (rate: number): RateQuote => ({ rate, source: 'custom', rateDate: null, effectiveFrom: null });

/**
 * The order a rate of `from` in `to` on `date` is found in: the user's own rate of the pair; else
 * the providers'; else a path over the user's rates; else the user's rates to a currency the
 * providers quote against `to`. It yields each currency it needs the providers' quote of (against
 * `to`) and is handed that quote back, so a session (which may fetch) and a series (which reads
 * what is stored) walk the one order.
 */
export function* resolution(
  rows: CustomRow[],
  from: string,
  to: string,
  date: string,
): Generator<string, RateQuote | null, RateQuote | null> {
  if (from === to) return { rate: 1, source: 'live', rateDate: date, effectiveFrom: null };
  const direct = customInEffect(
    rows.filter((r) => r.baseCode === from && r.quoteCode === to),
    date,
  );
  if (direct) return direct;
  const provided = yield from;
  if (provided) return provided;
  const reached = reachableByCustom(rows, from, date);
  const whole = reached.get(to);
  if (whole !== undefined) return customPathQuote(whole);
  for (const [via, rate] of reached) {
    const rest = yield via;
    if (rest) return { ...rest, rate: rate * rest.rate };
  }
  return null;
}

function quoteFrom(rate: number, days: LoadedDay[]): RateQuote {
  return {
    rate,
    source: days.some((d) => d.approximate) ? 'approximate' : 'live',
    rateDate: days.map((d) => d.day.publishedDate).sort()[0] ?? null,
    effectiveFrom: null,
  };
}
