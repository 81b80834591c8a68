import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../db/schema.ts';

/** What a note or a password hash could be: it must reach no log line. */
const SECRET = 'hunter2-"quoted"-$argon2id$secret';

describe('database errors in the log (docs/decisions.md "Database errors are logged without their values")', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { logLevel: 'warn' },
      {
        logStream: { write: (line) => lines.push(line) },
        beforeReady: (app) => {
          const route = (name: string, handler: () => Promise<unknown>) =>
            app.post(`/api/v1/test-only/${name}`, { config: { public: true } }, handler);
          // PostgreSQL quotes the value it cannot read in its message.
          route('unreadable', () => app.db.execute(sql`select ${SECRET}::int as n`));
          // A unique violation's detail repeats the key's value; answered as a conflict, logged as a warning.
          route('taken', async () => {
            for (let i = 0; i < 2; i++) await app.db.insert(users).values({ username: SECRET, passwordHash: SECRET });
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('hold the statement and the SQLSTATE, never a parameter, a detail or a quoted value', async () => {
    expect((await t.call('POST', '/api/v1/test-only/unreadable')).status).toBe(500);
    expect((await t.call('POST', '/api/v1/test-only/taken')).status).toBe(409);
    for (const line of lines) {
      expect(line).not.toContain('hunter2');
      expect(line).not.toContain('argon2id');
    }
    const logged = lines.map((line) => JSON.parse(line));
    const errors = logged.filter((line) => line.err).map((line) => line.err);
    expect(errors.map((err) => [err.code, err.query])).toEqual(
      expect.arrayContaining([
        ['22P02', 'select $1::int as n'],
        ['23505', expect.stringContaining('insert into "users"')],
      ]),
    );
    expect(errors.some((err) => err.message.includes('unique constraint "users_username_lower_key"'))).toBe(true);
  });
});
