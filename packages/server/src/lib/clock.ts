import { todayIso } from './dates.ts';

/**
 * The one place the server reads the time. Services get a clock from the composition root instead
 * of calling `new Date()` or SQL `now()`, so a test can pin the moment (and a whole suite can run
 * at an odd one) and the database's own clock never decides a day.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Today's UTC day by the clock, as YYYY-MM-DD: the day rates are quoted for (a user's days are local). */
export function today(clock: Clock): string {
  return todayIso(clock.now());
}

/** A clock that stands still at `at` until moved: for tests that need exact leases and days. */
export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
