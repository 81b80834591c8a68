import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RatesEmulator, startRatesEmulator } from './emulator.ts';
import { BROWSER_USER_AGENT, getJson, getText, table } from './test-helpers.ts';

const EXCHANGE = '/NBUStatService/v1/statdirectory/exchange';
const EXCHANGE_SITE = '/NBU_Exchange/exchange_site';

// Friday 1 March 2024 to Tuesday 5 March; Saturday–Monday share Friday's fixing, as NBU publishes them.
const weekendFix = { USD: 38.0012, EUR: 41.2145, JPY: 0.254 };
const NBU = table({
  '2024-02-01': { USD: 37.5, EUR: 40.6, JPY: 0.2555 },
  '2024-03-01': { USD: 37.9041, EUR: 41.1021, JPY: 0.2531 },
  '2024-03-02': weekendFix,
  '2024-03-03': weekendFix,
  '2024-03-04': weekendFix,
  '2024-03-05': { USD: 38.1, EUR: 41.3, JPY: 0.255 },
});

/** The clock the emulator reads; tests move it. */
let now = new Date('2024-03-04T10:00:00Z'); // Monday, 12:00 in Kyiv
let emulator: RatesEmulator;

beforeAll(async () => {
  emulator = await startRatesEmulator({ nbu: NBU, ecb: table({}), now: () => now });
});
afterAll(() => emulator.close());

const at = (iso: string) => {
  now = new Date(iso);
};

describe('NBU statdirectory/exchange', () => {
  it("answers today's rates (today in Kyiv) for every currency, ordered by ISO numeric code", async () => {
    at('2024-03-04T10:00:00Z');
    const { status, body, contentType } = await getJson(`${emulator.url}${EXCHANGE}?json`);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(body).toEqual([
      { r030: 392, txt: 'Єна', rate: 0.254, cc: 'JPY', exchangedate: '04.03.2024', special: null },
      { r030: 840, txt: 'Долар США', rate: 38.0012, cc: 'USD', exchangedate: '04.03.2024', special: null },
      { r030: 978, txt: 'Євро', rate: 41.2145, cc: 'EUR', exchangedate: '04.03.2024', special: null },
    ]);
  });

  it('takes "today" in Kyiv, not UTC', async () => {
    at('2024-03-04T22:30:00Z'); // 00:30 on Tuesday in Kyiv
    const { body } = await getJson(`${emulator.url}${EXCHANGE}?json&valcode=USD`);
    expect(body).toEqual([expect.objectContaining({ rate: 38.1, exchangedate: '05.03.2024' })]);
  });

  it('answers a given date, with rows for Saturday and Sunday', async () => {
    at('2024-03-04T10:00:00Z');
    for (const [date, nbuDate] of [
      ['20240302', '02.03.2024'],
      ['20240303', '03.03.2024'],
    ]) {
      const { body } = await getJson(`${emulator.url}${EXCHANGE}?json&date=${date}`);
      expect(body).toHaveLength(3);
      expect(body).toContainEqual(expect.objectContaining({ cc: 'USD', rate: 38.0012, exchangedate: nbuDate }));
    }
    const friday = await getJson(`${emulator.url}${EXCHANGE}?json&date=20240301`);
    expect(friday.body).toContainEqual(
      expect.objectContaining({ cc: 'EUR', rate: 41.1021, exchangedate: '01.03.2024' }),
    );
  });

  it('answers one currency as an array of one, with valcode in any case and the flags in any order', async () => {
    at('2024-03-04T10:00:00Z');
    const expected = [{ r030: 978, txt: 'Євро', rate: 41.1021, cc: 'EUR', exchangedate: '01.03.2024', special: null }];
    expect((await getJson(`${emulator.url}${EXCHANGE}?valcode=EUR&date=20240301&json`)).body).toEqual(expected);
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&valcode=eur&date=20240301`)).body).toEqual(expected);
  });

  it('answers [] for an unknown currency or a day without data', async () => {
    at('2024-03-04T10:00:00Z');
    expect((await getJson(`${emulator.url}${EXCHANGE}?valcode=XYZ&date=20240301&json`)).body).toEqual([]);
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20240215`)).body).toEqual([]);
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20190101`)).body).toEqual([]);
  });

  it('answers [] for today when today is outside the data', async () => {
    at('2031-06-01T10:00:00Z');
    const { status, body } = await getJson(`${emulator.url}${EXCHANGE}?json`);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("publishes the next business day's rates at 16:00 Kyiv on the day before, not earlier", async () => {
    at('2024-03-04T12:59:00Z'); // 14:59 in Kyiv
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20240305`)).body).toEqual([]);
    at('2024-03-04T14:00:00Z'); // 16:00 in Kyiv
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20240305&valcode=USD`)).body).toEqual([
      expect.objectContaining({ rate: 38.1, exchangedate: '05.03.2024' }),
    ]);
  });

  it('publishes the weekend and Monday on Friday afternoon', async () => {
    at('2024-03-01T13:00:00Z'); // Friday 15:00 in Kyiv
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20240304`)).body).toEqual([]);
    at('2024-03-01T15:00:00Z'); // Friday 17:00 in Kyiv
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20240302`)).body).toHaveLength(3);
    expect((await getJson(`${emulator.url}${EXCHANGE}?json&date=20240304`)).body).toHaveLength(3);
  });

  it('answers a malformed date with the message NBU gives', async () => {
    at('2024-03-04T10:00:00Z');
    for (const date of ['2024-03-01', '20240230', 'yesterday', '']) {
      const { status, body } = await getJson(`${emulator.url}${EXCHANGE}?json&date=${date}`);
      expect(status).toBe(200);
      expect(body).toEqual([{ message: 'Wrong parameters format' }]);
    }
  });

  it('answers XML without the json flag', async () => {
    at('2024-03-04T10:00:00Z');
    const { status, text, contentType } = await getText(`${emulator.url}${EXCHANGE}?valcode=USD&date=20240301`);
    expect(status).toBe(200);
    expect(contentType).toMatch(/xml/);
    expect(text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>/);
    expect(text).toContain('<exchange>');
    expect(text.match(/<currency>/g)).toHaveLength(1);
    for (const field of [
      '<r030>840</r030>',
      '<txt>Долар США</txt>',
      '<rate>37.9041</rate>',
      '<cc>USD</cc>',
      '<exchangedate>01.03.2024</exchangedate>',
    ]) {
      expect(text).toContain(field);
    }
    const all = await getText(`${emulator.url}${EXCHANGE}?date=20240301`);
    expect(all.text.match(/<currency>/g)).toHaveLength(3);
    const none = await getText(`${emulator.url}${EXCHANGE}?date=20240215`);
    expect(none.text).toContain('<exchange/>');
  });

  it('serves statdirectory/exchangenew the same way', async () => {
    at('2024-03-04T10:00:00Z');
    const { body } = await getJson(`${emulator.url}/NBUStatService/v1/statdirectory/exchangenew?json&date=20240301`);
    expect(body).toHaveLength(3);
  });
});

describe('NBU NBU_Exchange/exchange_site', () => {
  it('answers a range for one currency (valcode in any case) with every calendar day and the calculation date', async () => {
    at('2024-03-04T10:00:00Z');
    const { status, body } = await getJson(
      `${emulator.url}${EXCHANGE_SITE}?start=20240301&end=20240304&valcode=usd&sort=exchangedate&order=asc&json`,
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        exchangedate: '01.03.2024',
        r030: 840,
        cc: 'USD',
        txt: 'Долар США',
        enname: 'US Dollar',
        rate: 37.9041,
        units: 1,
        rate_per_unit: 37.9041,
        group: '1',
        calcdate: '29.02.2024',
      },
      ...['02.03.2024', '03.03.2024', '04.03.2024'].map((exchangedate) => ({
        exchangedate,
        r030: 840,
        cc: 'USD',
        txt: 'Долар США',
        enname: 'US Dollar',
        rate: 38.0012,
        units: 1,
        rate_per_unit: 38.0012,
        group: '1',
        calcdate: '01.03.2024',
      })),
    ]);
  });

  it('orders descending on request, and leaves out what is not published yet', async () => {
    at('2024-03-04T10:00:00Z');
    const { body } = await getJson(
      `${emulator.url}${EXCHANGE_SITE}?start=20240228&end=20240310&valcode=EUR&sort=exchangedate&order=desc&json`,
    );
    expect((body as { exchangedate: string }[]).map((item) => item.exchangedate)).toEqual([
      '04.03.2024',
      '03.03.2024',
      '02.03.2024',
      '01.03.2024',
    ]);
  });

  it('answers every currency without valcode, [] for an unknown one, XML without json', async () => {
    at('2024-03-04T14:30:00Z');
    const all = await getJson(`${emulator.url}${EXCHANGE_SITE}?start=20240301&end=20240305&json`);
    expect(all.body).toHaveLength(15);
    const unknown = await getJson(`${emulator.url}${EXCHANGE_SITE}?start=20240301&end=20240305&valcode=xyz&json`);
    expect(unknown.body).toEqual([]);
    const xml = await getText(`${emulator.url}${EXCHANGE_SITE}?start=20240301&end=20240301&valcode=jpy`);
    expect(xml.contentType).toMatch(/xml/);
    expect(xml.text).toContain('<enname>Yen</enname>');
    expect(xml.text).toContain('<rate_per_unit>0.2531</rate_per_unit>');
  });

  it('answers a malformed or missing start or end with the NBU message', async () => {
    const { body } = await getJson(`${emulator.url}${EXCHANGE_SITE}?start=2024-03-01&end=20240305&json`);
    expect(body).toEqual([{ message: 'Wrong parameters format' }]);
    expect((await getJson(`${emulator.url}${EXCHANGE_SITE}?start=20240301&json`)).body).toEqual([
      { message: 'Wrong parameters format' },
    ]);
  });
});

describe('NBU paths', () => {
  it.each([
    ['no user agent', ''],
    ["Node's fetch default", 'node'],
    ['curl', 'curl/8.5.0'],
    ['python requests', 'python-requests/2.31.0'],
  ])('answers 403 with a Cloudflare block page to %s', async (_, userAgent) => {
    for (const path of [`${EXCHANGE}?json&date=20240301`, `${EXCHANGE_SITE}?start=20240301&end=20240301&json`]) {
      const blocked = await getText(`${emulator.url}${path}`, userAgent);
      expect(blocked.status).toBe(403);
      expect(blocked.contentType).toMatch(/html/);
      expect(blocked.text).toContain('Cloudflare');
    }
  });

  it("serves browsers and clients that name themselves, as Kopiyka's does", async () => {
    at('2024-03-04T14:30:00Z');
    for (const userAgent of [BROWSER_USER_AGENT, 'Kopiyka/1.0 (self-hosted personal finance)']) {
      const { status } = await getText(`${emulator.url}${EXCHANGE}?json&date=20240301`, userAgent);
      expect(status).toBe(200);
    }
  });

  it('answers 404 for other paths under NBU', async () => {
    const { status } = await getText(`${emulator.url}/NBUStatService/v1/statdirectory/nothing?json`);
    expect(status).toBe(404);
  });
});
