import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, loadEcbRates, loadNbuRates, parseRatesCsv } from './data.ts';
import { addDays, eachDay, isTargetHoliday, isWeekend } from './dates.ts';
import { DATA_END, DATA_START, ECB_CODES, ECB_FILE, NBU_CODES, NBU_FILE, writeRateData } from './generate.ts';

describe('committed rate data', () => {
  it('NBU: every calendar day from 2019-01-01 to 2027-12-31, every currency, UAH per 1 unit', () => {
    const nbu = loadNbuRates();
    const days = [...eachDay(DATA_START, DATA_END)];
    expect(nbu.size).toBe(3287);
    expect([...nbu.keys()]).toEqual(days);
    for (const rates of nbu.values()) expect(Object.keys(rates)).toEqual([...NBU_CODES]);
    expect(NBU_CODES).toHaveLength(25);
    expect(NBU_CODES).not.toContain('UAH');
  });

  it('NBU: known figures', () => {
    const nbu = loadNbuRates();
    expect(nbu.get('2019-01-01')).toMatchObject({ USD: 27.6174, EUR: 31.712, JPY: 0.2523 });
    expect(nbu.get('2022-03-01')).toMatchObject({ USD: 29.2549 }); // the wartime fix
    expect(nbu.get('2026-01-05')).toMatchObject({ USD: 41.4563, EUR: 48.0599, GBP: 56.215, PLN: 11.216, JPY: 0.2624 });
    expect(nbu.get('2027-12-31')).toMatchObject({ USD: 42.6161, EUR: 50.455 });
  });

  it("NBU: Saturday, Sunday and Monday share Friday's fixing", () => {
    const nbu = loadNbuRates();
    for (const monday of ['2019-03-04', '2023-06-05', '2026-01-05', '2027-11-29']) {
      const saturday = nbu.get(addDays(monday, -2));
      expect(nbu.get(addDays(monday, -1))).toEqual(saturday);
      expect(nbu.get(monday)).toEqual(saturday);
      expect(nbu.get(addDays(monday, 1))).not.toEqual(saturday);
    }
  });

  it('ECB: TARGET working days only, no UAH, units per 1 EUR', () => {
    const ecb = loadEcbRates();
    const days = [...ecb.keys()];
    expect(days[0]).toBe('2019-01-02');
    expect(days.at(-1)).toBe('2027-12-31');
    expect(days.every((day) => !isWeekend(day) && !isTargetHoliday(day))).toBe(true);
    expect(ecb.size).toBe(2307);
    for (const holiday of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26']) {
      expect(ecb.has(holiday)).toBe(false);
    }
    for (const rates of ecb.values()) expect(Object.keys(rates)).toEqual([...ECB_CODES]);
    expect(ECB_CODES).toHaveLength(29);
    expect(ECB_CODES).not.toContain('UAH');
    expect(ECB_CODES).not.toContain('EUR');
  });

  it('ECB: known figures', () => {
    const ecb = loadEcbRates();
    expect(ecb.get('2019-01-02')).toMatchObject({ USD: 1.1482, JPY: 125.18, GBP: 0.8917 });
    expect(ecb.get('2026-01-05')).toMatchObject({ USD: 1.1572, JPY: 183.56, PLN: 4.2898, IDR: 20138.19 });
    expect(ecb.get('2027-12-31')).toMatchObject({ USD: 1.1866 });
  });

  it('NBU and ECB roughly agree on EUR/USD', () => {
    const nbu = loadNbuRates();
    const ecb = loadEcbRates();
    for (const [day, rates] of ecb) {
      const nbuRates = nbu.get(day)!;
      const ratio = nbuRates.EUR! / nbuRates.USD! / rates.USD!;
      expect(Math.abs(ratio - 1), day).toBeLessThan(0.03);
    }
  });

  it('is read once and cached', () => {
    expect(loadNbuRates()).toBe(loadNbuRates());
    expect(loadEcbRates()).toBe(loadEcbRates());
  });

  it('keeps each file under 1 MB', () => {
    for (const file of [NBU_FILE, ECB_FILE]) expect(statSync(join(DATA_DIR, file)).size).toBeLessThan(1_000_000);
  });
});

describe('generate-rate-data', () => {
  it('regenerates byte-identical files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopiyka-rates-'));
    try {
      const written = writeRateData(dir);
      expect(readFileSync(written.nbu).equals(readFileSync(join(DATA_DIR, NBU_FILE)))).toBe(true);
      expect(readFileSync(written.ecb).equals(readFileSync(join(DATA_DIR, ECB_FILE)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseRatesCsv', () => {
  it("reads the ECB's own layout: newest first, trailing comma, N/A", () => {
    const rates = parseRatesCsv('Date,USD,JPY,CYP,\n2026-01-05,1.1712,183.4,N/A,\n2026-01-02,1.1705,182.9,N/A,\n');
    expect([...rates]).toEqual([
      ['2026-01-05', { USD: 1.1712, JPY: 183.4 }],
      ['2026-01-02', { USD: 1.1705, JPY: 182.9 }],
    ]);
  });
});
