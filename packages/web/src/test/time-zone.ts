import { afterEach, beforeEach } from 'vitest';
import { setDisplayTimeZone } from '../lib/locale.ts';

/**
 * For a describe block: the user's saved time zone is `zone`, whatever the process's own (TZ) is,
 * as for a user whose browser is set to another zone.
 */
export function savedTimeZoneEachTest(zone: string): void {
  beforeEach(() => setDisplayTimeZone(zone));
  afterEach(() => setDisplayTimeZone(null));
}
