import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { buildWorld } from '../../test/world.ts';
import { acceptsGzip, COMPRESS_FROM_BYTES } from './compressed-answers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('large answers', () => {
  it('go gzipped to a client that takes gzip, and read the same as sent plainly', async () => {
    // A year of three accounts: 1,095 points, some 75 KB.
    const account = { currency: 'UAH', initialBalance: 100_000 };
    const world = await buildWorld(t, { accounts: [account, account, account] });
    const url = '/api/v1/stats/balance-history?from=2025-01-01&to=2025-12-31';
    const ask = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${world.token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });

    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.json().response).toHaveLength(3 * 365);

    for (const acceptEncoding of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.5', '*']) {
      const compressed = await ask(acceptEncoding);
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const refused = await ask('gzip;q=0, br');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('leave small answers as they are, whatever the client takes', async () => {
    const world = await buildWorld(t);
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${world.token}`, 'accept-encoding': 'gzip' },
    });
    expect(user.statusCode).toBe(200);
    expect(user.headers['content-encoding']).toBeUndefined();
    expect(user.json().response.username).toBe(world.username);
  });

  it('read Accept-Encoding as HTTP says: listed codings, qualities, and a wildcard', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('identity, *;q=0.1')).toBe(true);
  });
});
