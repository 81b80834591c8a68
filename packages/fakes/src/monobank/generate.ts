/**
 * Builds the committed demo client (`data/monobank-demo.json`): a year of invented but realistic card life
 * from a seeded PRNG — salaries, groceries, restaurants, taxis, bills, transfers between own cards and to a
 * jar, trips paid in PLN and EUR, cash withdrawals with a commission, cashback and its payout, purchases in
 * parts, and the last day's purchases still on hold. Currency conversions use the committed NBU rates plus a
 * bank margin.
 * Deterministic: the same code always writes a byte-identical file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prng } from '../random.ts';
import { loadNbuRates } from '../rates/data.ts';
import { addDays, eachDay, weekday } from '../rates/dates.ts';
import { statementItem, ukrainianIban } from './client.ts';
import type { ClientInfo, MonobankAccount, MonobankJar, StatementItem } from './types.ts';

export const DEMO_FILE = 'monobank-demo.json';
/** The demo client's personal token: 44 characters, like a real one. */
export const DEMO_TOKEN = 'uDemoKopiykaOffline_notARealToken_2026-11-25';
/** The data's days (Kyiv time), both included. */
export const DEMO_FIRST_DAY = '2025-11-25';
export const DEMO_LAST_DAY = '2026-11-24';

/** The demo client as the data file holds it; statements newest first, as the API answers them. */
export interface DemoData {
  token: string;
  /** Unix seconds: every item is older. The emulator moves the year by whole weeks to end near "now". */
  generatedUntil: number;
  clientInfo: ClientInfo;
  statements: Record<string, StatementItem[]>;
}

const SEED = 0x6d6f6e6f; // "mono"
const UAH = 980;
const USD = 840;
const EUR = 978;
const PLN = 985;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE64 = `${ID_ALPHABET}+/`;

/** Trips: no everyday Kyiv spending on these days. */
const KRAKOW = { first: '2026-05-14', last: '2026-05-18' };
const VIENNA = { first: '2026-08-20', last: '2026-08-25' };

/** Purchases in parts: the day, the shop, its MCC and the whole price in kopiyky. */
const PURCHASES_IN_PARTS: ReadonlyArray<readonly [string, string, number, number]> = [
  ['2026-03-07', 'Rozetka', 5732, 1_899_900],
  ['2026-11-02', 'Comfy', 5722, 1_249_900],
];

type Book = 'uah' | 'usd' | 'jar';
type Draft = Omit<StatementItem, 'balance'> & { book: Book; seq: number };
type Spend = Partial<Omit<StatementItem, 'id' | 'time' | 'amount' | 'balance'>> & {
  description: string;
  mcc: number;
  amount: number;
};

// biome-ignore format: a table
const MERCHANTS = {
  groceries: ['Сільпо', 'АТБ', 'Novus', 'Фора', 'Varus', 'Ашан', 'Metro'],
  restaurants: ['Пузата Хата', 'Сушія', 'Musafir', 'Львівські круасани', 'Kanapa', 'Ostannya Barykada', 'Salateira'],
  coffee: ['Aroma Kava', 'One Love espresso bar', 'Coffee Point', 'Львівська копальня кави'],
  taxi: ['Uklon', 'Bolt'],
  pharmacy: ['Аптека АНЦ', 'Аптека Доброго Дня', 'Подорожник'],
  clothes: ['Intertop', 'Reserved', 'Zara', 'Answear'],
  friendsOut: ['Марія Шевчук', 'Андрій Коваль', 'Ірина Бондар', 'Олег Мельник'],
  friendsIn: ['Андрій Коваль', 'Ірина Бондар', 'Олег Мельник', 'Тетяна Кравець'],
  comments: ['За квитки', 'Піца', 'Борг', 'На подарунок', 'Дякую!'],
} as const;

/** Hours Kyiv is ahead of UTC on a day: 3 from the last Sunday of March to the last Sunday of October. */
function kyivOffset(day: string): number {
  const lastSunday = (month: string) => {
    let candidate = `${day.slice(0, 4)}-${month}-31`;
    while (weekday(candidate) !== 0) candidate = addDays(candidate, -1);
    return candidate;
  };
  return day >= lastSunday('03') && day < lastSunday('10') ? 3 : 2;
}

export function generateDemoData(): DemoData {
  const next = prng(SEED);
  const nbu = loadNbuRates();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (probability: number) => next() < probability;
  const text = (alphabet: string, length: number) => Array.from({ length }, () => pick([...alphabet])).join('');
  const digits = (length: number) => text('0123456789', length);
  /** Minor units between `min` and `max` (log-uniform); whole units unless `cents`. */
  const money = (min: number, max: number, cents = false) => {
    const value = Math.exp(Math.log(min) + next() * (Math.log(max) - Math.log(min)));
    return cents ? Math.round(value * 100) : Math.round(value) * 100;
  };
  /** Unix seconds of a Kyiv wall-clock moment between two hours of a day. */
  const at = (day: string, fromHour: number, toHour: number) => {
    const seconds = Math.floor((fromHour + next() * (toHour - fromHour)) * 3600);
    return Date.parse(`${day}T00:00:00Z`) / 1000 - kyivOffset(day) * 3600 + seconds;
  };
  const rate = (day: string, code: 'USD' | 'EUR' | 'PLN') => nbu.get(day)![code]!;

  /** A card account; `accountStart` is the first 11 of the IBAN's 19 account digits. */
  const card = (
    fields: Pick<MonobankAccount, 'creditLimit' | 'type' | 'currencyCode' | 'cashbackType'>,
    bin: string,
    accountStart: string,
  ): MonobankAccount => ({
    id: text(ID_ALPHABET, 22),
    sendId: text(ID_ALPHABET, 10),
    balance: 0,
    ...fields,
    maskedPan: [`${bin}******${digits(4)}`],
    iban: ukrainianIban('322001', `${accountStart}${digits(8)}`),
  });
  const uahCard = card(
    { creditLimit: 1_500_000, type: 'black', currencyCode: UAH, cashbackType: 'UAH' },
    '537541',
    '00000262010',
  );
  const usdCard = card(
    { creditLimit: 0, type: 'white', currencyCode: USD, cashbackType: 'None' },
    '444111',
    '00000262050',
  );
  const jar: MonobankJar = {
    id: text(ID_ALPHABET, 22),
    sendId: `jar${text(ID_ALPHABET, 7)}`,
    title: 'На відпустку',
    description: 'Море 2027',
    currencyCode: UAH,
    balance: 0,
    goal: 6_000_000,
  };
  const clientId = text(ID_ALPHABET, 10);
  const opening: Record<Book, number> = { uah: 1_500_000 + 1_800_000, usd: 35_000, jar: 500_000 };
  const currencyOf: Record<Book, number> = { uah: UAH, usd: USD, jar: UAH };

  const drafts: Draft[] = [];
  let cashbackDue = 0;
  const add = (book: Book, time: number, spend: Spend): void => {
    const { description, mcc, amount, ...rest } = spend;
    drafts.push({
      book,
      seq: drafts.length,
      id: `${text(BASE64, 11)}=`,
      time,
      description,
      mcc,
      originalMcc: mcc,
      hold: false,
      amount,
      operationAmount: rest.operationAmount ?? amount,
      currencyCode: rest.currencyCode ?? currencyOf[book],
      commissionRate: rest.commissionRate ?? 0,
      cashbackAmount: rest.cashbackAmount ?? 0,
      ...rest,
    });
    cashbackDue += rest.cashbackAmount ?? 0;
  };
  /** A Kyiv card purchase with cashback at `percent` of the amount. */
  const purchase = (time: number, description: string, mcc: number, amount: number, percent = 0, receipt = false) =>
    add('uah', time, {
      description,
      mcc,
      amount: -amount,
      cashbackAmount: Math.floor((amount * percent) / 100),
      ...(receipt ? { receiptId: `${text(ID_ALPHABET.slice(0, 36), 4)}-${digits(4)}-${digits(4)}-${digits(4)}` } : {}),
    });
  /** UAH card → USD card at the bank's selling rate. */
  const buyDollars = (day: string, cents: number) => {
    const time = at(day, 9, 20);
    add('uah', time, {
      description: 'Переказ на доларову картку',
      mcc: 4829,
      amount: -Math.round(cents * rate(day, 'USD') * 1.012),
      operationAmount: -cents,
      currencyCode: USD,
    });
    add('usd', time, { description: 'Переказ з гривневої картки', mcc: 4829, amount: cents });
  };
  const toJar = (day: string, kopiyky: number) => {
    const time = at(day, 12, 21);
    add('uah', time, { description: `На банку «${jar.title}»`, mcc: 4829, amount: -kopiyky });
    add('jar', time, { description: 'Поповнення банки', mcc: 4829, amount: kopiyky });
  };
  const fromJar = (day: string, kopiyky: number) => {
    const time = at(day, 12, 21);
    add('jar', time, { description: 'Виведення на картку', mcc: 4829, amount: -kopiyky });
    add('uah', time, { description: `З банки «${jar.title}»`, mcc: 4829, amount: kopiyky });
  };

  for (const day of eachDay(DEMO_FIRST_DAY, DEMO_LAST_DAY)) {
    const dayOfMonth = Number(day.slice(8, 10));
    const dow = weekday(day);
    const weekend = dow === 0 || dow === 6;
    const friday = dow === 5;
    const inKrakow = day >= KRAKOW.first && day <= KRAKOW.last;
    const inVienna = day >= VIENNA.first && day <= VIENNA.last;

    // Income and monthly routines.
    if (dayOfMonth === 1 && cashbackDue >= 20_000) {
      add('uah', at(day, 8, 10), { description: 'Виведення кешбеку', mcc: 4829, amount: cashbackDue });
      cashbackDue = 0;
    }
    if (dayOfMonth === 10 || dayOfMonth === 25) {
      const base = dayOfMonth === 10 ? 2_300_000 : 3_000_000;
      add('uah', at(day, 10, 12), {
        description: 'ТОВ «Зоряне Поле»',
        mcc: 4829,
        amount: base + Math.round(next() * 40) * 1000,
        counterName: 'ТОВ «Зоряне Поле»',
      });
    }
    if (dayOfMonth === 3) purchase(at(day, 3, 6), 'Київстар', 4814, 25_000);
    if (dayOfMonth === 5) purchase(at(day, 19, 22), 'Комунальні послуги', 4900, money(1_800, 3_600, true), 0, true);
    if (dayOfMonth === 7) purchase(at(day, 3, 6), 'Воля', 4899, 30_000);
    if (dayOfMonth === 12) purchase(at(day, 3, 6), 'Netflix', 4899, 39_900);
    if (dayOfMonth === 18) purchase(at(day, 3, 6), 'Spotify', 5815, 16_999);
    if (dayOfMonth === 11 || dayOfMonth === 26) toJar(day, dayOfMonth === 11 ? 300_000 : 200_000);
    if (dayOfMonth === 11) buyDollars(day, 25_000);
    if (dayOfMonth === 14) {
      add('usd', at(day, 3, 6), { description: 'Apple.com/bill', mcc: 5818, amount: -999 });
    }
    if (day === '2026-08-14') fromJar(day, 2_500_000);
    if (day === '2026-08-15') buyDollars(day, 80_000);

    if (inKrakow) {
      for (let i = 0; i < 3; i++) {
        const [description, mcc, grosze] = pick([
          ['Żabka', 5411, money(15, 90, true)],
          ['Restauracja Pod Aniołami', 5812, money(90, 320)],
          ['Bolt', 4121, money(18, 60, true)],
          ['Muzeum Narodowe', 7991, money(30, 60)],
        ] as const);
        add('uah', at(day, 10, 22), {
          description,
          mcc,
          amount: -Math.round(grosze * rate(day, 'PLN') * 1.02),
          operationAmount: -grosze,
          currencyCode: PLN,
        });
      }
      if (day === KRAKOW.first) {
        const grosze = 128_000;
        add('uah', at(day, 14, 16), {
          description: 'Hotel Stary Kraków',
          mcc: 7011,
          amount: -Math.round(grosze * rate(day, 'PLN') * 1.02),
          operationAmount: -grosze,
          currencyCode: PLN,
        });
      }
      continue;
    }
    if (inVienna) {
      const euroInDollars = (day: string, euroCents: number) =>
        Math.round(((euroCents * rate(day, 'EUR')) / rate(day, 'USD')) * 1.01);
      for (let i = 0; i < 3; i++) {
        const [description, mcc, euroCents] = pick([
          ['BILLA', 5411, money(8, 45, true)],
          ['Café Central', 5812, money(25, 80, true)],
          ['Wiener Linien', 4111, 290],
          ['Uber', 4121, money(12, 35, true)],
        ] as const);
        add('usd', at(day, 9, 22), {
          description,
          mcc,
          amount: -euroInDollars(day, euroCents),
          operationAmount: -euroCents,
          currencyCode: EUR,
        });
      }
      if (day === VIENNA.first) {
        add('usd', at(day, 15, 17), {
          description: 'Hotel Motto Wien',
          mcc: 7011,
          amount: -euroInDollars(day, 62_000),
          operationAmount: -62_000,
          currencyCode: EUR,
        });
      }
      if (day === addDays(VIENNA.first, 1)) {
        const cash = euroInDollars(day, 10_000);
        const commission = Math.round(cash * 0.02);
        add('usd', at(day, 10, 12), {
          description: 'Банкомат Erste Bank',
          mcc: 6011,
          amount: -(cash + commission),
          operationAmount: -10_000,
          currencyCode: EUR,
          commissionRate: commission,
        });
      }
      continue;
    }

    // Everyday life in Kyiv.
    if (chance(weekend ? 0.9 : 0.75))
      purchase(at(day, 9, 21), pick(MERCHANTS.groceries), 5411, money(120, 1_600, true), 1);
    if (chance(0.15)) purchase(at(day, 9, 21), pick(MERCHANTS.groceries), 5411, money(40, 300, true), 1);
    if (!weekend && chance(0.45)) purchase(at(day, 8, 11), pick(MERCHANTS.coffee), 5814, money(55, 160));
    if (chance(friday || weekend ? 0.5 : 0.18)) {
      purchase(at(day, 12, 22), pick(MERCHANTS.restaurants), 5812, money(250, 1_900), 2);
    }
    if (chance(friday || weekend ? 0.45 : 0.25)) purchase(at(day, 7, 23), pick(MERCHANTS.taxi), 4121, money(90, 420));
    if (chance(0.06)) purchase(at(day, 10, 20), pick(MERCHANTS.pharmacy), 5912, money(90, 900, true));
    if (chance(0.035)) purchase(at(day, 11, 20), pick(MERCHANTS.clothes), 5651, money(900, 5_000), 0, true);
    if (chance(0.05)) purchase(at(day, 17, 21), 'Multiplex', 7832, money(160, 420));
    if (chance(0.012)) purchase(at(day, 11, 20), 'Comfy', 5732, money(2_500, 25_000), 0, true);
    if (chance(0.04)) {
      const cash = pick([100_000, 200_000, 300_000]);
      const commission = cash / 100;
      add('uah', at(day, 9, 21), {
        description: 'Банкомат ПриватБанку',
        mcc: 6011,
        amount: -(cash + commission),
        operationAmount: -cash,
        commissionRate: commission,
      });
    }
    if (chance(0.06)) {
      const comment = chance(0.5) ? { comment: pick(MERCHANTS.comments) } : {};
      add('uah', at(day, 9, 23), {
        description: pick(MERCHANTS.friendsOut),
        mcc: 4829,
        amount: -money(150, 1_500),
        ...comment,
      });
    }
    if (chance(0.04)) {
      const name = pick(MERCHANTS.friendsIn);
      const comment = chance(0.5) ? { comment: pick(MERCHANTS.comments) } : {};
      add('uah', at(day, 9, 23), {
        description: `Від: ${name}`,
        mcc: 4829,
        amount: money(150, 2_000),
        counterName: name,
        ...comment,
      });
    }
  }

  // Bigger things bought in parts ("Покупка частинами"): the statement shows the whole price on the
  // day of purchase, the shop after the bank's words. Drawn after the year's days, so every other
  // item keeps its id, time and amount.
  for (const [day, shop, mcc, amount] of PURCHASES_IN_PARTS) {
    purchase(at(day, 11, 20), `Покупка частинами: ${shop}`, mcc, amount, 0, true);
  }

  const generatedUntil = Date.parse(`${DEMO_LAST_DAY}T23:59:59Z`) / 1000 - kyivOffset(DEMO_LAST_DAY) * 3600;
  // Purchases of the last two days are not settled yet.
  const holdsFrom = generatedUntil - 48 * 3600;
  drafts.sort((a, b) => a.time - b.time || a.seq - b.seq);
  const balances = { ...opening };
  const statements: Record<Book, StatementItem[]> = { uah: [], usd: [], jar: [] };
  for (const { book, seq: _seq, ...draft } of drafts) {
    balances[book] += draft.amount;
    const hold = draft.time >= holdsFrom && draft.amount < 0 && draft.mcc !== 4829;
    statements[book].push(statementItem({ ...draft, hold, balance: balances[book] }));
  }
  uahCard.balance = balances.uah;
  usdCard.balance = balances.usd;
  jar.balance = balances.jar;

  return {
    token: DEMO_TOKEN,
    generatedUntil,
    clientInfo: {
      clientId,
      name: 'Коваленко Оксана',
      webHookUrl: '',
      permissions: 'psfj',
      accounts: [uahCard, usdCard],
      jars: [jar],
    },
    statements: {
      [uahCard.id]: statements.uah.reverse(),
      [usdCard.id]: statements.usd.reverse(),
      [jar.id]: statements.jar.reverse(),
    },
  };
}

/** The file's text: readable JSON with one statement item a line. */
export function demoDataText(data: DemoData): string {
  const statements = Object.entries(data.statements).map(
    ([id, items]) =>
      `    ${JSON.stringify(id)}: [\n${items.map((item) => `      ${JSON.stringify(item)}`).join(',\n')}\n    ]`,
  );
  const head = JSON.stringify(
    { token: data.token, generatedUntil: data.generatedUntil, clientInfo: data.clientInfo },
    null,
    2,
  ).slice(0, -2);
  return `${head},\n  "statements": {\n${statements.join(',\n')}\n  }\n}\n`;
}

/** Writes the demo file into `dir` (created if missing) and returns its path. */
export function writeDemoData(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, DEMO_FILE);
  writeFileSync(path, demoDataText(generateDemoData()));
  return path;
}
