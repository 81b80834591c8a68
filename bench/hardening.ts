// What one person's requests do to the server everyone shares (issue 35, items 1, 2 and 5): the
// built server of a checkout run as `npm start` runs it (bench/server-process.ts: its heap bound,
// the embedded database or PostgreSQL), a fresh one per attack. While each attack runs, GET
// /api/v1/health is asked every 100 ms, one request at a time, and the longest time between two
// answers is the gap everyone else waited; the process's resident memory is sampled as often.
// Reported per attack: its answer (or that the server died, and when), its time, the longest gap,
// RSS before, the sampled and the kernel's peak (VmHWM), and RSS a few seconds after.
//
// - restore: POST /backup/restore of N MiB of `[{},{},…]` by a new user, per --restore-mib; then a
//   valid backup of --backup-transactions transactions (the server's own GET /backup of a user with
//   one transaction, that transaction repeated) restored into a new user.
// - csv: POST /imports of N MiB per --csv-mib, of each --csv-kind: `cells`, two-character cells
//   (`ab,ab,…`, --csv-columns a row; at most half the file, so there are at least two rows); `bank`,
//   a bank's rows (a time, an amount, a long Cyrillic note, one of 40 categories: a file the limits
//   take, up to their rows); then 5 × GET /imports/{id}/categories at once on a file taken.
// - events: --streams GET /events of one signed-in user, each connection closed right after the
//   request is written; the process's idle RSS and CPU time over --idle-seconds, before and after.
//
// Bodies are streamed with their Content-Length, never held whole.
// Usage: npm run bench:hardening -- [--checkout <path>] [--scenario restore|csv|events|all]
//   [--db pglite|postgres] [--restore-mib 64,150] [--backup-transactions 100000] [--csv-mib 8,63]
//   [--csv-kind cells,bank] [--csv-columns 256] [--streams 15000] [--idle-seconds 10]
// The checkout must be built (`npm run build` in it). PostgreSQL: the server of DATABASE_URL
// (default the local one); the bench makes its databases there and drops them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startRatesEmulator } from '@kopiyka/fakes';
import type { BackupDocument, RestoreBackupResponse } from '@kopiyka/shared';
import { ApiClient, type StreamedBody } from './api-client.ts';
import { createBenchUser, transactionBody } from './grow.ts';
import { progress, table } from './report.ts';
import { cpuMs, memoryOf, newStorage, type ServerProcess, startServerProcess } from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    checkout: { type: 'string', default: root },
    scenario: { type: 'string', default: 'all' },
    db: { type: 'string', default: 'pglite' },
    'restore-mib': { type: 'string', default: '64' },
    'backup-transactions': { type: 'string', default: '1000' },
    'csv-mib': { type: 'string', default: '8' },
    'csv-kind': { type: 'string', default: 'cells,bank' },
    'csv-columns': { type: 'string', default: '256' },
    streams: { type: 'string', default: '15000' },
    'idle-seconds': { type: 'string', default: '10' },
  },
});
const SCENARIOS = ['restore', 'csv', 'events'] as const;
type Scenario = (typeof SCENARIOS)[number];
const scenarios = options.scenario === 'all' ? SCENARIOS : SCENARIOS.filter((s) => s === options.scenario);
if (scenarios.length === 0) throw new Error('--scenario is restore, csv, events or all');
if (options.db !== 'pglite' && options.db !== 'postgres') throw new Error('--db is pglite or postgres');
const db: 'pglite' | 'postgres' = options.db;
const checkout = path.resolve(options.checkout);
if (!existsSync(path.join(checkout, 'packages/server/dist/main.js'))) {
  throw new Error(`${checkout} has no built server: run \`npm run build\` in it first`);
}
const mibList = (value: string) => value.split(',').map(Number);
const restoreMib = mibList(options['restore-mib']);
const backupTransactions = Number(options['backup-transactions']);
const csvMib = mibList(options['csv-mib']);
const CSV_KINDS = ['cells', 'bank'] as const;
type CsvKind = (typeof CSV_KINDS)[number];
const csvKinds = CSV_KINDS.filter((kind) => options['csv-kind'].split(',').includes(kind));
if (csvKinds.length === 0) throw new Error('--csv-kind is cells, bank or both');
const csvColumns = Number(options['csv-columns']);
const streams = Number(options.streams);
const idleSeconds = Number(options['idle-seconds']);

/** /health is asked this often during an attack, and memory sampled. */
const POLL_MS = 100;
/** "RSS after" is read this long after the attack's answer, once what it let go of can be collected. */
const SETTLE_MS = 5_000;
/** The categories of an uploaded file are asked this many times at once, as a person clicking around. */
const CATEGORY_CALLS = 5;
/** Event streams opened (and dropped) at once. */
const DROP_CONCURRENCY = 50;
const MIB = 1024 * 1024;
const PASSWORD = 'hardening bench password';

/** One attack's figures; the memory is null where the process was gone before it could be read. */
interface Row {
  scenario: Scenario;
  request: string;
  answer: string;
  seconds: number;
  longestGapMs: number;
  /** The bench's own longest event-loop lag meanwhile: a gap it shares is not the server's. */
  benchLagMs: number;
  rssBeforeMb: number;
  sampledPeakMb: number;
  /** The kernel's high-water mark of the process's RSS since it started (VmHWM), the last one read if it died. */
  processPeakMb: number | null;
  rssAfterMb: number | null;
}
const rows: Row[] = [];
/** The events scenario's idle figures, before and after the dropped streams. */
const idle: Array<{ rssMb: number; cpuMs: number } | null> = [];

/**
 * Asks /health every POLL_MS (the next once the last answered) and samples the process's memory
 * as often, until stopped: the longest time without an answer (from the start, and up to the
 * process's death if it died), the largest RSS sampled and the last peak (VmHWM) read.
 */
function watch(server: ServerProcess) {
  let lastAnswer = performance.now();
  let longestGapMs = 0;
  let sampledPeakMb = 0;
  let processPeakMb: number | null = null;
  let watching = true;
  let benchLagMs = 0;
  let tick = performance.now();
  const ownLoop = setInterval(() => {
    benchLagMs = Math.max(benchLagMs, performance.now() - tick - POLL_MS);
    tick = performance.now();
  }, POLL_MS);
  const sample = () => {
    try {
      const { rssMb, peakMb } = memoryOf(server.pid);
      // A process killed but not yet reaped has no memory lines: its last sample stands.
      if (rssMb > sampledPeakMb) sampledPeakMb = rssMb;
      if (peakMb > 0) processPeakMb = peakMb;
    } catch {
      // The process is gone; its last sample stands.
    }
  };
  const sampler = setInterval(sample, POLL_MS);
  const polling = (async () => {
    while (watching) {
      const sent = performance.now();
      const answered = await fetch(`${server.origin}/api/v1/health`).then(
        async (res) => {
          await res.arrayBuffer();
          return res.ok;
        },
        () => false,
      );
      if (answered) {
        const at = performance.now();
        longestGapMs = Math.max(longestGapMs, at - lastAnswer);
        lastAnswer = at;
      }
      await sleep(Math.max(0, POLL_MS - (performance.now() - sent)));
    }
  })();
  return {
    async stop(diedAt: number | null) {
      watching = false;
      await polling;
      clearInterval(sampler);
      clearInterval(ownLoop);
      sample();
      longestGapMs = Math.max(longestGapMs, (diedAt ?? performance.now()) - lastAnswer);
      return { longestGapMs, benchLagMs, sampledPeakMb, processPeakMb };
    },
  };
}

/** An answer as the table shows it: the status, the error's code, and the answer's size when large. */
function describeAnswer({ status, text }: { status: number; text: string }): string {
  const code = status >= 300 ? (/"code":"([A-Z_]+)"/.exec(text)?.[1] ?? '') : '';
  const size = text.length > 100_000 ? `, answer ${(Buffer.byteLength(text) / MIB).toFixed(1)} MiB` : '';
  return `${status}${code ? ` ${code}` : ''}${size}`;
}

/** Runs `attack` on `server` while watching it; a server that dies meanwhile is reported so. */
async function measure(
  server: ServerProcess,
  scenario: Scenario,
  request: string,
  attack: () => Promise<string>,
): Promise<Row> {
  progress(`${scenario}: ${request}`);
  const rssBeforeMb = memoryOf(server.pid).rssMb;
  let diedAt = null as number | null;
  void server.exited.then(() => {
    diedAt = performance.now();
  });
  const watching = watch(server);
  const started = performance.now();
  const attacking = attack().catch((error: Error) => `failed: ${error.message}`);
  let answer = await Promise.race([attacking, server.exited.then(() => 'died')]);
  const seconds = (performance.now() - started) / 1000;
  // A request cut off as the process goes fails a moment before its exit is seen.
  if (answer.startsWith('failed')) await Promise.race([server.exited, sleep(1_000)]);
  const { longestGapMs, benchLagMs, sampledPeakMb, processPeakMb } = await watching.stop(diedAt);
  if (diedAt !== null) answer = `server died after ${((diedAt - started) / 1000).toFixed(0)} s`;
  else await sleep(SETTLE_MS);
  const row: Row = {
    scenario,
    request,
    answer,
    seconds,
    longestGapMs,
    benchLagMs,
    rssBeforeMb,
    sampledPeakMb,
    processPeakMb,
    rssAfterMb: diedAt === null ? memoryOf(server.pid).rssMb : null,
  };
  progress(
    `${scenario}: ${diedAt === null ? `${answer} after ${seconds.toFixed(1)} s` : answer}, longest /health gap ${longestGapMs.toFixed(0)} ms (the bench's own lag ${benchLagMs.toFixed(0)} ms)`,
  );
  rows.push(row);
  return row;
}

const rates = await startRatesEmulator();

/** A fresh server of the checkout on a fresh database, for `use`; stopped and its database dropped after. */
async function withServer(label: string, use: (server: ServerProcess) => Promise<void>): Promise<void> {
  const storage = await newStorage(db, label);
  const server = await startServerProcess(label, checkout, storage, rates.url);
  try {
    await use(server);
  } finally {
    await server.stop();
    await storage.drop();
  }
}

/** A new user of `server`, signed in. */
async function newUser(server: ServerProcess, name: string): Promise<ApiClient> {
  const client = new ApiClient(server.origin);
  await client.signUp(`${name}${Date.now().toString(36)}`, PASSWORD);
  return client;
}

/** `[{},{},…,{}]` of exactly `bytes` bytes (spaces before the `]` make up a remainder). */
function emptyObjectsArray(bytes: number): StreamedBody {
  const objects = Math.floor((bytes - 1) / 3);
  const perChunk = 21_845;
  const chunk = Buffer.from('{},'.repeat(perChunk));
  return {
    bytes,
    *chunks() {
      yield Buffer.from('[');
      let followed = objects - 1;
      for (; followed >= perChunk; followed -= perChunk) yield chunk;
      yield Buffer.from(`${'{},'.repeat(followed)}{}${' '.repeat(bytes - 1 - 3 * objects)}]`);
    },
  };
}

/**
 * A valid backup of `transactions` transactions: `client`'s own (a bench user with one
 * transaction, read back by GET /backup, so the document is the checkout's), that transaction
 * repeated a minute apart with amounts of its own each.
 */
async function backupWith(client: ApiClient, transactions: number): Promise<StreamedBody> {
  const now = new Date();
  const user = await createBenchUser(client, now);
  await client.call('POST', '/transactions', transactionBody(user, 1, now));
  const res = await fetch(`${client.origin}/api/v1/backup`, { headers: { authorization: `Bearer ${client.token}` } });
  if (res.status !== 200) throw new Error(`GET /backup: ${res.status}`);
  const {
    transactions: [template],
    ...rest
  } = (await res.json()) as BackupDocument;
  if (!template) throw new Error('GET /backup: the transaction is missing');
  const head = Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"transactions":[`);
  const perChunk = 1_000;
  function* chunks() {
    yield head;
    for (let first = 0; first < transactions; first += perChunk) {
      const part: string[] = [];
      for (let i = first; i < Math.min(transactions, first + perChunk); i++) {
        const amount = 100 + (i % 50_000);
        part.push(
          JSON.stringify({
            ...template!,
            id: i + 1,
            amount,
            refAmount: Math.sign(template!.refAmount) * Math.round(amount * template!.rate),
            time: new Date(Date.parse(template!.time) - i * 60_000).toISOString(),
            note: `bench ${i}`,
          }),
        );
      }
      yield Buffer.from(`${first > 0 ? ',' : ''}${part.join(',')}`);
    }
    yield Buffer.from(']}');
  }
  let bytes = 0;
  for (const chunk of chunks()) bytes += chunk.length;
  return { bytes, chunks };
}

async function restoreScenario() {
  for (const mib of restoreMib) {
    await withServer(`restore-${mib}`, async (server) => {
      const client = await newUser(server, 'restore');
      await measure(server, 'restore', `POST /backup/restore, ${mib} MiB of [{},{},…]`, async () =>
        describeAnswer(
          await client.send('POST', '/backup/restore', 'application/json', emptyObjectsArray(Math.round(mib * MIB))),
        ),
      );
    });
  }
  await withServer('restore-valid', async (server) => {
    const body = await backupWith(await newUser(server, 'source'), backupTransactions);
    const client = await newUser(server, 'restored');
    const label = `POST /backup/restore, a backup of ${backupTransactions.toLocaleString('en')} transactions (${(body.bytes / MIB).toFixed(1)} MiB)`;
    await measure(server, 'restore', label, async () => {
      const answer = await client.send('POST', '/backup/restore', 'application/json', body);
      if (answer.status !== 201) return describeAnswer(answer);
      const { counts } = (JSON.parse(answer.text) as { response: RestoreBackupResponse }).response;
      return `201, ${counts.transactions.toLocaleString('en')} transactions`;
    });
  });
}

/**
 * A CSV of two-character cells, `columns` a row (at most half the file's, so a header and a row
 * at least), as many whole rows as fit in `bytes`.
 */
function twoCharacterCells(bytes: number, columns: number): StreamedBody & { columns: number } {
  const perRow = Math.max(1, Math.min(columns, Math.floor(bytes / 6)));
  const row = `${'ab,'.repeat(perRow - 1)}ab\n`;
  const rowCount = Math.max(2, Math.floor(bytes / row.length));
  const rowsPerChunk = Math.max(1, Math.floor(65_536 / row.length));
  const chunk = Buffer.from(row.repeat(rowsPerChunk));
  return {
    columns: perRow,
    bytes: rowCount * row.length,
    *chunks() {
      let left = rowCount;
      for (; left >= rowsPerChunk; left -= rowsPerChunk) yield chunk;
      if (left > 0) yield Buffer.from(row.repeat(left));
    },
  };
}

/**
 * A bank's export of as many whole rows as fit in `bytes`: a time, an amount, a note of a few
 * hundred Cyrillic characters and one of 40 categories (column 3).
 */
function bankRows(bytes: number): StreamedBody & { label: string } {
  const header = Buffer.from('Date,Amount,Note,Category\n');
  const note = 'Кава та круасан '.repeat(22);
  const line = (i: number) => Buffer.from(`2026-06-01 10:00:00,-${(i % 9_000) + 1}.00,${note}${i},Food ${i % 40}\n`);
  let rowCount = 0;
  for (let size = header.length; size + line(rowCount).length <= bytes; rowCount++) size += line(rowCount).length;
  function* chunks() {
    yield header;
    for (let first = 0; first < rowCount; first += 100) {
      yield Buffer.concat(Array.from({ length: Math.min(100, rowCount - first) }, (_, i) => line(first + i)));
    }
  }
  // Made before it is sent: made while sending, the bench's own loop lagged most of a second.
  const made = [...chunks()];
  return {
    bytes: made.reduce((sum, chunk) => sum + chunk.length, 0),
    chunks: () => made.values(),
    label: `${rowCount.toLocaleString('en')} bank rows`,
  };
}

/** The file of `kind` the csv scenario uploads, about `bytes` long, and the column its categories are in. */
function csvFile(kind: CsvKind, bytes: number): StreamedBody & { label: string; categoryColumn: number } {
  if (kind === 'bank') return { ...bankRows(bytes), categoryColumn: 3 };
  const file = twoCharacterCells(bytes, csvColumns);
  return { ...file, label: `ab,ab,… (${file.columns} columns)`, categoryColumn: 0 };
}

async function csvScenario() {
  for (const kind of csvKinds) {
    for (const mib of csvMib) {
      await withServer(`csv-${kind}-${mib}`, async (server) => {
        const client = new ApiClient(server.origin);
        const user = await createBenchUser(client, new Date());
        const file = csvFile(kind, Math.round(mib * MIB));
        let importId: number | undefined;
        await measure(
          server,
          'csv',
          `POST /imports, ${(file.bytes / MIB).toFixed(1)} MiB of ${file.label}`,
          async () => {
            const answer = await client.send('POST', `/imports?accountId=${user.accounts.UAH}`, 'text/csv', file);
            if (answer.status === 201)
              importId = (JSON.parse(answer.text) as { response: { importId: number } }).response.importId;
            return describeAnswer(answer);
          },
        );
        if (importId === undefined) return;
        await measure(server, 'csv', `${CATEGORY_CALLS} × GET /imports/{id}/categories at once`, async () => {
          const answers = await Promise.all(
            Array.from({ length: CATEGORY_CALLS }, async () => {
              const res = await fetch(
                `${server.origin}/api/v1/imports/${importId}/categories?column=${file.categoryColumn}`,
                { headers: { authorization: `Bearer ${client.token}` } },
              );
              return describeAnswer({ status: res.status, text: await res.text() });
            }),
          );
          return [...new Set(answers)]
            .map((answer) => `${answers.filter((a) => a === answer).length} × ${answer}`)
            .join('; ');
        });
      });
    }
  }
}

/**
 * Opens `count` GET /events as `token`'s user, DROP_CONCURRENCY at a time, each connection closed
 * as soon as its request is written: the client is gone before the server has signed it in.
 */
async function dropEventStreams(origin: string, token: string, count: number): Promise<void> {
  const { hostname, port } = new URL(origin);
  const request = `GET /api/v1/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`;
  let opened = 0;
  const dropper = async () => {
    while (opened < count) {
      opened += 1;
      if (opened % 5_000 === 0) progress(`events: ${opened.toLocaleString('en')} opened and dropped`);
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), hostname, () =>
          socket.write(request, () => {
            socket.destroy();
            resolve();
          }),
        );
        socket.on('error', () => resolve());
      });
    }
  };
  await Promise.all(Array.from({ length: DROP_CONCURRENCY }, dropper));
}

/** The process's RSS after --idle-seconds without requests, and the CPU time it used in them. */
async function idleFigures(server: ServerProcess): Promise<{ rssMb: number; cpuMs: number }> {
  progress(`events: idle for ${idleSeconds} s`);
  const cpuBefore = cpuMs(server.pid);
  await sleep(idleSeconds * 1000);
  return { rssMb: memoryOf(server.pid).rssMb, cpuMs: cpuMs(server.pid) - cpuBefore };
}

async function eventsScenario() {
  await withServer('events', async (server) => {
    const client = await newUser(server, 'events');
    await sleep(SETTLE_MS);
    idle.push(await idleFigures(server));
    const row = await measure(server, 'events', `${streams.toLocaleString('en')} × GET /events, dropped`, async () => {
      await dropEventStreams(server.origin, client.token!, streams);
      return `${streams.toLocaleString('en')} dropped`;
    });
    idle.push(row.rssAfterMb === null ? null : await idleFigures(server));
  });
}

const run: Record<Scenario, () => Promise<void>> = {
  restore: restoreScenario,
  csv: csvScenario,
  events: eventsScenario,
};
try {
  for (const scenario of scenarios) {
    try {
      await run[scenario]();
    } catch (error) {
      // A scenario that cannot be set up is reported, and the next one still runs.
      progress(`${scenario}: ${(error as Error).message}`);
      rows.push({
        scenario,
        request: '(could not run)',
        answer: `failed: ${(error as Error).message}`.slice(0, 200),
        seconds: Number.NaN,
        longestGapMs: Number.NaN,
        benchLagMs: Number.NaN,
        rssBeforeMb: Number.NaN,
        sampledPeakMb: Number.NaN,
        processPeakMb: null,
        rssAfterMb: null,
      });
    }
  }
} finally {
  await rates.close();
}

const commit = execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const mb = (value: number | null) => (value === null || Number.isNaN(value) ? '—' : value.toFixed(0));
console.log(`\n## Hardening bench: ${checkout} (${commit}) on ${db}\n`);
table(
  [
    'scenario',
    'request',
    'answer',
    'time (s)',
    'longest /health gap (ms)',
    "bench's own longest lag (ms)",
    'RSS before (MB)',
    'peak RSS, sampled (MB)',
    'process peak, VmHWM (MB)',
    `RSS ${SETTLE_MS / 1000} s after (MB)`,
  ],
  rows.map((row) => [
    row.scenario,
    row.request,
    row.answer,
    Number.isNaN(row.seconds) ? '—' : row.seconds.toFixed(1),
    mb(row.longestGapMs),
    mb(row.benchLagMs),
    mb(row.rssBeforeMb),
    mb(row.sampledPeakMb),
    mb(row.processPeakMb),
    mb(row.rssAfterMb),
  ]),
  3,
);
if (idle.length > 0) {
  console.log(`Event streams: the server idle for ${idleSeconds} s, before and after the dropped streams\n`);
  table(
    ['', 'before', 'after'],
    [
      ['RSS (MB)', ...[0, 1].map((i) => mb(idle[i]?.rssMb ?? null))],
      [`CPU time over ${idleSeconds} s (ms)`, ...[0, 1].map((i) => mb(idle[i]?.cpuMs ?? null))],
    ],
  );
}
