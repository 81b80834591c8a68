import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createNbuProvider } from '../../integrations/rates/nbu.ts';
import { fixedClock } from '../../lib/clock.ts';
import { ProviderDays } from './provider-days.ts';

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
});
