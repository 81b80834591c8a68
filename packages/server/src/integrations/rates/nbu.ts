import { z } from 'zod';
import { fetchJson, type ProviderDay, type RateProvider, RateProviderError } from './provider.ts';

const itemSchema = z.object({
  cc: z.string().regex(/^[A-Z]{3}$/),
  rate: z.number().positive(),
  exchangedate: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
});
/** exchange_site rows may quote several units at once: rate_per_unit (= rate / units) is per one. */
const rangeItemSchema = itemSchema.extend({
  units: z.number().positive().optional(),
  rate_per_unit: z.number().positive().optional(),
});

/** NBU writes days as DD.MM.YYYY. */
function fromNbuDate(value: string): string {
  const [day, month, year] = value.split('.');
  return `${year}-${month}-${day}`;
}

/**
 * The National Bank of Ukraine's official daily rates: UAH per 1 unit of about 45 currencies,
 * published for every calendar day (a weekend and the Monday after it share the Friday fixing).
 */
export function createNbuProvider(baseUrl: string, timeoutMs: number): RateProvider {
  const source = 'nbu';
  // A year of days is a bigger answer than one day.
  const rangeTimeoutMs = timeoutMs * 4;
  return {
    source,
    name: 'National Bank of Ukraine',
    pivot: 'UAH',
    rangeTimeoutMs,
    async fetchDay(date): Promise<ProviderDay | null> {
      const url = `${baseUrl}/NBUStatService/v1/statdirectory/exchange?json&date=${date.replaceAll('-', '')}`;
      const { status, body } = await fetchJson(source, url, timeoutMs);
      if (status !== 200) throw new RateProviderError(source, `answered ${status}`);
      const parsed = z.array(z.unknown()).safeParse(body);
      if (!parsed.success) throw new RateProviderError(source, 'answered something other than a list of rates');
      // An empty list means no data for that day (too early, or not yet published).
      if (parsed.data.length === 0) return null;
      const perUnit: Record<string, number> = {};
      let publishedDate: string | undefined;
      for (const raw of parsed.data) {
        const item = itemSchema.safeParse(raw);
        // A malformed row (a withdrawn currency, a new field shape) costs that currency only.
        if (!item.success) continue;
        perUnit[item.data.cc] = item.data.rate;
        publishedDate ??= fromNbuDate(item.data.exchangedate);
      }
      if (!publishedDate) throw new RateProviderError(source, 'answered a list without a usable rate');
      return { publishedDate, perUnit };
    },

    async fetchRange(from, to, budget) {
      const compact = (day: string) => day.replaceAll('-', '');
      const url = `${baseUrl}/NBU_Exchange/exchange_site?start=${compact(from)}&end=${compact(to)}&sort=exchangedate&order=asc&json`;
      const { status, body } = await fetchJson(source, url, rangeTimeoutMs, budget);
      if (status !== 200) throw new RateProviderError(source, `answered ${status}`);
      const parsed = z.array(z.unknown()).safeParse(body);
      if (!parsed.success) throw new RateProviderError(source, 'answered something other than a list of rates');
      const days = new Map<string, Record<string, number>>();
      for (const raw of parsed.data) {
        const item = rangeItemSchema.safeParse(raw);
        if (!item.success) continue;
        const day = fromNbuDate(item.data.exchangedate);
        const rates = days.get(day) ?? {};
        rates[item.data.cc] = item.data.rate_per_unit ?? item.data.rate / (item.data.units ?? 1);
        days.set(day, rates);
      }
      return days;
    },
  };
}
