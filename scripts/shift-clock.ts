/**
 * Vitest setup file for the runs at a fixed moment (vitest.config.ts). With `KOPIYKA_TEST_NOW` set
 * to an ISO instant, this process's `Date` starts at that instant and runs on at the real pace, so
 * everything that reads the time agrees on it: the server's system clock, the emulators, PGlite's
 * `now()` (its WASM build asks `Date.now()`), and the tests themselves. Timers stay real.
 */
const moment = process.env.KOPIYKA_TEST_NOW;
if (moment) {
  const RealDate = Date;
  const offset = RealDate.parse(moment) - RealDate.now();
  if (Number.isNaN(offset)) throw new Error(`KOPIYKA_TEST_NOW is not an ISO instant: ${moment}`);
  const shiftedNow = () => RealDate.now() + offset;

  // A function rather than a subclass: `Date()` called without `new` must still answer a string.
  function ShiftedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(shiftedNow()).toString();
    return args.length === 0
      ? new RealDate(shiftedNow())
      : new RealDate(...(args as ConstructorParameters<typeof RealDate>));
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = shiftedNow;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}
