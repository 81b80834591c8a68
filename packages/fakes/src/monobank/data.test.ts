import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../rates/data.ts';
import { demoClientSeed, demoShiftSeconds, loadDemoData } from './data.ts';
import { DEMO_FILE, DEMO_FIRST_DAY, DEMO_LAST_DAY, DEMO_TOKEN, writeDemoData } from './generate.ts';
import { OPTIONAL_ITEM_FIELDS, type StatementItem } from './types.ts';

const WEEK = 7 * 86_400;
const data = loadDemoData();
const [uahCard, usdCard] = data.clientInfo.accounts;
const [jar] = data.clientInfo.jars;
const itemsOf = (id: string): StatementItem[] => data.statements[id] ?? [];
const allItems = Object.values(data.statements).flat();
const kyivDay = (seconds: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date(seconds * 1000));

describe('the committed demo client', () => {
  it('has a UAH black card with a credit limit, a USD card and a jar', () => {
    expect(data.token).toBe(DEMO_TOKEN);
    expect(DEMO_TOKEN).toHaveLength(44);
    expect(uahCard).toMatchObject({ type: 'black', currencyCode: 980, cashbackType: 'UAH', creditLimit: 1_500_000 });
    expect(usdCard).toMatchObject({ type: 'white', currencyCode: 840, cashbackType: 'None', creditLimit: 0 });
    expect(jar).toMatchObject({ currencyCode: 980, title: 'На відпустку', goal: 6_000_000 });
    for (const account of data.clientInfo.accounts) {
      expect(account.id).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(account.maskedPan[0]).toMatch(/^\d{6}\*{6}\d{4}$/);
      expect(account.iban).toMatch(/^UA\d{27}$/);
      // ISO 13616: the IBAN moved round, letters as numbers, leaves 1 modulo 97.
      const digits = `${account.iban.slice(4)}3010${account.iban.slice(2, 4)}`;
      expect(BigInt(digits) % 97n).toBe(1n);
    }
    expect(Object.keys(data.statements)).toEqual([uahCard!.id, usdCard!.id, jar!.id]);
  });

  it('adds up: each item is the balance before it plus its amount, and each account ends at its balance', () => {
    for (const holder of [...data.clientInfo.accounts, ...data.clientInfo.jars]) {
      const items = itemsOf(holder.id);
      expect(items[0]?.balance).toBe(holder.balance);
      for (let i = 0; i < items.length - 1; i++) {
        const [newer, older] = [items[i]!, items[i + 1]!];
        expect(newer.time).toBeGreaterThanOrEqual(older.time);
        expect(newer.balance).toBe(older.balance + newer.amount);
      }
    }
  });

  it('stays realistic: the card never goes past its credit limit, the USD card never below zero', () => {
    expect(Math.min(...itemsOf(uahCard!.id).map((item) => item.balance))).toBeGreaterThan(0);
    expect(Math.min(...itemsOf(usdCard!.id).map((item) => item.balance))).toBeGreaterThan(0);
    expect(Math.min(...itemsOf(jar!.id).map((item) => item.balance))).toBeGreaterThanOrEqual(0);
  });

  it('covers the year from the first day to the last', () => {
    const times = allItems.map((item) => item.time);
    expect(kyivDay(Math.min(...times))).toBe(DEMO_FIRST_DAY);
    expect(Math.max(...times)).toBeLessThan(data.generatedUntil);
    expect(Math.max(...times)).toBeGreaterThan(data.generatedUntil - 2 * 86_400);
    expect(kyivDay(data.generatedUntil)).toBe(DEMO_LAST_DAY);
    expect(new Set(itemsOf(uahCard!.id).map((item) => kyivDay(item.time))).size).toBeGreaterThan(330);
  });

  it('holds the kinds of items the app must handle', () => {
    const count = (test: (item: StatementItem) => boolean) => allItems.filter(test).length;
    const uah = itemsOf(uahCard!.id);
    expect(uah.length).toBeGreaterThan(800);
    expect(itemsOf(usdCard!.id).length).toBeGreaterThan(30);
    expect(itemsOf(jar!.id).length).toBeGreaterThan(20);
    for (const mcc of [5411, 5812, 5814, 4121, 4829, 6011, 4900])
      expect(
        count((item) => item.mcc === mcc),
        String(mcc),
      ).toBeGreaterThan(5);
    // Salaries twice a month.
    expect(count((item) => item.amount > 2_000_000 && item.counterName !== undefined)).toBe(24);
    // Purchases in a third currency: the card's amount in its currency, the operation in PLN or EUR.
    const foreign = allItems.filter((item) => item.currencyCode === 985 || item.currencyCode === 978);
    expect(foreign.length).toBeGreaterThan(20);
    expect(foreign.some((item) => uah.includes(item) && item.currencyCode === 985)).toBe(true);
    expect(foreign.some((item) => itemsOf(usdCard!.id).includes(item) && item.currencyCode === 978)).toBe(true);
    for (const item of foreign) expect(item.operationAmount).not.toBe(item.amount);
    // Transfers between own cards: UAH out at the USD amount, USD in.
    expect(uah.some((item) => item.currencyCode === 840 && item.amount < 0)).toBe(true);
    // Cash withdrawals with a commission inside the amount.
    for (const item of allItems.filter((item) => item.mcc === 6011)) {
      expect(item.commissionRate).toBeGreaterThan(0);
      if (item.currencyCode === 980) expect(item.amount).toBe(item.operationAmount - item.commissionRate);
    }
    expect(count((item) => item.cashbackAmount > 0)).toBeGreaterThan(200);
    expect(count((item) => item.description === 'Виведення кешбеку')).toBeGreaterThan(3);
    expect(count((item) => item.comment !== undefined)).toBeGreaterThan(5);
    // Purchases in parts: the whole price on the day of purchase, the shop after the bank's words.
    const inParts = uah.filter((item) => item.description.startsWith('Покупка частинами: '));
    expect(inParts.length).toBeGreaterThanOrEqual(2);
    for (const item of inParts) expect(item.amount).toBeLessThan(-500_000);
    expect(count((item) => item.receiptId !== undefined)).toBeGreaterThan(5);
  });

  it('has its last purchases on hold and nothing older', () => {
    const holds = allItems.filter((item) => item.hold);
    expect(holds.length).toBeGreaterThanOrEqual(1);
    for (const item of holds) {
      expect(item.amount).toBeLessThan(0);
      expect(data.generatedUntil - item.time).toBeLessThan(2 * 86_400);
    }
  });

  it('has unique ids and leaves absent optional fields out (never null)', () => {
    expect(new Set(allItems.map((item) => item.id)).size).toBe(allItems.length);
    for (const item of allItems) {
      expect(item.id).toMatch(/^[A-Za-z0-9+/]{11}=$/);
      expect(item.originalMcc).toBe(item.mcc);
      for (const field of OPTIONAL_ITEM_FIELDS) if (field in item) expect(typeof item[field]).toBe('string');
    }
  });

  it('is small', () => {
    expect(statSync(join(DATA_DIR, DEMO_FILE)).size).toBeLessThan(400_000);
  });
});

describe('demo times', () => {
  it('move by whole weeks so that the year ends in the week before now', () => {
    for (const now of [
      '2026-11-25T10:00:00Z',
      '2027-06-01T00:00:00Z',
      '2026-12-31T23:30:00Z',
      '2024-02-29T12:00:00Z',
    ]) {
      const nowSeconds = Date.parse(now) / 1000;
      const shift = demoShiftSeconds(new Date(now));
      expect(Number.isInteger(shift / WEEK)).toBe(true);
      expect(data.generatedUntil + shift).toBeLessThanOrEqual(nowSeconds);
      expect(data.generatedUntil + shift).toBeGreaterThan(nowSeconds - WEEK);
    }
    expect(demoShiftSeconds(new Date(data.generatedUntil * 1000))).toBe(0);
  });

  it('give a fresh seed each time, its times moved, the cached data untouched', () => {
    const seed = demoClientSeed(WEEK);
    const first = seed.statements![uahCard!.id]![0]!;
    expect(first.time).toBe(itemsOf(uahCard!.id)[0]!.time + WEEK);
    first.amount = 1;
    expect(demoClientSeed(0).statements![uahCard!.id]![0]!.amount).toBe(itemsOf(uahCard!.id)[0]!.amount);
    expect(seed.token).toBe(DEMO_TOKEN);
  });
});

describe('generate-monobank-data', () => {
  it('regenerates a byte-identical file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopiyka-monobank-'));
    try {
      const written = writeDemoData(dir);
      expect(readFileSync(written).equals(readFileSync(join(DATA_DIR, DEMO_FILE)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
