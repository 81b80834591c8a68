// What the person's rules cost the rows that arrive, in one run over real HTTP (issue 38): a CSV
// import of `rows` Monobank-like rows into a user without rules and into one with 50 (text
// contains, amount over, MCC one of, a few of them matching), alternating, and then Monobank
// webhook rows to both users, alternating, each timed from the bank's sending to the event the
// app publishes once the row is stored. Usage:
//   node --import tsx bench/rules-import.ts [rows=100000] [runs=1] [webhookRows=40]
// Embedded PGlite by default; set DATABASE_URL (and APP_SECRET_KEY) to measure a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { startMonobankEmulator } from '@kopiyka/fakes';
import { compileRules } from '@kopiyka/shared';
import { monobankStatement } from '../packages/server/test/csv.ts';
import { callAs, type Json } from './api-client.ts';
import { startBenchServer } from './bench-server.ts';

const [rows = 100_000, runs = 1, webhookRows = 40] = process.argv.slice(2).map(Number);
const DAY_MS = 86_400_000;

/** A port nothing listens on now: the webhook's public address must be known before the app starts. */
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const bank = await startMonobankEmulator({ demo: false, requestIntervalMs: 0 });
const { app, close } = await startBenchServer('rules', {
  env: { MONOBANK_API_URL: bank.url, MONOBANK_REQUEST_INTERVAL_MS: '0', PUBLIC_URL: origin },
});
await app.listen({ port, host: '127.0.0.1' });
const call = (method: string, url: string, token?: string, body?: unknown) => callAs(origin, method, url, token, body);

const MERCHANTS = ['Сільпо', 'АТБ', 'Uklon', 'Aroma Kava', 'Rozetka', 'Нова Пошта', 'WOG', 'Apteka 911'];
const CODES = [5411, 5411, 4121, 5814, 5732, 4215, 5541, 5912];

const two = (n: number) => String(n).padStart(2, '0');
/** A year of spending as the Monobank app exports it (day-first times), newest last. */
function statementItems(count: number): Array<[time: string, details: string, mcc: string, amount: string]> {
  const start = Date.now() - 365 * DAY_MS;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start + Math.floor((i * 364 * DAY_MS) / count));
    const day = `${two(at.getUTCDate())}.${two(at.getUTCMonth() + 1)}.${at.getUTCFullYear()}`;
    const m = i % MERCHANTS.length;
    return [
      `${day} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:00`,
      `${MERCHANTS[m]} ${i % 13 === 0 ? 'КИЇВ' : 'Lviv'}`,
      String(CODES[m]),
      (-(500 + ((i * 7919) % 300_000)) / 100).toFixed(2),
    ];
  });
}

/** Fifty rules a careful person might have: a few match these rows, most never do. */
async function fiftyRules(token: string) {
  const categories: Array<{ id: number; name: string }> = await call('GET', '/categories', token);
  const ids = categories.map((c) => c.id);
  const tags = [];
  for (const name of ['Робота', 'Дім', 'Поїздка', 'Діти', 'Свято'])
    tags.push((await call('POST', '/tags', token, { name })).id);
  const words = ['сільпо', 'uklon', 'rozetka', 'епіцентр', 'фора', 'novus', 'bolt', 'comfy', 'foxtrot', 'eva'];
  for (let i = 0; i < 50; i++) {
    const kind = i % 5;
    const word = words[i % words.length]!;
    const conditions =
      kind === 0
        ? [{ field: 'description', op: 'contains', value: `${word}${i < 10 ? '' : ` ${i}`}` }]
        : kind === 1
          ? [
              { field: 'mcc', op: 'in', value: [5411 + (i % 3), 5812, 7000 + i] },
              { field: 'amount', op: 'gt', value: 250_000 + i * 100 },
            ]
          : kind === 2
            ? [
                { field: 'description', op: 'startsWith', value: `${word} ${i}` },
                { field: 'note', op: 'equals', value: `note ${i}` },
              ]
            : kind === 3
              ? [
                  { field: 'description', op: 'in', value: [`${word} market`, `${word} ${i}`, 'ломбард'] },
                  { field: 'transactionType', op: 'equals', value: 'expense' },
                ]
              : [{ field: 'amount', op: 'lt', value: 500 + i }];
    const actions =
      i % 3 === 0
        ? [{ type: 'setCategory', categoryId: ids[i % ids.length] }]
        : i % 3 === 1
          ? [{ type: 'addTags', tagIds: [tags[i % tags.length]] }]
          : [{ type: 'setNote', note: `Rule ${i}` }];
    await call('POST', '/rules', token, { name: `Rule ${i}`, match: kind === 2 ? 'any' : 'all', conditions, actions });
  }
}

/** A signed-up user with the base UAH and the bank client of `bankToken` paired (its card, its webhook). */
async function person(name: string) {
  const credentials = { username: `${name}_${randomBytes(3).toString('hex')}`, password: 'correct horse battery' };
  await call('POST', '/auth/register', undefined, credentials);
  const token: string = (await call('POST', '/auth/login', undefined, credentials)).token;
  const uah = (await call('GET', '/models/currencies')).find((c: { code: string }) => c.code === 'UAH').id;
  await call('POST', '/user/currencies/base', token, { currencyId: uah });
  const bankToken = `u${randomBytes(32).toString('base64url').slice(0, 43)}`;
  bank.addClient({ token: bankToken, accounts: [{ id: 'card', balance: 100_000_000 }] });
  await call('POST', '/banks/monobank/pair-user', token, { token: bankToken });
  return { name, token, bankToken, uah };
}

const plain = await person('norules');
const ruled = await person('rules');
await fiftyRules(ruled.token);
const items = statementItems(rows);
const file = monobankStatement(items);
console.log(
  `database: ${app.dbKind}; ${rows} rows (${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB) per import, ${runs} run(s) each, alternating`,
);

async function importOnce(who: Awaited<ReturnType<typeof person>>) {
  const account = await call('POST', '/accounts', who.token, {
    name: `Card ${randomBytes(2).toString('hex')}`,
    currencyId: who.uah,
    openingAt: new Date(Date.now() - 400 * DAY_MS).toISOString(),
  });
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const res = await fetch(`${origin}/api/v1/imports?accountId=${account.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'text/csv' },
    body: file,
  });
  const upload = ((await res.json()) as Json).response;
  const uploadedAt = performance.now();
  const { mapping, dateFormat, decimalSeparator } = upload.detected;
  await call('POST', `/imports/${upload.importId}/commit`, who.token, { mapping, dateFormat, decimalSeparator });
  let job: { state: string; imported: number };
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await call('GET', `/imports/${upload.importId}`, who.token);
  } while (job.state === 'running');
  const finished = performance.now();
  const cpu = process.cpuUsage(cpuAtStart);
  if (job.state !== 'done' || job.imported !== rows) throw new Error(`${who.name}: ${JSON.stringify(job)}`);
  return {
    total: rows / ((finished - started) / 1000),
    job: rows / ((finished - uploadedAt) / 1000),
    // This process's CPU time (the app, and PGlite, which runs in it): less swayed by a busy machine.
    cpu: rows / ((cpu.user + cpu.system) / 1e6),
  };
}

type Figures = Awaited<ReturnType<typeof importOnce>>;
const perSecond = { norules: [] as Figures[], rules: [] as Figures[] };
for (let run = 1; run <= runs; run++) {
  for (const who of run % 2 ? [plain, ruled] : [ruled, plain]) {
    const figures = await importOnce(who);
    perSecond[who.name as 'norules' | 'rules'].push(figures);
    console.log(
      `run ${run}, ${who.name}: ${figures.total.toFixed(0)} rows/s (the job alone ${figures.job.toFixed(0)} rows/s; ` +
        `${figures.cpu.toFixed(0)} rows per CPU second)`,
    );
  }
}
// Every run's rows over every run's time: the figure of the whole, whatever one run caught of a busy machine.
const overall = (list: Figures[], of: 'total' | 'job' | 'cpu') =>
  (rows * list.length) / list.reduce((seconds, figures) => seconds + rows / figures[of], 0);
const [withoutRules, withRules] = [perSecond.norules, perSecond.rules].map((list) => ({
  total: overall(list, 'total'),
  job: overall(list, 'job'),
  cpu: overall(list, 'cpu'),
}));
console.log(
  `CSV import: without rules ${withoutRules!.total.toFixed(0)} rows/s, with 50 rules ${withRules!.total.toFixed(0)} rows/s: ` +
    `${(withRules!.total / withoutRules!.total).toFixed(2)}× (the job alone ${(withRules!.job / withoutRules!.job).toFixed(2)}×; ` +
    `per CPU second ${(withRules!.cpu / withoutRules!.cpu).toFixed(2)}×)`,
);

// The rules' own work, apart from the database's: compiled once, run over the file's rows in this
// process as the import runs them, a few times (the fastest counts: the least disturbed).
const compiled: number[] = [];
for (let round = 0; round < 5; round++) {
  const runRules = compileRules(await call('GET', '/rules', ruled.token));
  const started = performance.now();
  for (const [, text, mcc, amount] of items) {
    runRules({
      description: text,
      note: text,
      amount: Math.round(-Number(amount) * 100),
      accountId: 1,
      mcc: Number(mcc),
      transactionType: 'expense',
    });
  }
  compiled.push(performance.now() - started);
}
const ownMs = Math.min(...compiled);
console.log(
  `the 50 rules' own work over the file's ${rows} rows: ${ownMs.toFixed(0)} ms, ` +
    `${((ownMs / 1000 / (rows / withRules!.total)) * 100).toFixed(1)}% of the import's time with them`,
);

/** Milliseconds from the bank's sending of each webhook row to the app's event saying it is stored. */
async function webhookTimes(who: Awaited<ReturnType<typeof person>>, count: number, into: number[]) {
  const controller = new AbortController();
  const stream = await fetch(`${origin}/api/v1/events`, {
    headers: { authorization: `Bearer ${who.token}` },
    signal: controller.signal,
  });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stored = async () => {
    for (;;) {
      const at = text.indexOf('\n\n');
      if (at >= 0) {
        const event = text.slice(0, at);
        text = text.slice(at + 2);
        if (event.includes('"monobank.transactions"')) return;
        continue;
      }
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
    }
  };
  for (let i = 0; i < count; i++) {
    const m = i % MERCHANTS.length;
    const sent = performance.now();
    bank.emitPurchase({ token: who.bankToken, amount: -(1_000 + i), description: MERCHANTS[m]!, mcc: CODES[m]! });
    await stored();
    into.push(performance.now() - sent);
  }
  controller.abort();
}

const webhook = { norules: [] as number[], rules: [] as number[] };
for (let round = 0; round < 4; round++) {
  for (const who of round % 2 ? [ruled, plain] : [plain, ruled]) {
    await webhookTimes(who, Math.ceil(webhookRows / 4), webhook[who.name as 'norules' | 'rules']);
  }
}
const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
console.log(
  `webhook row, sent → stored: without rules p50 ${p(webhook.norules, 0.5).toFixed(1)} ms, p90 ${p(webhook.norules, 0.9).toFixed(1)} ms; ` +
    `with 50 rules p50 ${p(webhook.rules, 0.5).toFixed(1)} ms, p90 ${p(webhook.rules, 0.9).toFixed(1)} ms ` +
    `(${(p(webhook.rules, 0.5) / p(webhook.norules, 0.5)).toFixed(2)}× at p50)`,
);

await close();
await bank.close();
