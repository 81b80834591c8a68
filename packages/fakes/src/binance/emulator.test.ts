import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, DEMO_BINANCE_KEYS, TRADING_BINANCE_KEYS } from './data.ts';
import { sign } from './signing.ts';
import { emulators, get, signedGet, testAccount } from './test-helpers.ts';

const start = emulators();

/** 30 s into a minute, so the weight window of a test does not roll over. */
const NOW = Date.parse('2026-03-10T12:00:30Z');
const ALICE = testAccount('alice', {
  balances: [
    { asset: 'BTC', free: '0.0125' },
    { asset: 'USDT', free: '310.55', locked: '20' },
    { asset: 'LDO', free: '3' },
    { asset: 'XRP', free: '0' },
  ],
  flexible: [
    { asset: 'USDT', totalAmount: '100' },
    { asset: 'BNB', totalAmount: '0.5' },
    { asset: 'O', totalAmount: '2' },
  ],
  locked: [{ asset: 'ETH', amount: '0.5', duration: 120 }],
});

/** Binance's official HMAC example (external-apis.md §2.2). */
const VECTOR = {
  apiKey: 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A',
  secretKey: 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j',
  query:
    'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559',
  signature: 'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71',
};

const error = (status: number, code: number) => ({ status, body: { code, msg: expect.any(String) } });

describe('signed requests', () => {
  it('signs as Binance does: the official test vector', async () => {
    expect(sign(VECTOR.secretKey, VECTOR.query)).toBe(VECTOR.signature);
    // …and the emulator accepts exactly that request at that moment.
    const emulator = await start({ accounts: [VECTOR], now: () => new Date(1499827319559) });
    const path = `/api/v3/account?${VECTOR.query}&signature=${VECTOR.signature}`;
    expect((await get(emulator.url, path, VECTOR.apiKey)).status).toBe(200);
    // The hex is case-insensitive.
    const upper = path.replace(VECTOR.signature, VECTOR.signature.toUpperCase());
    expect((await get(emulator.url, upper, VECTOR.apiKey)).status).toBe(200);
    const altered = `/api/v3/account?${VECTOR.query.replace('price=0.1', 'price=0.2')}&signature=${VECTOR.signature}`;
    expect(await get(emulator.url, altered, VECTOR.apiKey)).toMatchObject({
      status: 400,
      body: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
  });

  it('signs the query string followed by the body, the signature in either', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const post = (query: string, body: string) =>
      fetch(`${emulator.url}/sapi/v3/asset/getUserAsset?${query}`, {
        method: 'POST',
        headers: { 'x-mbx-apikey': ALICE.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const query = 'asset=BTC';
    const body = `needBtcValuation=true&timestamp=${NOW}`;
    const signature = sign(ALICE.secretKey, query + body);
    const btc = [{ asset: 'BTC', free: '0.01250000', locked: '0.00000000', btcValuation: '0.01250000' }];
    expect(await post(query, `${body}&signature=${signature}`)).toMatchObject({ status: 200, body: btc });
    expect(await post(`${query}&signature=${signature}`, body)).toMatchObject({ status: 200, body: btc });
    // A signature of the body alone, or with a separator between the two, is not Binance's.
    for (const payload of [body, `${query}&${body}`]) {
      expect(await post(query, `${body}&signature=${sign(ALICE.secretKey, payload)}`)).toMatchObject(error(400, -1022));
    }
  });

  it('refuses a signature made with another secret, and a request without one', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const wrongSecret = { apiKey: ALICE.apiKey, secretKey: testAccount('mallory').secretKey };
    expect(await signedGet(emulator, '/api/v3/account', wrongSecret)).toMatchObject(error(400, -1022));
    expect(await get(emulator.url, `/api/v3/account?timestamp=${NOW}`, ALICE.apiKey)).toMatchObject({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'signature' was not sent, was empty/null, or malformed." },
    });
    expect((await signedGet(emulator, '/api/v3/account', ALICE)).status).toBe(200);
  });

  it('answers -2014 without a well-formed X-MBX-APIKEY and -2015 for a key it does not know or that was revoked', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const query = `timestamp=${NOW}`;
    const path = `/api/v3/account?${query}&signature=${sign(ALICE.secretKey, query)}`;
    expect(await get(emulator.url, path)).toMatchObject({
      status: 401,
      body: { code: -2014, msg: 'API-key format invalid.' },
    });
    expect(await get(emulator.url, path, 'short')).toMatchObject(error(401, -2014));
    expect(await get(emulator.url, path, testAccount('bob').apiKey)).toMatchObject({
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
    expect((await get(emulator.url, path, ALICE.apiKey)).status).toBe(200);
    emulator.revokeKey(ALICE.apiKey);
    expect(await get(emulator.url, path, ALICE.apiKey)).toMatchObject(error(401, -2015));
    expect(await signedGet(emulator, '/sapi/v1/account/apiRestrictions', ALICE)).toMatchObject(error(401, -2015));
  });

  it('needs a timestamp no more than recvWindow behind the server and under 1 s ahead of it', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const at = (timestamp: number, params = '') => signedGet(emulator, '/api/v3/account', ALICE, params, timestamp);
    const query = 'omitZeroBalances=true';
    expect(
      await get(emulator.url, `/api/v3/account?${query}&signature=${sign(ALICE.secretKey, query)}`, ALICE.apiKey),
    ).toMatchObject({ status: 400, body: { code: -1102, msg: expect.stringContaining("'timestamp'") } });
    expect((await at(NOW - 5_000)).status).toBe(200);
    expect(await at(NOW - 5_001)).toMatchObject({
      status: 400,
      body: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
    });
    expect((await at(NOW + 999)).status).toBe(200);
    expect(await at(NOW + 1_000)).toMatchObject({
      status: 400,
      body: { code: -1021, msg: "Timestamp for this request was 1000ms ahead of the server's time." },
    });
    expect((await at(NOW - 59_000, 'recvWindow=60000')).status).toBe(200);
    expect((await at(NOW - 1_500, 'recvWindow=1000')).status).toBe(400);
    expect(await at(NOW, 'recvWindow=60001')).toMatchObject(error(400, -1131));
    // Microseconds are understood too.
    expect((await at(NOW * 1000)).status).toBe(200);
  });

  it('keeps its own clock: a skewed server refuses the client’s time until it syncs with /api/v3/time', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    emulator.setClockSkew(-10_000);
    expect((await get(emulator.url, '/api/v3/time')).body).toEqual({ serverTime: NOW - 10_000 });
    expect(await signedGet(emulator, '/api/v3/account', ALICE, '', NOW)).toMatchObject(error(400, -1021));
    expect((await signedGet(emulator, '/api/v3/account', ALICE, '', NOW - 10_000)).status).toBe(200);
    emulator.setClockSkew(10_000);
    expect(await signedGet(emulator, '/api/v3/account', ALICE, '', NOW)).toMatchObject(error(400, -1021));
  });
});

describe('account', () => {
  it('answers the real shape with string decimals; flexible Earn positions show again as LD tokens', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const { status, body } = await signedGet(emulator, '/api/v3/account', ALICE);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      makerCommission: 10,
      commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
      canTrade: false,
      canWithdraw: false,
      canDeposit: true,
      accountType: 'SPOT',
      permissions: ['SPOT'],
      uid: expect.any(Number),
      updateTime: NOW,
      balances: [
        { asset: 'BTC', free: '0.01250000', locked: '0.00000000' },
        { asset: 'USDT', free: '310.55000000', locked: '20.00000000' },
        // LDO is a real asset; LDO's flexible position "O" adds an LDO token on top of it.
        { asset: 'LDO', free: '5.00000000', locked: '0.00000000' },
        { asset: 'XRP', free: '0.00000000', locked: '0.00000000' },
        { asset: 'LDUSDT', free: '100.00000000', locked: '0.00000000' },
        { asset: 'LDBNB', free: '0.50000000', locked: '0.00000000' },
      ],
    });
    const omitted = await signedGet(emulator, '/api/v3/account', ALICE, 'omitZeroBalances=true');
    expect((omitted.body as { balances: { asset: string }[] }).balances.map((balance) => balance.asset)).toEqual([
      'BTC',
      'USDT',
      'LDO',
      'LDUSDT',
      'LDBNB',
    ]);
  });

  it('serves the demo keys: read-only with a mix of holdings, and a trading key', async () => {
    const emulator = await start({ demo: true, now: () => new Date(NOW) });
    expect(emulator.demoKeys).toEqual(DEMO_BINANCE_KEYS);
    const demo = (await signedGet(emulator, '/api/v3/account', DEMO_BINANCE_KEYS, 'omitZeroBalances=true')).body as {
      canTrade: boolean;
      balances: { asset: string }[];
    };
    expect(demo.canTrade).toBe(false);
    expect(demo.balances.map((balance) => balance.asset)).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'BNB', 'SOL', 'USDT', 'USDC', 'ARDR', 'LDO', 'LDUSDT', 'LDBNB']),
    );
    expect(await signedGet(emulator, '/sapi/v1/account/apiRestrictions', DEMO_BINANCE_KEYS)).toMatchObject({
      status: 200,
      body: { enableReading: true, enableSpotAndMarginTrading: false, enableWithdrawals: false, ipRestrict: false },
    });
    expect((await signedGet(emulator, '/api/v3/account', TRADING_BINANCE_KEYS)).body).toMatchObject({
      canTrade: true,
      canWithdraw: false,
    });
    expect(await signedGet(emulator, '/sapi/v1/account/apiRestrictions', TRADING_BINANCE_KEYS)).toMatchObject({
      body: { enableSpotAndMarginTrading: true, enableWithdrawals: false },
    });
  });

  it('changes holdings when told; other accounts keep theirs', async () => {
    const bob = testAccount('bob', { balances: [{ asset: 'ETH', free: '1' }] });
    const emulator = await start({ accounts: [ALICE, bob], now: () => new Date(NOW) });
    emulator.setHoldings(ALICE.apiKey, { balances: [{ asset: 'BTC', free: '2' }], flexible: [] });
    expect((await signedGet(emulator, '/api/v3/account', ALICE)).body).toMatchObject({
      balances: [{ asset: 'BTC', free: '2.00000000', locked: '0.00000000' }],
    });
    expect((await signedGet(emulator, '/api/v3/account', bob)).body).toMatchObject({
      balances: [{ asset: 'ETH', free: '1.00000000', locked: '0.00000000' }],
    });
    expect(() => emulator.setHoldings(ALICE.apiKey, { balances: [{ asset: 'BTC', free: '-1' }] })).toThrow();
    expect(() => emulator.addAccount(ALICE)).toThrow(/exists/);
  });
});

describe('Simple Earn positions', () => {
  it('pages flexible positions by current and size (at most 100)', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const page = (params: string) => signedGet(emulator, '/sapi/v1/simple-earn/flexible/position', ALICE, params);
    const first = (await page('current=1&size=2')).body as { rows: { asset: string }[]; total: number };
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.asset)).toEqual(['USDT', 'BNB']);
    expect(first.rows[0]).toMatchObject({ totalAmount: '100.00000000', canRedeem: true, productId: 'USDT001' });
    expect((await page('current=2&size=2')).body).toMatchObject({ rows: [{ asset: 'O' }], total: 3 });
    expect((await page('current=3&size=2')).body).toEqual({ rows: [], total: 3 });
    expect((await page('')).body).toMatchObject({ total: 3 });
    expect((await page('asset=BNB')).body).toMatchObject({
      rows: [{ asset: 'BNB', totalAmount: '0.50000000' }],
      total: 1,
    });
    expect((await page('size=100')).status).toBe(200);
    expect(await page('size=101')).toMatchObject(error(400, -1130));
    expect(await page('current=0')).toMatchObject(error(400, -1130));
  });

  it('lists locked positions in the real shape', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    const { body } = await signedGet(emulator, '/sapi/v1/simple-earn/locked/position', ALICE, 'current=1&size=100');
    expect(body).toMatchObject({
      rows: [
        { asset: 'ETH', amount: '0.50000000', duration: '120', positionId: expect.any(Number), status: 'HOLDING' },
      ],
      total: 1,
    });
  });
});

describe('ticker prices', () => {
  it('answers one symbol, a list in the order asked, or every symbol', async () => {
    const emulator = await start();
    expect((await get(emulator.url, '/api/v3/ticker/price?symbol=BTCUSDT')).body).toEqual({
      symbol: 'BTCUSDT',
      price: DEFAULT_PRICES.BTCUSDT,
    });
    const symbols = encodeURIComponent('["ARDRBTC","BTCUSDT"]');
    expect((await get(emulator.url, `/api/v3/ticker/price?symbols=${symbols}`)).body).toEqual([
      { symbol: 'ARDRBTC', price: DEFAULT_PRICES.ARDRBTC },
      { symbol: 'BTCUSDT', price: DEFAULT_PRICES.BTCUSDT },
    ]);
    const all = (await get(emulator.url, '/api/v3/ticker/price')).body as { symbol: string }[];
    expect(all.map((item) => item.symbol)).toEqual(Object.keys(DEFAULT_PRICES));
    // Only a BTC pair for ARDR: an app prices it through BTCUSDT.
    expect(all.some((item) => item.symbol === 'ARDRUSDT')).toBe(false);
  });

  it('fails the whole call for one unknown symbol (-1121) and for a malformed list (-1100)', async () => {
    const emulator = await start();
    expect(await get(emulator.url, '/api/v3/ticker/price?symbol=NOPEUSDT')).toMatchObject({
      status: 400,
      body: { code: -1121, msg: 'Invalid symbol.' },
    });
    const symbols = encodeURIComponent('["BTCUSDT","NOPEUSDT"]');
    expect(await get(emulator.url, `/api/v3/ticker/price?symbols=${symbols}`)).toMatchObject(error(400, -1121));
    expect(await get(emulator.url, '/api/v3/ticker/price?symbols=BTCUSDT,ETHUSDT')).toMatchObject(error(400, -1100));
    emulator.setPrice('NOPEUSDT', '0.5');
    expect((await get(emulator.url, `/api/v3/ticker/price?symbols=${symbols}`)).status).toBe(200);
    emulator.setPrice('BTCUSDT', null);
    expect((await get(emulator.url, '/api/v3/ticker/price?symbol=BTCUSDT')).status).toBe(400);
  });
});

describe('daily history', () => {
  const DAY = 86_400_000;
  const TODAY = Math.floor(NOW / DAY) * DAY;
  type Snapshot = {
    type: string;
    updateTime: number;
    data: { totalAssetOfBtc: string; balances: { asset: string }[] };
  };
  const BOB = testAccount('bob', {
    balances: [{ asset: 'BTC', free: '0.5' }],
    earlier: [{ untilDaysAgo: 3, balances: [{ asset: 'USDT', free: '1000' }] }],
    flexible: [{ asset: 'USDT', totalAmount: '100' }],
  });

  it('answers daily SPOT snapshots of the last month, signed, at weight 2400', async () => {
    const emulator = await start({ accounts: [BOB], now: () => new Date(NOW) });
    const snapshots = (params: string) => signedGet(emulator, '/sapi/v1/accountSnapshot', BOB, params);
    const week = await snapshots('type=SPOT');
    expect(week.status).toBe(200);
    expect(week.headers.get('x-sapi-used-ip-weight-1m')).toBe('2400');
    const body = week.body as { code: number; msg: string; snapshotVos: Snapshot[] };
    expect(body).toMatchObject({ code: 200, msg: '' });
    // Seven by default, the last ending when yesterday (UTC) ended: today's is taken at its end.
    expect(body.snapshotVos.map((snapshot) => snapshot.updateTime)).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((days) => TODAY - (days - 1) * DAY - 1),
    );
    // Until three days ago the account held USDT; since then BTC. Earn's LDUSDT is not in spot snapshots.
    expect(body.snapshotVos[0]).toMatchObject({
      type: 'spot',
      data: {
        totalAssetOfBtc: expect.stringMatching(/^0\.0\d{7}$/),
        balances: [{ asset: 'USDT', free: '1000.00000000', locked: '0.00000000' }],
      },
    });
    expect(body.snapshotVos[6]?.data.balances).toEqual([{ asset: 'BTC', free: '0.50000000', locked: '0.00000000' }]);
    expect(body.snapshotVos[6]?.data.totalAssetOfBtc).toBe('0.50000000');

    emulator.resetWeights();
    const month = (await snapshots('type=SPOT&limit=30')).body as { snapshotVos: Snapshot[] };
    expect(month.snapshotVos).toHaveLength(30);
    expect(month.snapshotVos[0]?.updateTime).toBe(TODAY - 29 * DAY - 1);
    // From startTime on: the first `limit` days.
    emulator.resetWeights();
    const from = (await snapshots(`type=SPOT&startTime=${TODAY - 10 * DAY}&endTime=${TODAY}`)).body as {
      snapshotVos: Snapshot[];
    };
    expect(from.snapshotVos.map((snapshot) => snapshot.updateTime)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((days) => TODAY - (9 - days) * DAY - 1),
    );
    emulator.resetWeights();
    expect((await snapshots('type=MARGIN')).body).toEqual({ code: 200, msg: '', snapshotVos: [] });
  });

  it('refuses a snapshot request without a type, with a limit outside 7–30 or a span over 30 days', async () => {
    const emulator = await start({ accounts: [BOB], now: () => new Date(NOW), weightLimits: { sapi: 100_000 } });
    const snapshots = (params: string) => signedGet(emulator, '/sapi/v1/accountSnapshot', BOB, params);
    expect(await snapshots('')).toMatchObject(error(400, -1102));
    expect(await snapshots('type=OPTIONS')).toMatchObject(error(400, -1130));
    expect(await snapshots('type=SPOT&limit=6')).toMatchObject(error(400, -1130));
    expect(await snapshots('type=SPOT&limit=31')).toMatchObject(error(400, -1130));
    expect(await snapshots(`type=SPOT&startTime=${TODAY - 31 * DAY}&endTime=${TODAY}`)).toMatchObject(
      error(400, -1127),
    );
    expect(await get(emulator.url, '/sapi/v1/accountSnapshot?type=SPOT', BOB.apiKey)).toMatchObject(error(400, -1102));
    // 2400 a call against the /sapi limit of 12 000 a minute: the sixth call is refused.
    emulator.setWeightLimits({ sapi: 12_000 });
    emulator.resetWeights();
    for (let call = 0; call < 5; call++) expect((await snapshots('type=SPOT')).status).toBe(200);
    expect(await snapshots('type=SPOT')).toMatchObject(error(429, -1003));
  });

  it('answers day candles of a symbol at weight 2: today’s closes at the current price, past ones stay put', async () => {
    const emulator = await start({ now: () => new Date(NOW) });
    type Candle = [number, string, string, string, string, string, number, ...unknown[]];
    const klines = (params: string) => get(emulator.url, `/api/v3/klines?${params}`);
    const answer = await klines('symbol=BTCUSDT&interval=1d&limit=30');
    expect(answer.headers.get('x-mbx-used-weight-1m')).toBe('2');
    const candles = answer.body as Candle[];
    expect(candles).toHaveLength(30);
    expect(candles[29]?.slice(0, 7)).toEqual([
      TODAY,
      expect.any(String),
      expect.any(String),
      expect.any(String),
      DEFAULT_PRICES.BTCUSDT,
      expect.any(String),
      TODAY + DAY - 1,
    ]);
    expect(candles[28]?.[0]).toBe(TODAY - DAY);
    // Each day opens at the day before's close, and its high and low hold both.
    for (let i = 1; i < candles.length; i++) {
      const [, open, high, low, close] = candles[i]!;
      expect(open).toBe(candles[i - 1]![4]);
      expect(Number(high)).toBeGreaterThanOrEqual(Math.max(Number(open), Number(close)));
      expect(Number(low)).toBeLessThanOrEqual(Math.min(Number(open), Number(close)));
      expect(Math.abs(Number(close) / Number(DEFAULT_PRICES.BTCUSDT) - 1)).toBeLessThan(0.07);
    }
    // A range: the days whose candle opens within it.
    const week = (await klines(`symbol=BTCUSDT&interval=1d&startTime=${TODAY - 7 * DAY}&endTime=${TODAY - DAY}`))
      .body as Candle[];
    expect(week.map((candle) => candle[0])).toEqual([7, 6, 5, 4, 3, 2, 1].map((days) => TODAY - days * DAY));
    expect(week[6]).toEqual(candles[28]);
    expect(await klines('symbol=BTCUSDT&interval=1h')).toMatchObject(error(400, -1120));
    expect(await klines('symbol=NOPEUSDT&interval=1d')).toMatchObject(error(400, -1121));
    expect(await klines('interval=1d')).toMatchObject(error(400, -1102));
    expect(await klines('symbol=BTCUSDT&interval=1d&limit=1001')).toMatchObject(error(400, -1130));
  });
});

describe('request weight', () => {
  it('counts weight per minute in the headers and answers 429 -1003 with Retry-After past the limit', async () => {
    let now = NOW;
    const emulator = await start({ accounts: [ALICE], now: () => new Date(now) });
    const time = await get(emulator.url, '/api/v3/time');
    expect(time.headers.get('x-mbx-used-weight-1m')).toBe('1');
    expect((await get(emulator.url, '/api/v3/ticker/price?symbol=BTCUSDT')).headers.get('x-mbx-used-weight-1m')).toBe(
      '3',
    );
    expect((await get(emulator.url, '/api/v3/ticker/price')).headers.get('x-mbx-used-weight-1m')).toBe('7');
    expect((await signedGet(emulator, '/api/v3/account', ALICE)).headers.get('x-mbx-used-weight-1m')).toBe('27');
    // /sapi keeps its own count and header.
    const restrictions = await signedGet(emulator, '/sapi/v1/account/apiRestrictions', ALICE);
    expect(restrictions.headers.get('x-sapi-used-ip-weight-1m')).toBe('1');
    expect(restrictions.headers.get('x-mbx-used-weight-1m')).toBeNull();

    emulator.setWeightLimits({ api: 40 });
    expect((await signedGet(emulator, '/api/v3/account', ALICE)).status).toBe(429);
    const refused = await get(emulator.url, '/api/v3/time');
    expect(refused).toMatchObject({
      status: 429,
      body: { code: -1003, msg: expect.stringContaining('current limit is 40 request weight per 1 MINUTE') },
    });
    expect(refused.headers.get('retry-after')).toBe('30');
    // /sapi is not affected by /api's limit.
    expect((await signedGet(emulator, '/sapi/v1/account/apiRestrictions', ALICE)).status).toBe(200);

    now += 30_000; // the next minute
    expect((await get(emulator.url, '/api/v3/time')).headers.get('x-mbx-used-weight-1m')).toBe('1');
    emulator.setWeightLimits({ api: 1 });
    expect((await get(emulator.url, '/api/v3/time')).status).toBe(429);
    emulator.resetWeights();
    expect((await get(emulator.url, '/api/v3/time')).status).toBe(200);
  });

  it('weighs Simple Earn calls at 150 against the /sapi IP limit', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW), weightLimits: { sapi: 300 } });
    const flexible = () => signedGet(emulator, '/sapi/v1/simple-earn/flexible/position', ALICE);
    expect((await flexible()).headers.get('x-sapi-used-ip-weight-1m')).toBe('150');
    expect((await signedGet(emulator, '/sapi/v1/simple-earn/locked/position', ALICE)).status).toBe(200);
    expect(await flexible()).toMatchObject(error(429, -1003));
  });
});

describe('outages and controls', () => {
  it('goes down (503 HTML), fails (503 -1001), drops connections, and comes back', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW) });
    emulator.setMode('down');
    expect(await get(emulator.url, '/api/v3/time')).toMatchObject({
      status: 503,
      text: expect.stringContaining('<html>'),
    });
    emulator.setMode('error');
    expect(await signedGet(emulator, '/api/v3/account', ALICE)).toMatchObject(error(503, -1001));
    emulator.setMode('unreachable');
    await expect(get(emulator.url, '/api/v3/time')).rejects.toThrow();
    emulator.setMode('normal');
    expect((await get(emulator.url, '/api/v3/ping')).body).toEqual({});
    expect((await get(emulator.url, '/api/v3/nope')).status).toBe(404);
    expect(emulator.requests().map((request) => request.status)).toEqual([503, 503, 0, 200, 404]);
    // Only answered calls count weight.
    expect(emulator.requests().map((request) => request.weight)).toEqual([0, 0, 0, 1, 0]);
  });

  it('answers late in slow mode', async () => {
    const emulator = await start({ slowMs: 50 });
    emulator.setMode('slow');
    const late = get(emulator.url, '/api/v3/time');
    expect((await late).status).toBe(200);
    expect(emulator.requests()).toMatchObject([{ path: '/api/v3/time', status: 200, weight: 1 }]);
  });

  it('serves the controls over HTTP when asked to', async () => {
    const emulator = await start({ accounts: [ALICE], now: () => new Date(NOW), controlRoutes: true });
    const control = (name: string, body: unknown) =>
      fetch(`${emulator.url}/_control/${name}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await control('clock', { skewMs: 7_000 })).status).toBe(200);
    expect(emulator.serverTime()).toBe(NOW + 7_000);
    expect(
      (await control('holdings', { apiKey: ALICE.apiKey, balances: [{ asset: 'ETH', free: '3' }], flexible: [] }))
        .status,
    ).toBe(200);
    expect((await signedGet(emulator, '/api/v3/account', ALICE)).body).toMatchObject({
      balances: [{ asset: 'ETH', free: '3.00000000' }],
    });
    const bob = { apiKey: 'B'.repeat(64), secretKey: 'b'.repeat(64) };
    expect((await control('account', { ...bob, balances: [{ asset: 'BTC', free: '0.5' }] })).status).toBe(200);
    expect((await signedGet(emulator, '/api/v3/account', bob)).body).toMatchObject({
      balances: [{ asset: 'BTC', free: '0.50000000' }],
    });
    expect((await control('account', bob)).status).toBe(400);
    expect((await control('revoke', { apiKey: 'nobody' })).status).toBe(400);
    expect((await control('mode', { mode: 'error' })).status).toBe(200);
    expect((await get(emulator.url, '/api/v3/time')).status).toBe(503);
    expect((await control('mode', { mode: 'normal' })).status).toBe(200);
    expect((await control('nope', {})).status).toBe(404);
  });
});
