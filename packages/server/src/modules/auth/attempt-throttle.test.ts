import { describe, expect, it } from 'vitest';
import { AttemptThrottle } from './attempt-throttle.ts';

describe('AttemptThrottle', () => {
  it('lets a key try up to the limit, then says how long to wait until the window ends', () => {
    let now = 1_000_000;
    const throttle = new AttemptThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('k')).toBe(0);
      throttle.record('k');
    }
    expect(throttle.retryAfterSeconds('k')).toBe(60);
    now += 45_500;
    expect(throttle.retryAfterSeconds('k')).toBe(15);
    now += 14_500;
    expect(throttle.retryAfterSeconds('k')).toBe(0);
  });

  it('counts keys apart and forgets a key on reset', () => {
    const throttle = new AttemptThrottle(1, 60_000, () => 0);
    throttle.record('a');
    expect(throttle.retryAfterSeconds('a')).toBe(60);
    expect(throttle.retryAfterSeconds('b')).toBe(0);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });
});
