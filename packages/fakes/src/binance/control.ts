/**
 * The emulator's test controls over HTTP, for tests that run in another process than the emulator
 * (browser tests against the demo server). JSON in, JSON out, under `/_control/`:
 *
 * | POST path        | body                                          | does                                     |
 * | ---------------- | --------------------------------------------- | ---------------------------------------- |
 * | `mode`           | `{ mode }`                                    | `normal`, `slow`, `down`, `error`, `unreachable` |
 * | `clock`          | `{ skewMs }`                                  | moves the server's clock                 |
 * | `weight-limits`  | `{ api?, sapi? }`                             | weight allowed per IP per minute         |
 * | `reset-weights`  | `{}`                                          | forgets the weight used                  |
 * | `price`          | `{ symbol, price }` (`price: null` removes)   | sets a price                             |
 * | `holdings`       | `{ apiKey, balances?, flexible?, locked? }`   | replaces an account's holdings           |
 * | `revoke`         | `{ apiKey }`                                  | the key answers -2015 from now on        |
 *
 * Each answers `{}`; a control that fails (unknown key, bad body) answers 400 `{ "error": "…" }`.
 */
import { type Answer, jsonAnswer } from '../answer.ts';
import type { Holdings } from './account.ts';
import type { BinanceEmulator, BinanceMode } from './emulator.ts';

export const CONTROL_PREFIX = '/_control/';

export function controlAnswer(emulator: BinanceEmulator, method: string, name: string, body: string): Answer {
  if (method !== 'POST') return jsonAnswer(405, JSON.stringify({ error: 'Controls are POSTed' }));
  try {
    const input = JSON.parse(body || '{}') as Record<string, unknown>;
    const text = (key: string) => {
      const value = input[key];
      if (typeof value !== 'string' || value === '') throw new Error(`${key} must be a non-empty string`);
      return value;
    };
    switch (name) {
      case 'mode':
        emulator.setMode(text('mode') as BinanceMode);
        break;
      case 'clock':
        emulator.setClockSkew(Number(input.skewMs));
        break;
      case 'weight-limits':
        emulator.setWeightLimits(input as { api?: number; sapi?: number });
        break;
      case 'reset-weights':
        emulator.resetWeights();
        break;
      case 'price':
        emulator.setPrice(text('symbol'), input.price === null ? null : text('price'));
        break;
      case 'holdings':
        emulator.setHoldings(text('apiKey'), input as Holdings);
        break;
      case 'revoke':
        emulator.revokeKey(text('apiKey'));
        break;
      default:
        return jsonAnswer(404, JSON.stringify({ error: `No control ${name}` }));
    }
    return jsonAnswer(200, '{}');
  } catch (error) {
    return jsonAnswer(400, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  }
}
