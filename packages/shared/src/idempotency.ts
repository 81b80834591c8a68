import { z } from 'zod';
import type { Endpoint } from './api.ts';
import { issue } from './issues.ts';

/**
 * The header a create may carry so that sending it again (a retry after a dropped connection, an
 * entry recorded offline and sent later) answers the first request's result instead of creating
 * again (docs/api.md "Idempotency-Key").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The longest key taken, in characters. */
export const IDEMPOTENCY_KEY_MAX = 100;

/** How long a stored answer is replayed, counted from the first request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** 1–100 visible ASCII characters (`!` to `~`): a UUID, or any token of the client's own. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, issue('idempotencyKey.format', { max: IDEMPOTENCY_KEY_MAX }));

/**
 * Whether an endpoint takes Idempotency-Key: every POST of a signed-in user (a public one has no
 * user to keep keys apart by), save
 * - one whose body the handler reads as it streams in (backup restore): it could not be compared
 *   with the first before it runs; restore is once-only by its own rule (CONFLICT once the user
 *   has data);
 * - one marked `idempotencyKey: false` (the sign-outs: a repeat comes with a session they ended).
 */
export function takesIdempotencyKey(endpoint: Endpoint): boolean {
  return endpoint.method === 'POST' && !endpoint.public && !endpoint.streamedBody && endpoint.idempotencyKey !== false;
}
