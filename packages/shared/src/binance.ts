import { z } from 'zod';
import { BINANCE_KEY_ERRORS, type BinanceKeyErrorCode } from './errors.ts';
import { issue } from './issues.ts';

/** The longest key taken: Binance's HMAC keys are 64 characters; RSA/Ed25519 public keys are longer. */
export const BINANCE_KEY_MAX = 256;

/** The English statusText of each missing-key code. */
export const BINANCE_KEY_ERROR_TEXT: Record<BinanceKeyErrorCode, string> = {
  [BINANCE_KEY_ERRORS.BOTH_KEYS_MISSING]: 'Both crypto exchange API keys are missing',
  [BINANCE_KEY_ERRORS.PUBLIC_KEY_MISSING]: 'The crypto exchange public (API) key is missing',
  [BINANCE_KEY_ERRORS.SECRET_KEY_MISSING]: 'The crypto exchange secret key is missing',
};

/**
 * One key as pasted from Binance: trimmed, printable ASCII without spaces. Empty passes here so the
 * server can answer the missing-key codes 10101–10103 instead of a VALIDATION_ERROR.
 */
function binanceKeySchema(field: 'apiKey' | 'secretKey') {
  return z
    .string(issue('text.notText', { field }))
    .trim()
    .max(BINANCE_KEY_MAX, issue('text.tooLong', { field, max: BINANCE_KEY_MAX }))
    .regex(/^[\x21-\x7E]*$/, issue('binance.keyCharacters', { field }))
    .optional();
}

/** PUT /crypto/binance/keys: absent or empty keys are missing (10101–10103), checked with Binance before storing. */
export const putBinanceKeysBodySchema = z.object({
  apiKey: binanceKeySchema('apiKey'),
  secretKey: binanceKeySchema('secretKey'),
});
export type PutBinanceKeysBody = z.input<typeof putBinanceKeysBodySchema>;

/** Which missing-key code a keys body earns, or null when both keys are there. */
export function missingBinanceKeyCode(body: z.output<typeof putBinanceKeysBodySchema>): BinanceKeyErrorCode | null {
  const hasApiKey = Boolean(body.apiKey);
  const hasSecretKey = Boolean(body.secretKey);
  if (!hasApiKey && !hasSecretKey) return BINANCE_KEY_ERRORS.BOTH_KEYS_MISSING;
  if (!hasApiKey) return BINANCE_KEY_ERRORS.PUBLIC_KEY_MISSING;
  if (!hasSecretKey) return BINANCE_KEY_ERRORS.SECRET_KEY_MISSING;
  return null;
}

/** What the user's key may do besides reading; either true deserves a warning (a read-only key is enough). */
const keyPermissions = {
  canTrade: z.boolean(),
  canWithdraw: z.boolean(),
};

export const binanceKeysSchema = z.object({
  /** The API key's first 4 and last 4 characters, like "vmPU…2ftq"; the keys themselves never leave the server. */
  apiKeyMasked: z.string(),
  ...keyPermissions,
});
export type BinanceKeys = z.infer<typeof binanceKeysSchema>;

/** A decimal quantity or price exactly as Binance gives it, e.g. "0.01250000". */
const decimalSchema = z.string().regex(/^\d+(\.\d+)?$/);

export const binanceBalanceSchema = z.object({
  asset: z.string(),
  /** Spot, free to use. */
  free: decimalSchema,
  /** Spot, held by open orders. */
  locked: decimalSchema,
  /** Simple Earn, flexible and locked together. */
  earn: decimalSchema,
  /** free + locked + earn. */
  total: decimalSchema,
  /** US dollars per unit (through USDT; stablecoins at 1); null when Binance has no price for it. */
  price: decimalSchema.nullable(),
  /** total × price in US cents; null without a price. */
  value: z.number().int().nullable(),
  /** The value in minor units of the user's base currency; null without a price, a base currency or a rate. */
  refValue: z.number().int().nullable(),
});
export type BinanceBalance = z.infer<typeof binanceBalanceSchema>;

export const binanceAccountSchema = z.object({
  apiKeyMasked: z.string(),
  /** Non-zero holdings, the most valuable first; those without a price last. */
  balances: z.array(binanceBalanceSchema),
  /** Sum of the priced balances, US cents. */
  totalValue: z.number().int(),
  /** The same in the base currency's minor units; null without a base currency or a rate. */
  totalRefValue: z.number().int().nullable(),
  baseCurrencyCode: z.string().nullable(),
  /** When these figures were read from Binance. */
  updatedAt: z.iso.datetime(),
  /** Binance could not be reached or refused the keys: these are the last figures known (read at updatedAt). */
  stale: z.boolean(),
  /**
   * Binance refused the stored keys on this read (deleted, restricted to other addresses, or no
   * longer allowed to read): the figures stay stale until new keys are connected.
   */
  keysRefused: z.boolean(),
  ...keyPermissions,
});
export type BinanceAccount = z.infer<typeof binanceAccountSchema>;

/** GET /crypto/binance/account: null while no keys are stored. */
export const binanceAccountResponseSchema = binanceAccountSchema.nullable();
