import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ClientSeed,
  type MonobankEmulator,
  type MonobankEmulatorOptions,
  startMonobankEmulator,
} from '@kopiyka/fakes';
import type { MonobankJob } from '@kopiyka/shared';
import { vi } from 'vitest';
import type { AppConfig, MonobankConfig } from '../src/config.ts';
import { type StartOptions, signUpWithBase, startTestApp, type TestApp } from './app.ts';

/** A token shaped like Monobank's (44 characters), unique to the test. */
export function bankToken(): string {
  return `u${randomBytes(32).toString('base64url').slice(0, 43)}`;
}

export interface BankWorld {
  bank: MonobankEmulator;
  t: TestApp;
  /** With `listen`: where the app listens (and Monobank calls the webhook), e.g. `http://127.0.0.1:PORT`. */
  url?: string;
  close(): Promise<void>;
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The Monobank emulator (no demo client, no interval unless given) and an app pointed at it.
 * Jobs run in the app as they would for a person; the periodic tasks only when `config` asks.
 */
export async function startBankWorld(
  emulator: MonobankEmulatorOptions = {},
  config: Partial<Omit<AppConfig, 'monobank'>> & { monobank?: Partial<MonobankConfig> } = {},
  { listen = false, ...start }: StartOptions & { listen?: boolean } = {},
): Promise<BankWorld> {
  const bank = await startMonobankEmulator({ demo: false, requestIntervalMs: 0, ...emulator });
  const port = listen ? await freePort() : undefined;
  const url = port ? `http://127.0.0.1:${port}` : undefined;
  const t = await startTestApp(
    {
      ...(url ? { publicUrl: url } : {}),
      ...config,
      monobank: { apiUrl: bank.url, requestIntervalMs: 0, retryAfterFailureMs: 50, ...config.monobank },
    },
    start,
  );
  if (port) await t.app.listen({ port, host: '127.0.0.1' });
  return {
    bank,
    t,
    url,
    async close() {
      await t.close();
      await bank.close();
    },
  };
}

/** A client of the emulator with a fresh token: a UAH black card unless the seed says otherwise. */
export function addBankClient(bank: MonobankEmulator, seed: Partial<ClientSeed> = {}) {
  const token = seed.token ?? bankToken();
  const info = bank.addClient({ accounts: [{ balance: 1_000_000, creditLimit: 0 }], ...seed, token });
  return { token, info };
}

/** A signed-up user (base UAH) who paired the client of `token`; answers the pairing's body. */
export async function pairUser(t: TestApp, token: string, base = 'UAH') {
  const user = await signUpWithBase(t, base);
  const res = await t.call('POST', '/api/v1/banks/monobank/pair-user', { token: user.token, body: { token } });
  if (res.status !== 201) throw new Error(`pairing failed: ${JSON.stringify(res.body)}`);
  return {
    ...user,
    pairing: res.body.response as { user: unknown; accounts: Array<{ id: number; externalId: string }> },
  };
}

/** Waits until a job has finished (done or failed) and answers it. */
export async function waitForJob(t: TestApp, token: string, jobId: number, timeout = 20_000): Promise<MonobankJob> {
  let job: MonobankJob | undefined;
  await vi.waitFor(
    async () => {
      const res = await t.call('GET', `/api/v1/banks/monobank/jobs/${jobId}`, { token });
      job = res.body.response;
      if (job?.state !== 'done' && job?.state !== 'failed') throw new Error(`job ${jobId}: ${JSON.stringify(job)}`);
    },
    { timeout, interval: 25 },
  );
  return job!;
}

/** Queues a load and waits for its job; answers the job. */
export async function loadAndWait(
  t: TestApp,
  token: string,
  query: Record<string, string | number> = {},
  timeout?: number,
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.call('GET', `/api/v1/banks/monobank/load-transactions${search ? `?${search}` : ''}`, { token });
  if (res.status !== 202) throw new Error(`load failed: ${JSON.stringify(res.body)}`);
  return waitForJob(t, token, res.body.response.jobId, timeout);
}

/** Every transaction of the user (pages of 200), newest first. */
export async function allTransactions(t: TestApp, token: string, query = '') {
  const all: Array<Record<string, never> & { id: number; amount: number; externalId: string | null }> = [];
  for (let from = 0; ; from += 200) {
    const res = await t.call('GET', `/api/v1/transactions?limit=200&from=${from}${query}`, { token });
    // biome-ignore lint/suspicious/noExplicitAny: tests read what the API answered.
    const page = res.body.response as any[];
    all.push(...page);
    if (page.length < 200) return all;
  }
}

/** The events of GET /events as they arrive, read over a real connection (streams never end, so not inject). */
export async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const received: Array<{ type: string } & Record<string, unknown>> = [];
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const data = text
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        text = text.slice(end + 2);
        if (data) received.push(JSON.parse(data.slice(6)));
      }
    }
  })().catch(() => undefined);
  return {
    response,
    received,
    /** Settles when the stream ends: the server ended it, or close() did. */
    ended: reading,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
