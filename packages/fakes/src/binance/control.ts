/**
 * The Binance emulator's test controls over HTTP (see ../control.ts), under `/_control/`:
 *
 * | POST path        | body                                          | does                                     |
 * | ---------------- | --------------------------------------------- | ---------------------------------------- |
 * | `mode`           | `{ mode }`                                    | `normal`, `slow`, `down`, `error`, `unreachable` |
 * | `clock`          | `{ skewMs }`                                  | moves the server's clock                 |
 * | `weight-limits`  | `{ api?, sapi? }`                             | weight allowed per IP per minute         |
 * | `reset-weights`  | `{}`                                          | forgets the weight used                  |
 * | `price`          | `{ symbol, price }` (`price: null` removes)   | sets a price                             |
 * | `account`        | `{ apiKey, secretKey, balances?, … }`         | adds an account with its key pair        |
 * | `holdings`       | `{ apiKey, balances?, flexible?, locked? }`   | replaces an account's holdings           |
 * | `revoke`         | `{ apiKey }`                                  | the key answers -2015 from now on        |
 *
 * Each answers `{}`.
 */
import { type ControlInput, NO_SUCH_CONTROL } from '../control.ts';
import type { BinanceAccountSeed, Holdings } from './account.ts';
import type { BinanceEmulator, BinanceMode } from './emulator.ts';

export function binanceControl(emulator: BinanceEmulator, name: string, { values, text }: ControlInput): unknown {
  switch (name) {
    case 'mode':
      emulator.setMode(text('mode') as BinanceMode);
      return {};
    case 'clock':
      emulator.setClockSkew(Number(values.skewMs));
      return {};
    case 'weight-limits':
      emulator.setWeightLimits(values as { api?: number; sapi?: number });
      return {};
    case 'reset-weights':
      emulator.resetWeights();
      return {};
    case 'price':
      emulator.setPrice(text('symbol'), values.price === null ? null : text('price'));
      return {};
    case 'account':
      emulator.addAccount(values as unknown as BinanceAccountSeed);
      return {};
    case 'holdings':
      emulator.setHoldings(text('apiKey'), values as Holdings);
      return {};
    case 'revoke':
      emulator.revokeKey(text('apiKey'));
      return {};
    default:
      return NO_SUCH_CONTROL;
  }
}
