import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  /** The API's base URL, `http://127.0.0.1:<port>/api/v1`. */
  api: string;
  child: ChildProcess;
  /** Ends it the hard way (SIGKILL), as a crash or a pulled plug would, and waits until it is gone. */
  kill(): Promise<void>;
}

/**
 * A run at a fixed moment (vitest.config.ts) starts its servers at that moment too, so that a
 * server process and the tests' own server agree on the time they share through the database.
 */
const moment = process.env.KOPIYKA_TEST_NOW
  ? {
      args: ['--import', 'tsx', '--import', path.join(ROOT, 'scripts/shift-clock.ts')],
      env: { KOPIYKA_TEST_NOW: process.env.KOPIYKA_TEST_NOW, TZ: process.env.TZ ?? 'UTC' },
    }
  : { args: [], env: {} };

/**
 * The real server (`main.ts`, or a build of it when `entry` names its main.js) in a child process,
 * with nothing of this process's environment but PATH (and the run's moment) and what `env` gives;
 * answers once it listens.
 */
export async function startServerProcess(
  env: Record<string, string>,
  entry: string = 'packages/server/src/main.ts',
): Promise<ServerProcess> {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry];
  const child = spawn(process.execPath, [...moment.args, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...moment.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const api = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Kopiyka is ready: (http:\/\/\S+)/.exec(output);
      if (ready) resolve(`${ready[1]!.replace('localhost', '127.0.0.1')}/api/v1`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  return {
    api,
    child,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The server on an embedded database in `dataDir`, with no web app and no exchange-rate provider
 * within reach; `env` adds to or overrides that.
 */
export function startEmbeddedServer(
  dataDir: string,
  env: Record<string, string> = {},
  entry?: string,
): Promise<ServerProcess> {
  return startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      NBU_BASE_URL: 'http://127.0.0.1:9',
      FRANKFURTER_BASE_URL: 'http://127.0.0.1:9',
      ...env,
    },
    entry,
  );
}

/** One API call over real HTTP, its JSON parsed. */
export async function callServer(
  api: string,
  method: string,
  url: string,
  { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the API answered.
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * An embedded server that a test kills and starts again on the same data (a directory of its own,
 * removed by `remove`): calls go to whichever process runs now.
 */
export function restartableServer(name: string) {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  const call = (method: string, url: string, body?: unknown, token?: string) =>
    callServer(server!.api, method, url, { body, token });
  return {
    call,
    /** The API's base URL of the process running now. */
    get api() {
      return server!.api;
    },
    async start() {
      dataDir ??= await mkdtemp(path.join(os.tmpdir(), `kopiyka-${name}-`));
      server = await startEmbeddedServer(dataDir, { RATE_LIMIT_PER_MINUTE: '100000' });
    },
    kill: () => server?.kill(),
    /** A new user with UAH as the base currency: its session and UAH's id. */
    async signUp(prefix: string) {
      const credentials = { username: `${prefix}_${Date.now()}`, password: 'correct horse battery' };
      await call('POST', '/auth/register', credentials);
      const session = (await call('POST', '/auth/login', credentials)).body.response.token as string;
      const currencies = (await call('GET', '/models/currencies')).body.response as Array<{ id: number; code: string }>;
      const uahId = currencies.find((c) => c.code === 'UAH')!.id;
      await call('POST', '/user/currencies/base', { currencyId: uahId }, session);
      return { session, uahId };
    },
    async remove() {
      await server?.kill();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
