import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AttemptThrottle } from './attempt-throttle.ts';

describe('AttemptThrottle', () => {
  it('lets a key try up to the limit, then says how long to wait until the window ends', () => {
    const clock = fixedClock('2026-03-10T12:00:00Z');
    const throttle = new AttemptThrottle(3, 60_000, clock);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('k')).toBe(0);
      throttle.record('k');
    }
    expect(throttle.retryAfterSeconds('k')).toBe(60);
    clock.advance(45_500);
    expect(throttle.retryAfterSeconds('k')).toBe(15);
    clock.advance(14_500);
    expect(throttle.retryAfterSeconds('k')).toBe(0);
  });

  it('counts keys apart and forgets a key on reset', () => {
    const throttle = new AttemptThrottle(1, 60_000, fixedClock('2026-03-10T12:00:00Z'));
    throttle.record('a');
    expect(throttle.retryAfterSeconds('a')).toBe(60);
    expect(throttle.retryAfterSeconds('b')).toBe(0);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });
});
