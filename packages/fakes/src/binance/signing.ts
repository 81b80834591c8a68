/**
 * Binance's request signing (external-apis.md §2.2): the payload is the query string followed directly
 * by the body, both as sent and without the `signature` parameter; the signature is the hex
 * HMAC-SHA256 of it under the secret key. A client signs with {@link sign}; the emulator checks with
 * {@link signedPayload} and {@link signatureMatches}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** hex(HMAC-SHA256(secretKey, payload)), lower case. */
export function sign(secretKey: string, payload: string): string {
  return createHmac('sha256', secretKey).update(payload).digest('hex');
}

/** A `k=v&k=v` string as sent, without its `signature` parameter(s). */
function withoutSignature(params: string): string {
  return params
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('signature='))
    .join('&');
}

/** The signature a request carries (query first, then body), undefined when it has none or an empty one. */
export function signatureOf(query: URLSearchParams, body: URLSearchParams): string | undefined {
  return query.get('signature') || body.get('signature') || undefined;
}

/** What the signature of a request must cover: its raw query and raw body, each without `signature`. */
export function signedPayload(rawQuery: string, rawBody: string): string {
  return withoutSignature(rawQuery) + withoutSignature(rawBody);
}

/** Whether `signature` (hex, any case) signs `payload` under `secretKey`. */
export function signatureMatches(secretKey: string, payload: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secretKey, payload), 'hex'), Buffer.from(signature, 'hex'));
}
