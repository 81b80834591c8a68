import type { Clock } from '../../lib/clock.ts';

interface Window {
  attempts: number;
  startedAt: number;
}

/** Upper bound on tracked keys, so a flood of distinct names cannot grow memory without end. */
const MAX_KEYS = 50_000;

/**
 * Counts attempts per key inside a fixed window: failed logins per username or address, sign-ups
 * per address. Kept in process memory: several instances each throttle on their own, which still
 * bounds guessing (or hashing work) to a small multiple.
 */
export class AttemptThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly maxAttempts: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const window = this.current(key);
    if (!window || window.attempts < this.maxAttempts) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - this.clock.now().getTime()) / 1000));
  }

  record(key: string): void {
    const window = this.current(key);
    if (window) window.attempts += 1;
    else {
      if (this.windows.size >= MAX_KEYS) this.prune();
      this.windows.set(key, { attempts: 1, startedAt: this.clock.now().getTime() });
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.clock.now().getTime() - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(): void {
    for (const [key, window] of this.windows) {
      if (this.clock.now().getTime() - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
    // Still full of live windows: drop the oldest rather than refuse to count.
    if (this.windows.size >= MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }
}
