/** Seeded randomness for the data generators: integer-only steps, so every Node version draws the same numbers. */

/** mulberry32: a small 32-bit PRNG; each call answers a number in [0, 1). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An approximately standard normal draw (Irwin–Hall of four uniforms, scaled to variance 1). */
export function gaussian(next: () => number): number {
  return (next() + next() + next() + next() - 2) * 1.7320508075688772;
}
