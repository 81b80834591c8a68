import { afterEach, describe, expect, it } from 'vitest';
import { type RatesEmulator, startRatesEmulator } from './emulator.ts';
import { get, getJson, getText, table } from './test-helpers.ts';

const NBU = table({ '2024-03-01': { USD: 37.9041, EUR: 41.1021 } });
const ECB = table({ '2024-03-01': { USD: 1.083, GBP: 0.85505 } });
const NOW = () => new Date('2024-03-01T17:00:00Z'); // after both services published that day
const NBU_PATH = '/NBUStatService/v1/statdirectory/exchange?json&date=20240301';
const NBU_XML_PATH = '/NBUStatService/v1/statdirectory/exchange?date=20240301';
const FF_PATH = '/v1/2024-03-01?symbols=USD';

const started: RatesEmulator[] = [];
async function start(options: Parameters<typeof startRatesEmulator>[0] = {}): Promise<RatesEmulator> {
  const emulator = await startRatesEmulator({ nbu: NBU, ecb: ECB, now: NOW, ...options });
  started.push(emulator);
  return emulator;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

describe('startRatesEmulator', () => {
  it('listens on a free port of 127.0.0.1 and serves both services from one base URL', async () => {
    const one = await start();
    const two = await start();
    expect(one.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(one.url).not.toBe(two.url);
    expect((await getJson(`${one.url}${NBU_PATH}`)).body).toHaveLength(2);
    expect((await getJson(`${one.url}${FF_PATH}`)).body).toEqual({
      amount: 1,
      base: 'EUR',
      date: '2024-03-01',
      rates: { USD: 1.083 },
    });
  });

  it('answers 404 for paths that belong to neither service', async () => {
    const emulator = await start();
    for (const path of ['/', '/latest', '/v2/rates', '/api/v3/ticker/price']) {
      expect((await getText(`${emulator.url}${path}`)).status).toBe(404);
    }
  });

  it('serves the committed data by default', async () => {
    const emulator = await startRatesEmulator({ now: () => new Date('2026-01-05T11:00:00Z') });
    started.push(emulator);
    expect((await getJson(`${emulator.url}/NBUStatService/v1/statdirectory/exchange?valcode=USD&json`)).body).toEqual([
      { r030: 840, txt: 'Долар США', rate: 41.4563, cc: 'USD', exchangedate: '05.01.2026', special: null },
    ]);
    // 12:00 in Frankfurt: Monday's ECB rates are not out yet, so latest is Friday's.
    expect((await getJson(`${emulator.url}/v1/latest?symbols=USD,JPY`)).body).toEqual({
      amount: 1,
      base: 'EUR',
      date: '2026-01-02',
      rates: { JPY: 183.16, USD: 1.1593 },
    });
  });

  it("answers today's NBU rates by the real clock while today is in the data, else []", async () => {
    const emulator = await startRatesEmulator();
    started.push(emulator);
    const { status, body } = await getJson(`${emulator.url}/NBUStatService/v1/statdirectory/exchange?json`);
    expect(status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
    if (today >= '2019-01-01' && today <= '2027-12-31') expect((body as unknown[]).length).toBeGreaterThan(20);
    else expect(body).toEqual([]);
  });
});

describe('modes', () => {
  it('down: 503 with an HTML error page, for each provider separately', async () => {
    const emulator = await start();
    emulator.setMode('nbu', 'down');
    const nbu = await getText(`${emulator.url}${NBU_PATH}`);
    expect(nbu.status).toBe(503);
    expect(nbu.contentType).toMatch(/^text\/html/);
    expect(nbu.text).toContain('503 Service Temporarily Unavailable');
    expect((await getText(`${emulator.url}${FF_PATH}`)).status).toBe(200);

    emulator.setMode('frankfurter', 'down');
    expect((await getText(`${emulator.url}${FF_PATH}`)).status).toBe(503);
    emulator.setMode('nbu', 'normal');
    expect((await getText(`${emulator.url}${NBU_PATH}`)).status).toBe(200);
  });

  it('garbage: 200 with a body that is not the expected JSON', async () => {
    const emulator = await start();
    emulator.setMode('nbu', 'garbage');
    emulator.setMode('frankfurter', 'garbage');
    const nbu = await getText(`${emulator.url}${NBU_PATH}`);
    expect(nbu.status).toBe(200);
    expect(nbu.contentType).toMatch(/^text\/html/);
    expect(() => JSON.parse(nbu.text)).toThrow();
    const ff = await getText(`${emulator.url}${FF_PATH}`);
    expect(ff.status).toBe(200);
    expect(ff.contentType).toMatch(/^application\/json/);
    expect(() => JSON.parse(ff.text)).toThrow();
  });

  it('empty: NBU answers [] (an empty document in XML), Frankfurter 404 not found', async () => {
    const emulator = await start();
    emulator.setMode('nbu', 'empty');
    emulator.setMode('frankfurter', 'empty');
    expect(await getJson(`${emulator.url}${NBU_PATH}`)).toMatchObject({ status: 200, body: [] });
    expect((await getText(`${emulator.url}${NBU_XML_PATH}`)).text).toContain('<exchange/>');
    expect(
      await getJson(`${emulator.url}/NBU_Exchange/exchange_site?start=20240301&end=20240301&valcode=usd&json`),
    ).toMatchObject({ status: 200, body: [] });
    expect(await getJson(`${emulator.url}${FF_PATH}`)).toMatchObject({ status: 404, body: { message: 'not found' } });
    expect(await getJson(`${emulator.url}/v1/latest`)).toMatchObject({ status: 404, body: { message: 'not found' } });
  });

  it('slow: the normal answer still arrives, later', async () => {
    const emulator = await start({ slowMs: 300 });
    emulator.setMode('nbu', 'slow');
    emulator.setMode('frankfurter', 'slow');
    const [nbu, ff] = await Promise.all([getJson(`${emulator.url}${NBU_PATH}`), getJson(`${emulator.url}${FF_PATH}`)]);
    expect(nbu.status).toBe(200);
    expect(nbu.body).toContainEqual(expect.objectContaining({ cc: 'USD', rate: 37.9041 }));
    expect(ff.body).toEqual({ amount: 1, base: 'EUR', date: '2024-03-01', rates: { USD: 1.083 } });
  });

  it('slow: close() does not wait for a pending answer', async () => {
    const emulator = await startRatesEmulator({ nbu: NBU, ecb: ECB, now: NOW, slowMs: 600_000 });
    emulator.setMode('frankfurter', 'slow');
    const pending = get(`${emulator.url}${FF_PATH}`).then(
      () => 'answered',
      () => 'dropped',
    );
    await waitUntil(() => emulator.requests('frankfurter').length === 1);
    await emulator.close();
    expect(await pending).toBe('dropped');
    await emulator.close(); // closing twice is harmless
  });

  it('hold: answers wait until released, whatever the mode', async () => {
    const emulator = await start();
    emulator.setMode('nbu', 'down');
    const release = emulator.hold();
    const answers: string[] = [];
    const nbu = get(`${emulator.url}${NBU_PATH}`).then((r) => answers.push(`nbu ${r.status}`));
    const ff = get(`${emulator.url}${FF_PATH}`).then((r) => answers.push(`frankfurter ${r.status}`));
    await waitUntil(() => emulator.requests('nbu').length + emulator.requests('frankfurter').length === 2);
    expect(answers).toEqual([]);
    release();
    await Promise.all([nbu, ff]);
    expect(answers.sort()).toEqual(['frankfurter 200', 'nbu 503']);
    // Released for good: later requests are answered at once.
    expect((await get(`${emulator.url}${FF_PATH}`)).status).toBe(200);
  });

  it('rejects unknown providers and modes', async () => {
    const emulator = await start();
    expect(() => emulator.setMode('nbu', 'broken' as never)).toThrow(/mode/);
    expect(() => emulator.setMode('ecb' as never, 'down')).toThrow(/provider/);
  });
});

describe('request log', () => {
  it('records path and query per provider, in order, in every mode, until reset', async () => {
    const emulator = await start();
    await get(`${emulator.url}${NBU_PATH}`);
    await get(`${emulator.url}/v1/latest?from=USD&to=EUR`);
    emulator.setMode('nbu', 'down');
    await get(`${emulator.url}/NBU_Exchange/exchange_site?start=20240301&end=20240301&valcode=usd&json`);
    await get(`${emulator.url}/v1/currencies`);
    await get(`${emulator.url}/elsewhere?x=1`);

    expect(emulator.requests('nbu')).toEqual([
      NBU_PATH,
      '/NBU_Exchange/exchange_site?start=20240301&end=20240301&valcode=usd&json',
    ]);
    expect(emulator.requests('frankfurter')).toEqual(['/v1/latest?from=USD&to=EUR', '/v1/currencies']);

    const copy = emulator.requests('nbu');
    copy.push('/changed');
    expect(emulator.requests('nbu')).toHaveLength(2);

    emulator.resetRequests();
    expect(emulator.requests('nbu')).toEqual([]);
    expect(emulator.requests('frankfurter')).toEqual([]);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
