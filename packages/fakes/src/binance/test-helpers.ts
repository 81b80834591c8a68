import { afterEach } from 'vitest';
import type { BinanceAccountSeed } from './account.ts';
import { type BinanceEmulator, type BinanceEmulatorOptions, startBinanceEmulator } from './emulator.ts';
import { sign } from './signing.ts';

export interface BinanceAnswer {
  status: number;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
  text: string;
  headers: Headers;
}

export interface Keys {
  apiKey: string;
  secretKey: string;
}

/** GET as a Binance client would; `apiKey` sets X-MBX-APIKEY. */
export async function get(base: string, pathAndQuery: string, apiKey?: string): Promise<BinanceAnswer> {
  const response = await fetch(
    `${base}${pathAndQuery}`,
    apiKey === undefined ? {} : { headers: { 'x-mbx-apikey': apiKey } },
  );
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, text, headers: response.headers };
}

/**
 * A signed GET: `params` (a query string without timestamp) gets `timestamp` (default: the emulator's
 * server time) and the signature of the whole query under the secret key.
 */
export function signedGet(
  emulator: BinanceEmulator,
  path: string,
  keys: Keys,
  params = '',
  timestamp = emulator.serverTime(),
): Promise<BinanceAnswer> {
  const query = `${params ? `${params}&` : ''}timestamp=${timestamp}`;
  return get(emulator.url, `${path}?${query}&signature=${sign(keys.secretKey, query)}`, keys.apiKey);
}

/** 64 letters and digits from a short name, as a test key. */
export function testKey(name: string): string {
  return name.padEnd(64, '0');
}

export function testAccount(name: string, seed: Partial<BinanceAccountSeed> = {}): BinanceAccountSeed {
  return { apiKey: testKey(`${name}Api`), secretKey: testKey(`${name}Secret`), ...seed };
}

/** Starts emulators that the next `afterEach` closes; no demo accounts unless asked. */
export function emulators(): (options?: BinanceEmulatorOptions) => Promise<BinanceEmulator> {
  const started: BinanceEmulator[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((emulator) => emulator.close()));
  });
  return async (options = {}) => {
    const emulator = await startBinanceEmulator({ demo: false, ...options });
    started.push(emulator);
    return emulator;
  };
}
