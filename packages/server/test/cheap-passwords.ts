import { vi } from 'vitest';

/**
 * Vitest setup file of the API projects: passwords hashed at argon2id's lowest cost (8 KiB, one
 * pass) instead of OWASP's 19 MiB, two passes, which took ~60 ms of CPU per sign-up and sign-in,
 * hundreds of times per run. The algorithm and the way a hash is checked stay the production ones;
 * only the work per hash is less. Servers the tests start as processes hash at the real cost.
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (password: string, options?: Parameters<typeof argon2.hash>[1]) =>
      argon2.hash(password, { ...options, memoryCost: 8, timeCost: 1 }),
  };
});
