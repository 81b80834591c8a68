import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { exchangeRates } from '../../db/schema.ts';
import { createNbuProvider } from '../../integrations/rates/nbu.ts';
import { fixedClock } from '../../lib/clock.ts';
import { daysBetween } from '../../lib/dates.ts';
import { ProviderDays } from './provider-days.ts';
import { insertDays } from './queries.ts';

let emulator: RatesEmulator;
let t: TestApp;
beforeAll(async () => {
  emulator = await startRatesEmulator({ nbu: new Map(), ecb: new Map() });
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

describe('what ProviderDays remembers', () => {
  it('forgets failed days once their minute has passed, instead of growing with every day asked for', async () => {
    const clock = fixedClock('2026-03-10T12:00:00Z');
    const days = new ProviderDays(t.handle.db, t.app.log, clock);
    const provider = createNbuProvider(emulator.url, 1000);
    emulator.setMode('nbu', 'down');
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) expect(await days.load(provider, day)).toBeNull();
    expect(days.remembered()).toBe(3);
    // Still within the minute: the day is not asked for again.
    await days.load(provider, '2026-03-02');
    expect(emulator.requests('nbu').filter((path) => path.endsWith('date=20260302'))).toHaveLength(1);

    clock.set('2026-03-10T12:01:01Z');
    await days.load(provider, '2026-03-05');
    expect(days.remembered()).toBe(1);
  });

  it('reads a range of stored days once; a range reaching a day not stored yet reads that day alone again', async () => {
    const clock = fixedClock('2025-06-10T12:00:00Z');
    const days = new ProviderDays(t.handle.db, t.app.log, clock);
    const provider = createNbuProvider(emulator.url, 1000);
    emulator.setMode('nbu', 'down');
    const stored = daysBetween('2025-06-01', '2025-06-09').map((date) => ({
      date,
      publishedDate: date,
      perUnit: { USD: 41, EUR: 47 },
    }));
    await insertDays(t.handle.db, provider.source, stored, clock.now());
    // Today (the 10th) is not stored: the provider is down.
    await days.fillRange(provider, '2025-06-01', '2025-06-10');
    await days.ensureStored(provider, '2025-06-10');
    const first = await days.storedRange(provider, '2025-06-01', '2025-06-10', ['USD']);
    expect([...first.keys()]).toEqual(daysBetween('2025-06-01', '2025-06-09'));
    expect(first.get('2025-06-05')!.perUnit.USD).toBe(41);

    // A stored day is final: changed behind its back, the 5th is still what was read. Today,
    // stored meanwhile, is read.
    await t.handle.db
      .update(exchangeRates)
      .set({ perUnit: 99 })
      .where(and(eq(exchangeRates.source, provider.source), eq(exchangeRates.date, '2025-06-05')));
    await insertDays(
      t.handle.db,
      provider.source,
      [{ date: '2025-06-10', publishedDate: '2025-06-10', perUnit: { USD: 42 } }],
      clock.now(),
    );
    const again = await days.storedRange(provider, '2025-06-01', '2025-06-10', ['USD']);
    expect(again.get('2025-06-05')!.perUnit.USD).toBe(41);
    expect(again.get('2025-06-10')!.perUnit.USD).toBe(42);
  });
});
