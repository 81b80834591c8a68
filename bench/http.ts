// The server as people run it, measured over real HTTP: a checkout's server as a child process
// (its compiled build when it has one), on the embedded database or PostgreSQL, with one user's
// history grown through the API alone (bench/grow.ts; nothing analyzed unless the app does it).
// Reports start time, resident memory, write throughput with 8 clients, p50/p99 of each list and
// statistics endpoint over the authenticated no-op GET /user measured alongside, throughput at 10
// connections (autocannon), and first-load bytes of the web app.
//
// With --before <checkout>, both servers run at once on copies of the same data (grown by the
// before server; the after server migrates its copy at start) and every measurement alternates
// between them, so a loaded machine slows both alike; the tables show both and the median ratio.
//
// Usage: npm run bench -- [--size 20000] [--db pglite|postgres] [--before <checkout>] [--after <checkout>]
//   [--samples 100] [--duration 5] [--rounds 3] [--creates 5000] [--no-first-load] [--keep <dir>] [--grown <dir>]
//   [--organise] [--outside]
// --organise splits and tags one row in ten on the after server's copy before measuring (bench/grow.ts
// organiseTenth), so the before/after ratios show what organised rows cost against the before code; the
// measuring waits two minutes after, for the database's upkeep to see the organised rows as it would in life.
// --keep saves the grown embedded database and its user in <dir>; --grown starts from such a copy instead
// of growing (an hour at 1,000,000), so one growth serves several runs of later code (migrated at start).
// --outside grows as issue 40's outside check did (bench/grow.ts growLikeOutside): each server its own user,
// in turn, on a running server that is not restarted after, and times the list and statistics right after its
// growth; then both again a minute later (after the embedded database's periodic upkeep had its turn), before the
// throughput. What people meet right after entering or syncing a burst of rows; --keep and --grown do not apply.
// PostgreSQL: the server of DATABASE_URL (default the local one); the bench makes its databases and drops them.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { startRatesEmulator } from '@kopiyka/fakes';
import { ID_MAX } from '@kopiyka/shared';
import autocannon from 'autocannon';
import { ApiClient } from './api-client.ts';
import {
  type BenchUser,
  CREATE_CLIENTS,
  createTransactions,
  type Growth,
  growLikeOutside,
  growUser,
  HISTORY_DAYS,
  organiseTenth,
  type WriteChunk,
} from './grow.ts';
import { progress, table } from './report.ts';
import {
  memoryOf,
  newStorage,
  pgliteStorage,
  type ServerProcess,
  type Storage,
  startServerProcess,
} from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    db: { type: 'string', default: 'pglite' },
    before: { type: 'string' },
    after: { type: 'string', default: root },
    samples: { type: 'string', default: '100' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    creates: { type: 'string', default: '5000' },
    'no-first-load': { type: 'boolean', default: false },
    keep: { type: 'string' },
    grown: { type: 'string' },
    organise: { type: 'boolean', default: false },
    outside: { type: 'boolean', default: false },
  },
});
const size = Number(options.size);
const samples = Number(options.samples);
const duration = Number(options.duration);
const rounds = Number(options.rounds);
/** Creates at the grown size, per server, in rounds that alternate between the servers. */
const createsAtSize = Number(options.creates);
if (options.db !== 'pglite' && options.db !== 'postgres') throw new Error('--db is pglite or postgres');
const db: 'pglite' | 'postgres' = options.db;
if ((options.keep || options.grown) && options.db !== 'pglite') throw new Error('--keep and --grown are for pglite');
if (options.outside && (options.keep || options.grown || options.organise)) {
  throw new Error('--outside grows on running servers: no --keep, --grown or --organise');
}

const DAY_MS = 86_400_000;
/** Two periods of the embedded database's upkeep (db/maintenance.ts EVERY_MS) and of autovacuum's naptime. */
const UPKEEP_WAIT_MS = 125_000;
/** How long after an outside growth the second timing waits: past a periodic upkeep pass (db/maintenance.ts EVERY_MS). */
const OUTSIDE_WAIT_MS = 65_000;
/** The creates at the grown size run in this many rounds, the servers taking turns. */
const CREATE_ROUNDS = 4;
const now = new Date();

type Phase = 'grown' | 'started' | 'latency' | 'throughput' | 'writes';
interface Target {
  label: 'before' | 'after';
  checkout: string;
  storage?: Storage;
  server?: ServerProcess;
  client?: ApiClient;
  /** The body of the POST /transactions timed for throughput and writes, on this server's user. */
  createBody?: string;
  freshStartMs?: number;
  grownStartMs?: number;
  memory: Partial<Record<Phase, { rssMb: number; peakMb: number }>>;
}
const targets: Target[] = [
  ...(options.before ? [{ label: 'before' as const, checkout: path.resolve(options.before), memory: {} }] : []),
  { label: 'after', checkout: path.resolve(options.after), memory: {} },
];
const [grower] = targets as [Target];

/** The value at quantile `q` of `values` (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Milliseconds to the whole answer of GET `url`, and its size in bytes. */
async function timedGet(target: Target, url: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(`${target.server!.origin}/api/v1${url}`, {
    headers: { authorization: `Bearer ${target.client!.token}` },
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${target.label} GET ${url}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms, bytes: body.byteLength };
}

/** A page deep in the history by offset: the deepest the API takes is 100,000 (docs/decisions.md); the cursor serves deeper. */
const deepOffset = Math.min(100_000, Math.floor(size * 0.75));
const isoDay = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** The endpoints timed, each with the query that makes it do real work on the grown history. */
function latencyEndpoints(user: BenchUser): Array<[string, string]> {
  const deepTime = new Date(now.getTime() - 0.9 * HISTORY_DAYS * DAY_MS).toISOString();
  const stats = (kind: string, days: number) => `/stats/${kind}?from=${isoDay(days)}&to=${isoDay(0)}`;
  const filtered =
    `/transactions?limit=50&accountIds=${user.accounts.UAH}&transactionType=expense` +
    `&startDate=${new Date(now.getTime() - 365 * DAY_MS).toISOString()}&endDate=${new Date(now.getTime() - 180 * DAY_MS).toISOString()}`;
  return [
    ['GET /transactions?limit=50 (first page)', '/transactions?limit=50'],
    [`page at offset ${deepOffset.toLocaleString('en')}`, `/transactions?limit=50&from=${deepOffset}`],
    [
      `page by cursor ${((0.9 * HISTORY_DAYS) / 365).toFixed(1)} years back`,
      `/transactions?limit=50&cursor=${encodeURIComponent(`${deepTime}_${ID_MAX}`)}`,
    ],
    ['filtered page (account, 6 months, expenses)', filtered],
    ['balance history, month', stats('balance-history', 30)],
    ['balance history, year', stats('balance-history', 365)],
    ['spendings by categories, month', stats('spendings-by-categories', 30)],
    ['spendings by categories, year', stats('spendings-by-categories', 365)],
    ['cash flow, month', stats('cash-flow', 30)],
    ['cash flow, year', stats('cash-flow', 365)],
    ['total balance', `/stats/total-balance?date=${isoDay(0)}`],
    ['accounts', '/accounts'],
    ['budgets', '/budgets'],
  ];
}

/** What the outside check timed, on a user grown by growLikeOutside. */
function outsideEndpoints(): Array<[string, string]> {
  const stats = (kind: string) => `/stats/${kind}?from=${isoDay(365)}&to=${isoDay(0)}`;
  return [
    ['GET /transactions?limit=50 (first page)', '/transactions?limit=50'],
    ['GET /transactions (default page)', '/transactions'],
    [`page at offset ${deepOffset.toLocaleString('en')}`, `/transactions?limit=50&from=${deepOffset}`],
    ['cash flow, year', stats('cash-flow')],
    ['balance history, year', stats('balance-history')],
    ['accounts', '/accounts'],
  ];
}

interface Latency {
  label: string;
  /** Per target: the no-op's p50, the endpoint's p50 and p99 over it (ms), the answer's bytes. */
  byTarget: Array<{ noopP50: number; noopP99: number; p50: number; p99: number; bytes: number }>;
}

/**
 * Each endpoint from one client, one request at a time, alternating with GET /user (no-op,
 * endpoint, no-op, endpoint…) and between the servers, after a warm-up.
 */
async function measureLatencies(endpoints: Array<[string, string]>, among: Target[] = targets): Promise<Latency[]> {
  const results: Latency[] = [];
  for (const [label, url] of endpoints) {
    progress(`latency: ${label}${among.length < targets.length ? ` (${among.map((t) => t.label).join(', ')})` : ''}`);
    const noop = among.map(() => [] as number[]);
    const timed = among.map(() => [] as number[]);
    const bytes = among.map(() => 0);
    const warmUp = 10;
    for (let i = 0; i < warmUp + samples; i++) {
      for (const [t, target] of among.entries()) {
        const before = await timedGet(target, '/user');
        const answer = await timedGet(target, url);
        if (i < warmUp) continue;
        noop[t]!.push(before.ms);
        timed[t]!.push(answer.ms);
        bytes[t] = answer.bytes;
      }
    }
    results.push({
      label,
      byTarget: among.map((_, t) => {
        const noopP50 = quantile(noop[t]!, 0.5);
        return {
          noopP50,
          noopP99: quantile(noop[t]!, 0.99),
          p50: quantile(timed[t]!, 0.5) - noopP50,
          p99: quantile(timed[t]!, 0.99) - noopP50,
          bytes: bytes[t]!,
        };
      }),
    });
  }
  return results;
}

interface Throughput {
  label: string;
  /** Per target, per round: requests per second. */
  byTarget: number[][];
  /** Per target, per round: autocannon's p50 and p99 of the answers' latency (ms). */
  latencies: Array<Array<{ p50: number; p99: number }>>;
}

/** Requests per second at 10 connections for `duration` seconds, after a second of warm-up. */
async function requestsPerSecond(target: Target, request: { method: 'GET' | 'POST'; url: string; body?: string }) {
  const run = async (seconds: number) => {
    const result = await autocannon({
      url: `${target.server!.origin}/api/v1${request.url}`,
      method: request.method,
      connections: 10,
      duration: seconds,
      headers: { authorization: `Bearer ${target.client!.token}`, 'content-type': 'application/json' },
      ...(request.body ? { body: request.body } : {}),
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${target.label} ${request.method} ${request.url}: ${result.non2xx} non-2xx, ${result.errors} errors`,
      );
    }
    // Answers over the run's own duration (the per-second histogram leaves out the last part second).
    return { perSecond: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
  };
  await run(1);
  return run(duration);
}

/** Each endpoint in `rounds` rounds, the servers taking turns within each. */
async function measureThroughputs(): Promise<Throughput[]> {
  const requests: Array<[string, { method: 'GET' | 'POST'; url: string; body?: string }]> = [
    ['GET /user (no-op)', { method: 'GET', url: '/user' }],
    ['GET /transactions?limit=50', { method: 'GET', url: '/transactions?limit=50' }],
    [
      `page at offset ${deepOffset.toLocaleString('en')}`,
      { method: 'GET', url: `/transactions?limit=50&from=${deepOffset}` },
    ],
    ['balance history, year', { method: 'GET', url: `/stats/balance-history?from=${isoDay(365)}&to=${isoDay(0)}` }],
    ['accounts', { method: 'GET', url: '/accounts' }],
    ['POST /transactions', { method: 'POST', url: '/transactions' }],
  ];
  const results: Throughput[] = [];
  for (const [label, request] of requests) {
    progress(`throughput: ${label}`);
    const byTarget = targets.map(() => [] as number[]);
    const latencies = targets.map(() => [] as Array<{ p50: number; p99: number }>);
    for (let round = 0; round < rounds; round++) {
      for (const [t, target] of targets.entries()) {
        const body = request.method === 'POST' ? target.createBody : undefined;
        const { perSecond, ...latency } = await requestsPerSecond(target, { ...request, body });
        byTarget[t]!.push(perSecond);
        latencies[t]!.push(latency);
      }
    }
    results.push({ label, byTarget, latencies });
  }
  return results;
}

/** createsAtSize creates per server with CREATE_CLIENTS clients, dated over the last month, in alternating rounds. */
async function measureWrites(user: BenchUser): Promise<WriteChunk[][]> {
  progress(`writes: ${createsAtSize} creates per server with ${CREATE_CLIENTS} clients`);
  const perRound = Math.ceil(createsAtSize / CREATE_ROUNDS);
  const byTarget = targets.map(() => [] as WriteChunk[]);
  for (let round = 0; round < CREATE_ROUNDS; round++) {
    for (const [t, target] of targets.entries()) {
      const chunks = await createTransactions(target.client!, user, {
        first: size + round * perRound,
        count: perRound,
        checkpoint: perRound,
        timeOf: (i) => new Date(now.getTime() - 1 - ((i * 7_919_000) % (30 * DAY_MS))),
      });
      byTarget[t]!.push(...chunks);
    }
  }
  return byTarget;
}

/** gzip bytes of each checkout's first load, by bench/first-load.ts of this checkout (it builds). */
async function measureFirstLoads(): Promise<number[]> {
  const totals: number[] = [];
  for (const target of targets) {
    progress(`first load: building ${target.checkout}`);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/first-load.ts'), path.join(target.checkout, 'packages/web')],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
    const total = /([\d,]+)\s+first load/.exec(stdout)?.[1];
    if (!total) throw new Error(`bench/first-load.ts said: ${stdout}`);
    totals.push(Number(total.replaceAll(',', '')));
  }
  return totals;
}

const ms = (value: number) => value.toFixed(1);
/** Milliseconds over the no-op, signed (a loaded machine can make an endpoint's p50 beat the no-op's). */
const over = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;
const median = (values: number[]) => quantile(values, 0.5);
const rate = (chunks: WriteChunk[]) =>
  chunks.reduce((sum, c) => sum + c.count, 0) / chunks.reduce((sum, c) => sum + c.seconds, 0);

/** A table of latencies: ms over GET /user's p50 in the same run, and the answers' sizes. */
function latencyTable(title: string, latencies: Latency[]) {
  const labels = targets.map((t) => t.label);
  console.log(
    `${title}, one client, sequential, ${samples} samples: ms over GET /user's p50 in the same run (p50 / p99)\n`,
  );
  table(
    ['endpoint', ...labels.map((label) => `${label} p50 / p99`), ...labels.map((label) => `${label} answer`)],
    [
      [
        'GET /user (no-op), absolute, median over the runs',
        ...targets.map(
          (_, t) =>
            `${ms(median(latencies.map((l) => l.byTarget[t]!.noopP50)))} / ${ms(median(latencies.map((l) => l.byTarget[t]!.noopP99)))}`,
        ),
        ...labels.map(() => ''),
      ],
      ...latencies.map((l) => [
        l.label,
        ...l.byTarget.map((b) => `${over(b.p50)} / ${over(b.p99)}`),
        ...l.byTarget.map((b) => `${(b.bytes / 1024).toFixed(1)} KB`),
      ]),
    ],
  );
}

function report(
  growthLines: string[],
  latencyRuns: Array<{ title: string; latencies: Latency[] }>,
  throughputs: Throughput[],
  writes: WriteChunk[][] | null,
  firstLoad: number[] | null,
) {
  const both = targets.length === 2;
  const labels = targets.map((t) => t.label);
  // Rounds where the before server answered nothing (a loaded machine, a slow endpoint) give no ratio.
  const ratio = (values: number[][]) => {
    if (!both) return [];
    const ratios = values[1]!.flatMap((after, round) => (values[0]![round]! > 0 ? [after / values[0]![round]!] : []));
    return [ratios.length > 0 ? `${median(ratios).toFixed(2)}×` : '—'];
  };
  console.log(
    `\n## HTTP bench: ${size.toLocaleString('en')} transactions on ${options.db}, ${targets
      .map((t) => `${t.label} = ${t.checkout}`)
      .join(', ')}\n`,
  );
  for (const line of growthLines) console.log(line);
  console.log('');
  table(
    ['', ...labels, ...(both ? ['after/before'] : [])],
    [
      ['start, fresh database (ms to /health)', ...targets.map((t) => ms(t.freshStartMs!)), ...(both ? [''] : [])],
      [
        'start, grown database (ms to /health)',
        ...targets.map((t) => (t.grownStartMs === undefined ? '—' : ms(t.grownStartMs))),
        ...(both ? [''] : []),
      ],
      ...(['grown', 'started', 'latency', 'throughput', 'writes'] as const).map((phase) => [
        `RSS / peak after ${phase} (MB)`,
        ...targets.map((t) =>
          t.memory[phase] ? `${t.memory[phase].rssMb.toFixed(0)} / ${t.memory[phase].peakMb.toFixed(0)}` : '—',
        ),
        ...(both ? [''] : []),
      ]),
      ...(writes
        ? [
            [
              `creates/s at this size (${createsAtSize.toLocaleString('en')}, ${CREATE_CLIENTS} clients)`,
              ...writes.map((chunks) => rate(chunks).toFixed(0)),
              ...ratio(writes.map((chunks) => chunks.map((c) => c.count / c.seconds))),
            ],
          ]
        : []),
      ...(firstLoad
        ? [
            [
              'first load JS + CSS (gzip bytes)',
              ...firstLoad.map((bytes) => bytes.toLocaleString('en')),
              ...(both ? [(firstLoad[1]! / firstLoad[0]!).toFixed(2)] : []),
            ],
          ]
        : []),
    ],
  );
  for (const { title, latencies } of latencyRuns) latencyTable(title, latencies);
  console.log(
    `Throughput at 10 connections (autocannon, ${duration} s each, ${rounds} rounds): median req/s, and the answers' latency (p50 / p99 ms, median of the rounds)\n`,
  );
  table(
    [
      'endpoint',
      ...labels,
      ...(both ? ['after/before (median of rounds)'] : []),
      ...labels.map((label) => `${label} p50 / p99`),
    ],
    throughputs.map((t) => [
      t.label,
      ...t.byTarget.map((perRound) => median(perRound).toFixed(0)),
      ...ratio(t.byTarget),
      ...t.latencies.map((perRound) => `${median(perRound.map((l) => l.p50))} / ${median(perRound.map((l) => l.p99))}`),
    ]),
  );
}

/** The growth as lines of the report: creates per checkpoint, and the import and organising if any. */
function growthReport(
  who: string,
  creates: WriteChunk[],
  imported: { count: number; seconds: number } | null,
  organised: { count: number; seconds: number } | null,
): string[] {
  const lines = [who];
  let total = 0;
  for (const chunk of creates) {
    total += chunk.count;
    lines.push(
      `- creates ${(total - chunk.count).toLocaleString('en')}–${total.toLocaleString('en')}: ` +
        `${(chunk.count / chunk.seconds).toFixed(0)}/s with ${CREATE_CLIENTS} clients`,
    );
  }
  if (imported) {
    lines.push(
      `- CSV import of ${imported.count.toLocaleString('en')}: ${imported.seconds.toFixed(0)} s, ` +
        `${(imported.count / imported.seconds).toFixed(0)} rows/s`,
    );
  }
  if (organised) {
    lines.push(
      `- organised on the after server's copy: ${organised.count.toLocaleString('en')} rows split in two and ` +
        `tagged, ${(organised.count / organised.seconds).toFixed(0)}/s with ${CREATE_CLIENTS} clients`,
    );
  }
  return lines;
}

/**
 * --outside: every server on a fresh database of its own, each growing its own user in turn (as the
 * outside check grew one server alone, so the growth is as fast as it was there) and timed right
 * after its growth; then both a minute later, alternating, without a restart.
 */
async function outsideRun(ratesUrl: string) {
  for (const target of targets) {
    target.storage = await newStorage(db, target.label);
    target.server = await startServerProcess(target.label, target.checkout, target.storage, ratesUrl);
    target.freshStartMs = target.server.startMs;
    target.client = new ApiClient(target.server.origin);
  }
  const grown: Array<Awaited<ReturnType<typeof growLikeOutside>>> = [];
  const rightAfterEach: Latency[][] = [];
  for (const target of targets) {
    progress(`${target.label}: growing ${size} transactions as the outside check did…`);
    const growth = await growLikeOutside(target.client!, size, now, target.label, progress);
    grown.push(growth);
    rightAfterEach.push(await measureLatencies(outsideEndpoints(), [target]));
    target.memory.grown = memoryOf(target.server!.pid);
  }
  for (const [t, target] of targets.entries()) {
    const { accountIds, categoryIds } = grown[t]!.user;
    target.createBody = JSON.stringify({
      accountId: accountIds[0],
      transactionType: 'expense',
      amount: 12_345,
      categoryId: categoryIds[0],
      note: 'autocannon',
    });
  }
  const rightAfter = rightAfterEach[0]!.map((latency, i) => ({
    label: latency.label,
    byTarget: rightAfterEach.map((each) => each[i]!.byTarget[0]!),
  }));
  progress(`waiting ${OUTSIDE_WAIT_MS / 1000} s, past a periodic upkeep pass…`);
  await sleep(OUTSIDE_WAIT_MS);
  const minuteLater = await measureLatencies(outsideEndpoints());
  for (const target of targets) target.memory.latency = memoryOf(target.server!.pid);
  const throughputs = await measureThroughputs();
  for (const target of targets) target.memory.throughput = memoryOf(target.server!.pid);
  for (const target of targets) await target.server!.stop();
  const firstLoad = options['no-first-load'] ? null : await measureFirstLoads();
  report(
    targets.flatMap((target, t) =>
      growthReport(`Grown by the ${target.label} server, as the outside check grows:`, grown[t]!.creates, null, null),
    ),
    [
      { title: 'Right after its growth (each server in turn)', latencies: rightAfter },
      { title: `${OUTSIDE_WAIT_MS / 1000} s later`, latencies: minuteLater },
    ],
    throughputs,
    null,
    firstLoad,
  );
}

/** The bench as it was before --outside: grown once, copied to every server, measured after a restart. */
async function grownRun(ratesUrl: string) {
  // 1. Grow once, with the before server when there is one (or start from a kept growth).
  let growth: Growth;
  if (options.grown) {
    growth = JSON.parse(readFileSync(path.join(options.grown, 'growth.json'), 'utf8')) as Growth;
    grower.storage = await pgliteStorage('kept', path.join(options.grown, 'data')).copy(grower.label);
    progress(`${grower.label}: starts from the growth kept in ${options.grown}`);
  } else {
    grower.storage = await newStorage(db, grower.label);
    grower.server = await startServerProcess(grower.label, grower.checkout, grower.storage, ratesUrl);
    grower.freshStartMs = grower.server.startMs;
    progress(`${grower.label}: answered /health ${grower.freshStartMs.toFixed(0)} ms after spawn (fresh database)`);
    growth = await growUser(new ApiClient(grower.server.origin), size, now, progress);
    grower.memory.grown = memoryOf(grower.server.pid);
    await grower.server.stop();
    if (options.keep) {
      mkdirSync(options.keep, { recursive: true });
      cpSync(grower.storage.env.DATA_DIR!, path.join(options.keep, 'data'), { recursive: true });
      writeFileSync(path.join(options.keep, 'growth.json'), JSON.stringify(growth));
      progress(`kept the grown database in ${options.keep}`);
    }
  }
  const { user } = growth;

  // 2. The other servers on copies of the grown data, once each showed its start on a fresh database.
  for (const target of targets) {
    if (target.freshStartMs !== undefined) continue;
    target.storage ??= await grower.storage.copy(target.label);
    const fresh = await newStorage(db, 'fresh');
    try {
      const server = await startServerProcess(target.label, target.checkout, fresh, ratesUrl);
      target.freshStartMs = server.startMs;
      await server.stop();
    } finally {
      await fresh.drop();
    }
  }
  for (const target of targets) {
    target.server = await startServerProcess(target.label, target.checkout, target.storage!, ratesUrl);
    target.grownStartMs = target.server.startMs;
    target.client = new ApiClient(target.server.origin);
    await target.client.login(user.username, user.password);
    target.createBody = JSON.stringify({
      accountId: user.accounts.UAH,
      transactionType: 'expense',
      amount: 12_345,
      categoryId: user.expenseCategories[0]!.id,
      note: 'autocannon',
    });
    target.memory.started = memoryOf(target.server.pid);
    progress(`${target.label}: answered /health ${target.grownStartMs.toFixed(0)} ms after spawn (grown database)`);
  }

  const after = targets.at(-1)!;
  const organised = options.organise ? await organiseTenth(after.client!, user, progress) : null;
  if (organised) {
    // The organised rows as a person's would be when they look at them later: seen by the app's own
    // upkeep (db/maintenance.ts, a pass a minute on the embedded database; autovacuum on PostgreSQL),
    // which sets the visibility map again that the statistics' index-only scans read.
    progress(`waiting ${UPKEEP_WAIT_MS / 1000} s for the database's upkeep to see the organised rows…`);
    await sleep(UPKEEP_WAIT_MS);
  }

  // 3. Latency, 4. throughput, then writes at the grown size.
  const latencies = await measureLatencies(latencyEndpoints(user));
  for (const target of targets) target.memory.latency = memoryOf(target.server!.pid);
  const throughputs = await measureThroughputs();
  for (const target of targets) target.memory.throughput = memoryOf(target.server!.pid);
  const writes = await measureWrites(user);
  for (const target of targets) target.memory.writes = memoryOf(target.server!.pid);
  for (const target of targets) await target.server!.stop();

  const firstLoad = options['no-first-load'] ? null : await measureFirstLoads();
  report(
    growthReport(
      options.grown
        ? `Grown through the API earlier and kept in ${options.grown}:`
        : `Grown by the ${grower.label} server through the API:`,
      growth.creates,
      growth.imported,
      organised,
    ),
    [{ title: 'Latency', latencies }],
    throughputs,
    writes,
    firstLoad,
  );
}

const rates = await startRatesEmulator();
try {
  if (options.outside) await outsideRun(rates.url);
  else await grownRun(rates.url);
} finally {
  for (const target of targets) {
    await target.server?.stop();
    await target.storage?.drop();
  }
  await rates.close();
}
