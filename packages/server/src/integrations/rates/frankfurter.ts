import { z } from 'zod';
import { fetchJson, type ProviderDay, type RateProvider, RateProviderError } from './provider.ts';

const rangeSchema = z.object({
  base: z.literal('EUR'),
  rates: z.record(z.iso.date(), z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive())),
});

const daySchema = z.object({
  base: z.literal('EUR'),
  date: z.iso.date(),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()),
});

/**
 * Frankfurter's v1 API over the ECB's reference rates: units per 1 EUR for about 30 currencies,
 * working days only; asking for another day answers the nearest earlier working day.
 */
export function createFrankfurterProvider(baseUrl: string, timeoutMs: number): RateProvider {
  const source = 'ecb';
  // A year of days is a bigger answer than one day.
  const rangeTimeoutMs = timeoutMs * 4;
  return {
    source,
    name: 'European Central Bank (Frankfurter)',
    pivot: 'EUR',
    rangeTimeoutMs,
    async fetchDay(date): Promise<ProviderDay | null> {
      const { status, body } = await fetchJson(source, `${baseUrl}/v1/${date}`, timeoutMs);
      // 404: no data that far back.
      if (status === 404) return null;
      if (status !== 200) throw new RateProviderError(source, `answered ${status}`);
      const parsed = daySchema.safeParse(body);
      if (!parsed.success) throw new RateProviderError(source, 'answered something other than a day of EUR rates');
      const perUnit: Record<string, number> = {};
      for (const [code, unitsPerEuro] of Object.entries(parsed.data.rates)) perUnit[code] = 1 / unitsPerEuro;
      return { publishedDate: parsed.data.date, perUnit };
    },

    async fetchRange(from, to, budget) {
      const { status, body } = await fetchJson(source, `${baseUrl}/v1/${from}..${to}`, rangeTimeoutMs, budget);
      if (status === 404) return new Map();
      if (status !== 200) throw new RateProviderError(source, `answered ${status}`);
      const parsed = rangeSchema.safeParse(body);
      if (!parsed.success) throw new RateProviderError(source, 'answered something other than days of EUR rates');
      const days = new Map<string, Record<string, number>>();
      for (const [day, rates] of Object.entries(parsed.data.rates)) {
        days.set(day, Object.fromEntries(Object.entries(rates).map(([code, perEuro]) => [code, 1 / perEuro])));
      }
      return days;
    },
  };
}
