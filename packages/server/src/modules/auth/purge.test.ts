import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { authAttempts, knownSignIns, sessions } from '../../db/schema.ts';
import { fixedClock } from '../../lib/clock.ts';

const DAY = 24 * 3_600_000;
/**
 * How long a test waits for the scheduler to reach the purge: every task falls due at once after
 * the clock jumps, and on a loaded machine the ones before it can take a while. A bound on a hung
 * run, not a figure the test asserts.
 */
const PURGE_WAIT_MS = 45_000;
const clock = fixedClock('2026-11-20T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  // The scheduler looks every few milliseconds; what is due is decided by the clock alone.
  t = await startTestApp({ backgroundJobs: true, schedulerCheckMs: 20 }, { clock });
});
afterAll(() => t.close());

const liveFor = (token: string) => t.call('GET', '/api/v1/user', { token }).then((res) => res.status);

describe('expired sessions', () => {
  it('are deleted by the periodic purge once their expiry has passed, while live ones stay', async () => {
    const first = await signUp(t);
    clock.advance(20 * DAY);
    const second = await t.call('POST', '/api/v1/auth/login', {
      body: { username: first.username, password: PASSWORD },
    });
    const other = await signUp(t);
    const sessionsOf = (userId: number) =>
      t.handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    expect(await sessionsOf(first.id)).toHaveLength(2);

    // 31 days after the first sign-in its session (30 days, unused) has expired; the others have not.
    clock.advance(11 * DAY);
    await vi.waitFor(async () => expect(await sessionsOf(first.id)).toHaveLength(1), { timeout: PURGE_WAIT_MS });
    expect(await sessionsOf(other.id)).toHaveLength(1);
    expect(await liveFor(first.token)).toBe(401);
    expect(await liveFor(second.body.response.token)).toBe(200);
    expect(await liveFor(other.token)).toBe(200);
  }, 120_000);
});

describe('throttle records', () => {
  it('are deleted once no rule remembers them, and a sign-in vouches for its address 90 days', async () => {
    const { username } = await signUp(t);
    const login = (password: string) => t.call('POST', '/api/v1/auth/login', { body: { username, password } });
    expect((await login('wrong password')).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(200);
    expect((await login('wrong again')).status).toBe(401);
    const attempts = () => t.handle.db.select().from(authAttempts);
    const signIns = () => t.handle.db.select().from(knownSignIns);
    expect(await attempts()).not.toEqual([]);
    expect(await signIns()).not.toEqual([]);

    // The longest memory: a day without attempts, plus the longest wait.
    clock.advance(DAY + 16 * 60_000);
    await vi.waitFor(async () => expect(await attempts()).toEqual([]), { timeout: PURGE_WAIT_MS });
    expect(await signIns()).not.toEqual([]);
    clock.advance(90 * DAY);
    await vi.waitFor(async () => expect(await signIns()).toEqual([]), { timeout: PURGE_WAIT_MS });
  }, 120_000);
});
