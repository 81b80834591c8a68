import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchJson, RateProviderError } from './provider.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that cuts the connection of the first `resets` requests, then answers JSON. */
async function serverResetting(resets: number) {
  let seen = 0;
  server = createServer((req, res) => {
    seen += 1;
    if (seen <= resets) {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ seen }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests: () => seen };
}

describe('fetchJson', () => {
  it('asks once more when the connection is cut before an answer', async () => {
    const target = await serverResetting(1);
    await expect(fetchJson('test', target.url, 2000)).resolves.toEqual({ status: 200, body: { seen: 2 } });
    expect(target.requests()).toBe(2);
  });

  it('gives up as unreachable when the second attempt is cut too', async () => {
    const target = await serverResetting(5);
    const failure = fetchJson('test', target.url, 2000);
    await expect(failure).rejects.toBeInstanceOf(RateProviderError);
    await expect(failure).rejects.toThrow('test: unreachable');
    expect(target.requests()).toBe(2);
  });
});
