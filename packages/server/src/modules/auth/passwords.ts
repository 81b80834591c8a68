import type { Algorithm } from '@node-rs/argon2';

/** Loaded at the first password checked, not at start: most requests (and /health) never hash. */
const argon2 = () => import('@node-rs/argon2');

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). 2 is Algorithm.Argon2id, a const enum
// that cannot be read at run time under verbatimModuleSyntax.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await argon2()).verify(passwordHash, password).catch(() => false);
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login for an unknown name cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoyHash, password);
}
