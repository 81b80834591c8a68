// A checkout's server as a child process, started the way `npm start` starts it (its compiled
// build when it has one), on a given database, with exchange rates from the local emulator and no
// request limit. Also the databases it runs on: an embedded data directory or a PostgreSQL
// database, made, copied and dropped.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The key both servers read credentials with (the copies of one database are one user's data). */
const APP_SECRET_KEY = 'b5'.repeat(32);

/** Where one server keeps its data: the env that points it there. */
export interface Storage {
  env: Record<string, string>;
  /** A copy of this database (the server on it stopped), under a new name. */
  copy(name: string): Promise<Storage>;
  drop(): Promise<void>;
}

/** A fresh, empty embedded data directory. */
export function pgliteStorage(
  name: string,
  dir = mkdtempSync(path.join(os.tmpdir(), `kopiyka-bench-${name}-`)),
): Storage {
  return {
    env: { DATA_DIR: dir },
    async copy(copyName) {
      const copy = mkdtempSync(path.join(os.tmpdir(), `kopiyka-bench-${copyName}-`));
      cpSync(dir, copy, { recursive: true });
      return pgliteStorage(copyName, copy);
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, empty database of the kind `db` names: an embedded data directory, or a database on the
 * PostgreSQL server of DATABASE_URL (default the local one).
 */
export function newStorage(db: 'pglite' | 'postgres', name: string): Promise<Storage> {
  return db === 'pglite'
    ? Promise.resolve(pgliteStorage(name))
    : postgresStorage(process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres', name);
}

/** A fresh, empty database on the PostgreSQL server of `adminUrl` (copies are made from it as a template). */
export async function postgresStorage(adminUrl: string, name: string, template?: string): Promise<Storage> {
  const database = `kopiyka_bench_${process.pid}_${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    copy: (copyName) => postgresStorage(adminUrl, copyName, database),
    drop: () => admin(`drop database if exists ${database} with (force)`),
  };
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resident memory of a process now and at its peak, in MB (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** User + system CPU time a process has used so far, in ms (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

export interface ServerProcess {
  origin: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of GET /api/v1/health. */
  startMs: number;
  /** Settles when the process has exited, by itself (killed for lack of memory, say) or stopped. */
  exited: Promise<void>;
  /** Stops it (SIGTERM, as a service manager would) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Servers still running, stopped when the bench exits however it exits (Ctrl-C included). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** The V8 flags of `npm start` (package.json), read from the checkout: its JavaScript heap's bound. */
function startFlags(checkout: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8'));
  return String(scripts.start).match(/--max-old-space-size=\d+/g) ?? [];
}

/** The command `npm start` runs in a checkout: its compiled server when built, else the TypeScript sources. */
function serverCommand(checkout: string): string[] {
  const compiled = path.join(checkout, 'packages/server/dist/main.js');
  const flags = startFlags(checkout);
  return existsSync(compiled) ? [...flags, compiled] : [...flags, '--import', 'tsx', 'packages/server/src/main.ts'];
}

/** Starts the server of `checkout` on `storage` and waits until it answers /health. */
export async function startServerProcess(
  label: string,
  checkout: string,
  storage: Storage,
  ratesUrl: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, serverCommand(checkout), {
    cwd: checkout,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      NBU_BASE_URL: ratesUrl,
      FRANKFURTER_BASE_URL: ratesUrl,
      APP_SECRET_KEY,
      ...storage.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its warnings and errors, marked with whose they are (the "ready" banner left out).
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      for (const line of text.split('\n')) {
        if (line.trim() && !line.includes('Kopiyka is ready')) process.stderr.write(`[${label}] ${line}\n`);
      }
    });
  }
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  for (;;) {
    if (!running.has(child)) throw new Error(`${label}: the server exited before answering /health`);
    const ok = await fetch(`${origin}/api/v1/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    origin,
    pid: child.pid!,
    startMs: performance.now() - started,
    exited,
    async stop() {
      if (running.has(child)) child.kill('SIGTERM');
      await exited;
    },
  };
}
