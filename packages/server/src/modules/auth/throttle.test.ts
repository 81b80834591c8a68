import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp, testConfig, uniqueUsername } from '../../../test/app.ts';
import { fixedClock } from '../../lib/clock.ts';

/**
 * Password guessing is slowed where it comes from (docs/decisions.md): per username and address,
 * with waits that double; spread guessing and spraying only hold back addresses a user has not
 * signed in from. One proxy in front (TRUST_PROXY=1), so X-Forwarded-For's last entry is the address.
 */
const clock = fixedClock('2026-11-20T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: 1 }, { clock });
});
afterAll(() => t.close());

const randomAddress = () => `203.0.113.${randomBytes(1)[0]}`;
const login = (from: string, username: string, password: string) =>
  t.call('POST', '/api/v1/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': from } });
const statuses = (answers: Array<{ status: number }>) => answers.map((res) => res.status);
const count = (answers: Array<{ status: number }>, status: number) =>
  answers.filter((res) => res.status === status).length;

describe('guesses at one username from one address', () => {
  it('go through five times, then wait 30 s, then twice as long each time, even with the right password', async () => {
    const { username } = await signUp(t);
    const from = '198.51.100.1';
    for (let i = 0; i < 5; i++) expect((await login(from, username, 'wrong password')).status).toBe(401);
    const held = await login(from, username, PASSWORD);
    expect(held.status).toBe(429);
    expect(held.body.response).toEqual({
      code: 'TOO_MANY_REQUESTS',
      statusText: 'Too many failed sign-in attempts. Try again in 1 min.',
    });
    expect(held.headers['retry-after']).toBe('30');
    clock.advance(30_000);
    expect((await login(from, username, 'wrong again')).status).toBe(401);
    expect((await login(from, username, PASSWORD)).headers['retry-after']).toBe('60');
    clock.advance(60_000);
    expect((await login(from, username, PASSWORD)).status).toBe(200);
    // The right password starts the count again.
    for (let i = 0; i < 5; i++) expect((await login(from, username, 'wrong password')).status).toBe(401);
    expect((await login(from, username, PASSWORD)).status).toBe(429);
  });

  it('do not hold back the same user at another address: nobody can lock a known user out', async () => {
    const { username } = await signUp(t);
    for (let i = 0; i < 8; i++) await login('198.51.100.2', username, 'guess');
    expect((await login('198.51.100.2', username, PASSWORD)).status).toBe(429);
    expect((await login('198.51.100.3', username, PASSWORD)).status).toBe(200);
  });

  it('do not hold back other users of a shared address', async () => {
    const shared = '198.51.100.4';
    const careless = await signUp(t);
    const neighbour = await signUp(t);
    for (let i = 0; i < 10; i++) await login(shared, careless.username, 'forgot it');
    expect((await login(shared, careless.username, PASSWORD)).status).toBe(429);
    expect((await login(shared, neighbour.username, PASSWORD)).status).toBe(200);
  });

  it('are counted before the password is checked: of 50 at once, 5 are checked and 45 refused', async () => {
    const { username } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login('198.51.100.5', username, 'parallel guess')),
    );
    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(45);
  });
});

describe('guesses at one username from many addresses', () => {
  it('hold back new addresses after 20, in parallel too, while the user’s own address still signs in', async () => {
    const { username } = await signUp(t);
    const home = '198.51.100.10';
    expect((await login(home, username, PASSWORD)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`192.0.2.${i + 1}`, username, 'spread guess')),
    );
    expect(count(answers, 401)).toBe(20);
    expect(count(answers, 429)).toBe(10);
    expect((await login('192.0.2.200', username, PASSWORD)).status).toBe(429);
    expect((await login(home, username, PASSWORD)).status).toBe(200);
  });
});

describe('guesses from one address at many usernames', () => {
  it('hold back that address after 50 for names that have not signed in there', async () => {
    const sprayer = '198.51.100.20';
    const regular = await signUp(t);
    const newcomer = await signUp(t);
    expect((await login(sprayer, regular.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 50; i++) expect((await login(sprayer, uniqueUsername('nobody'), 'spray')).status).toBe(401);
    expect((await login(sprayer, uniqueUsername('nobody'), 'spray')).status).toBe(429);
    expect((await login(sprayer, newcomer.username, PASSWORD)).status).toBe(429);
    expect((await login(sprayer, regular.username, PASSWORD)).status).toBe(200);
    expect((await login(randomAddress(), newcomer.username, PASSWORD)).status).toBe(200);
  });
});

describe('password re-checks of a signed-in user', () => {
  it('are slowed per user and address like logins, and the right one from elsewhere still works', async () => {
    const { token } = await signUp(t);
    const remove = (from: string, password: string) =>
      t.call('DELETE', '/api/v1/user', { token, body: { password }, headers: { 'x-forwarded-for': from } });
    for (let i = 0; i < 5; i++) expect((await remove('198.51.100.30', 'not it')).status).toBe(401);
    expect((await remove('198.51.100.30', PASSWORD)).status).toBe(429);
    expect((await remove('198.51.100.31', PASSWORD)).status).toBe(204);
  });
});

describe('addresses behind a proxy', () => {
  it('are the one the proxy saw: a client’s own X-Forwarded-For entries are ignored', async () => {
    const { username } = await signUp(t);
    // The proxy appends the address it saw after whatever the client sent.
    for (let i = 0; i < 5; i++) await login(`${randomAddress()}, 198.51.100.40`, username, 'wrong');
    expect(statuses([await login(`${randomAddress()}, 198.51.100.40`, username, PASSWORD)])).toEqual([429]);
  });

  it('count sign-ups per address the proxy saw, whatever the client writes before it', async () => {
    const limited = await startTestApp({
      trustProxy: ['127.0.0.1'],
      auth: {
        ...testConfig().auth,
        registrationsPerAddress: { free: 2, firstDelayMs: 3_600_000, maxDelayMs: 3_600_000, forgetAfterMs: 3_600_000 },
      },
    });
    try {
      const register = (from: string, username: string) =>
        limited.call('POST', '/api/v1/auth/register', {
          body: { username, password: PASSWORD },
          headers: { 'x-forwarded-for': from },
        });
      const taken = uniqueUsername('taken');
      expect((await register(`${randomAddress()}, 192.0.2.20`, taken)).status).toBe(201);
      // A refused sign-up has hashed a password all the same, so it counts.
      expect((await register(`${randomAddress()}, 192.0.2.20`, taken)).status).toBe(409);
      const blocked = await register(`${randomAddress()}, 192.0.2.20`, uniqueUsername('refused'));
      expect(blocked.status).toBe(429);
      expect(blocked.body.response.statusText).toMatch(/^Too many sign-ups from this address\. Try again in 60 min\.$/);
      expect(Number(blocked.headers['retry-after'])).toBe(3600);
      expect((await register('192.0.2.21', uniqueUsername('other'))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('count an IPv6 network (/64) and every spelling of an address as one, for sign-ups and guesses alike', async () => {
    const limited = await startTestApp({
      trustProxy: 1,
      auth: {
        ...testConfig().auth,
        registrationsPerAddress: { free: 2, firstDelayMs: 3_600_000, maxDelayMs: 3_600_000, forgetAfterMs: 3_600_000 },
      },
    });
    try {
      const register = (from: string) =>
        limited.call('POST', '/api/v1/auth/register', {
          body: { username: uniqueUsername('v6'), password: PASSWORD },
          headers: { 'x-forwarded-for': from },
        });
      expect((await register('2001:db8::1')).status).toBe(201);
      expect((await register('2001:db8::2')).status).toBe(201);
      for (const from of ['2001:db8::3', '2001:DB8:0:0:ffff::1', '2001:0db8:0000:0000::4']) {
        expect((await register(from)).status).toBe(429);
      }
      expect((await register('2001:db8:0:1::1')).status).toBe(201);
      // An IPv4 address written as IPv6 is that IPv4 address.
      expect((await register('198.51.100.7')).status).toBe(201);
      expect((await register('198.51.100.7')).status).toBe(201);
      expect((await register('::ffff:198.51.100.7')).status).toBe(429);

      const { username } = await signUp(limited);
      const guess = (from: string) =>
        limited.call('POST', '/api/v1/auth/login', {
          body: { username, password: 'wrong' },
          headers: { 'x-forwarded-for': from },
        });
      const spellings = [
        '2001:db8:5::1',
        '2001:DB8:5::2',
        '2001:db8:5:0::3',
        '2001:0db8:0005:0000::4',
        '2001:db8:5::5',
      ];
      for (const from of spellings) expect((await guess(from)).status).toBe(401);
      expect((await guess('2001:db8:5::6')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('apply the global request limit to the address the proxy saw', async () => {
    const limited = await startTestApp({ trustProxy: 1, rateLimitPerMinute: 3 });
    try {
      const health = () =>
        limited.call('GET', '/api/v1/health', { headers: { 'x-forwarded-for': `${randomAddress()}, 192.0.2.50` } });
      const answers = [await health(), await health(), await health(), await health()];
      expect(statuses(answers)).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('are not taken from X-Forwarded-For at all when no proxy is trusted', async () => {
    const direct = await startTestApp({ rateLimitPerMinute: 2 });
    try {
      const health = () => direct.call('GET', '/api/v1/health', { headers: { 'x-forwarded-for': randomAddress() } });
      expect(statuses([await health(), await health(), await health()])).toEqual([200, 200, 429]);
    } finally {
      await direct.close();
    }
  });
});
