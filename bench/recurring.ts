// Times the recording job of recurring money over real HTTP: `users` people with `perUser`
// automatic daily schedules each (1,000 across 100 by default), the server's clock moved a day and
// then a week on, and the time until the job has recorded every occurrence due. Alongside, the
// same number of POST /transactions by one client, so the job's pace reads as a ratio to a
// person's own creates on a noisy machine. Usage:
//   node --import tsx bench/recurring.ts [users=100] [perUser=10]
// Embedded PGlite by default; set DATABASE_URL (and APP_SECRET_KEY) to measure a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fixedClock } from '../packages/server/src/lib/clock.ts';
import { callAs } from './api-client.ts';
import { startBenchServer } from './bench-server.ts';

const [users = 100, perUser = 10] = process.argv.slice(2).map(Number);
const clock = fixedClock('2026-05-10T09:00:00Z');
const { app, close } = await startBenchServer('recurring', {
  clock,
  schedulerCheckMs: 50,
  env: { REGISTRATIONS_PER_HOUR: '100000' },
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const call = (method: string, url: string, token?: string, body?: unknown) => callAs(origin, method, url, token, body);

const uah = (await call('GET', '/models/currencies')).find((c: { code: string }) => c.code === 'UAH').id;
const people: Array<{ token: string; accountId: number; categoryId: number }> = [];
for (let i = 0; i < users; i++) {
  const credentials = { username: `rec${i}_${randomBytes(3).toString('hex')}`, password: 'correct horse battery' };
  await call('POST', '/auth/register', undefined, credentials);
  const token = (await call('POST', '/auth/login', undefined, credentials)).token;
  await call('PUT', '/user/settings', token, { timeZone: i % 2 ? 'Europe/Kyiv' : 'America/New_York' });
  await call('POST', '/user/currencies/base', token, { currencyId: uah });
  const account = await call('POST', '/accounts', token, { name: 'Card', currencyId: uah });
  const categories = await call('GET', '/categories', token);
  const categoryId = categories.find((c: { name: string }) => c.name === 'Taxi').id;
  people.push({ token, accountId: account.id, categoryId });
  for (let n = 0; n < perUser; n++) {
    await call('POST', '/recurring', token, {
      name: `Daily ${n}`,
      template: { amount: 1_000 + n, transactionType: 'expense', accountId: account.id, categoryId },
      schedule: { frequency: 'day', startDate: '2026-05-11' },
    });
  }
}
const schedules = users * perUser;
console.log(`database: ${app.dbKind}; ${schedules} automatic daily schedules across ${users} users`);

const recorded = async () => {
  const result = await app.db.execute(sql`select count(*)::int as n from recurring_occurrences`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};
async function untilRecorded(count: number): Promise<number> {
  const started = performance.now();
  while ((await recorded()) < count) await new Promise((resolve) => setTimeout(resolve, 20));
  return performance.now() - started;
}

// A person's own creates, as many as a day of the schedules, one client.
const createsStarted = performance.now();
for (let i = 0; i < schedules; i++) {
  const { token, accountId, categoryId } = people[i % people.length]!;
  await call('POST', '/transactions', token, {
    amount: 500,
    transactionType: 'expense',
    accountId,
    categoryId,
    time: '2026-05-09T10:00:00Z',
  });
}
const createsMs = performance.now() - createsStarted;

// The 11th begins everywhere: one occurrence of every schedule.
clock.set('2026-05-11T12:00:00Z');
const dayMs = await untilRecorded(schedules);
// A week later at once (the server was off): seven more of each.
clock.set('2026-05-18T12:00:00Z');
const weekMs = await untilRecorded(schedules * 8);

const perSecond = (rows: number, ms: number) => Math.round((rows * 1000) / ms);
console.log(
  `POST /transactions, one client: ${schedules} in ${Math.round(createsMs)} ms, ${perSecond(schedules, createsMs)}/s`,
);
console.log(
  `a day's occurrences: ${schedules} in ${Math.round(dayMs)} ms, ${perSecond(schedules, dayMs)}/s (${(createsMs / dayMs).toFixed(2)}× the creates' pace)`,
);
console.log(
  `a week's at once: ${schedules * 7} in ${Math.round(weekMs)} ms, ${perSecond(schedules * 7, weekMs)}/s (${(((createsMs / schedules) * (schedules * 7)) / weekMs).toFixed(2)}× the creates' pace)`,
);
await close();
