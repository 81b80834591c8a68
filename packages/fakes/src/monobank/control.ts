/**
 * The Monobank emulator's test controls over HTTP (see ../control.ts), under `/_control/`:
 *
 * | POST path   | body                                                          | answers               |
 * | ----------- | ------------------------------------------------------------- | --------------------- |
 * | `purchase`  | `{ token, amount, account?, description?, mcc?, hold?, time? }` | the new item          |
 * | `settle`    | `{ id, amount? }`                                             | the settled item      |
 * | `revoke`    | `{ token }`                                                   | `{}`                  |
 * | `reissue`   | `{ token, newToken? }`                                        | `{ token: newToken }` |
 * | `mode`      | `{ mode }`                                                    | `{}`                  |
 */
import { type ControlInput, NO_SUCH_CONTROL } from '../control.ts';
import type { MonobankEmulator, MonobankMode, NewItem } from './emulator.ts';

export function monobankControl(emulator: MonobankEmulator, name: string, { values, text }: ControlInput): unknown {
  switch (name) {
    case 'purchase':
      if (typeof values.amount !== 'number' || !Number.isInteger(values.amount))
        throw new Error('amount must be an integer');
      text('token');
      return emulator.emitPurchase(values as unknown as NewItem);
    case 'settle':
      return emulator.settleHold(text('id'), typeof values.amount === 'number' ? { amount: values.amount } : {});
    case 'revoke':
      emulator.revokeToken(text('token'));
      return {};
    case 'reissue':
      return {
        token: emulator.reissueToken(text('token'), typeof values.newToken === 'string' ? values.newToken : undefined),
      };
    case 'mode':
      emulator.setMode(text('mode') as MonobankMode);
      return {};
    default:
      return NO_SUCH_CONTROL;
  }
}
