import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: the opaque bearer token a client keeps. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak reveals no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
