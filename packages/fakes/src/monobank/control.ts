/**
 * The emulator's test controls over HTTP, for tests that run in another process than the
 * emulator (browser tests against the demo server). JSON in, JSON out, under `/_control/`:
 *
 * | POST path   | body                                                          | answers               |
 * | ----------- | ------------------------------------------------------------- | --------------------- |
 * | `purchase`  | `{ token, amount, account?, description?, mcc?, hold?, time? }` | the new item          |
 * | `settle`    | `{ id, amount? }`                                             | the settled item      |
 * | `revoke`    | `{ token }`                                                   | `{}`                  |
 * | `reissue`   | `{ token, newToken? }`                                        | `{ token: newToken }` |
 * | `mode`      | `{ mode }`                                                    | `{}`                  |
 *
 * A control that fails (unknown token, bad body) answers 400 `{ "error": "…" }`.
 */
import { type Answer, jsonAnswer } from '../answer.ts';
import type { MonobankEmulator, MonobankMode, NewItem } from './emulator.ts';

export const CONTROL_PREFIX = '/_control/';

export async function controlAnswer(
  emulator: MonobankEmulator,
  method: string,
  name: string,
  body: string,
): Promise<Answer> {
  if (method !== 'POST') return jsonAnswer(405, JSON.stringify({ error: 'Controls are POSTed' }));
  try {
    const input = JSON.parse(body || '{}') as Record<string, unknown>;
    const text = (key: string) => {
      const value = input[key];
      if (typeof value !== 'string' || value === '') throw new Error(`${key} must be a non-empty string`);
      return value;
    };
    switch (name) {
      case 'purchase':
        if (typeof input.amount !== 'number' || !Number.isInteger(input.amount))
          throw new Error('amount must be an integer');
        text('token');
        return ok(emulator.emitPurchase(input as unknown as NewItem));
      case 'settle':
        return ok(emulator.settleHold(text('id'), typeof input.amount === 'number' ? { amount: input.amount } : {}));
      case 'revoke':
        emulator.revokeToken(text('token'));
        return ok({});
      case 'reissue':
        return ok({
          token: emulator.reissueToken(text('token'), typeof input.newToken === 'string' ? input.newToken : undefined),
        });
      case 'mode':
        emulator.setMode(text('mode') as MonobankMode);
        return ok({});
      default:
        return jsonAnswer(404, JSON.stringify({ error: `No control ${name}` }));
    }
  } catch (error) {
    return jsonAnswer(400, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  }
}

function ok(value: unknown): Answer {
  return jsonAnswer(200, JSON.stringify(value));
}
