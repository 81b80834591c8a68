import { afterEach } from 'vitest';
import { type EmulatorServer, readBody, startServer } from '../http.ts';
import { type MonobankEmulator, type MonobankEmulatorOptions, startMonobankEmulator } from './emulator.ts';

export interface ApiAnswer {
  status: number;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
  text: string;
  contentType: string;
}

/** Calls the emulator as a Monobank client would: `X-Token` when a token is given. */
export async function api(base: string, path: string, token?: string, init: RequestInit = {}): Promise<ApiAnswer> {
  const headers = new Headers(init.headers);
  if (token !== undefined) headers.set('x-token', token);
  const response = await fetch(`${base}${path}`, { ...init, headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, text, contentType: response.headers.get('content-type') ?? '' };
}

export function setWebhook(emulator: MonobankEmulator, token: string, webHookUrl: string): Promise<ApiAnswer> {
  return api(emulator.url, '/personal/webhook', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webHookUrl }),
  });
}

/** Starts emulators that the next `afterEach` closes. Tests get no demo client and no rate limit unless asked. */
export function emulators(): (options?: MonobankEmulatorOptions) => Promise<MonobankEmulator> {
  const started: MonobankEmulator[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((emulator) => emulator.close()));
  });
  return async (options = {}) => {
    const emulator = await startMonobankEmulator({ demo: false, requestIntervalMs: 0, ...options });
    started.push(emulator);
    return emulator;
  };
}

export interface ReceivedCall {
  method: string;
  path: string;
  body: string;
}

/** A webhook receiver: records what reaches it and answers `status` (default 200) after `delayMs`. */
export interface Receiver {
  url: string;
  calls: ReceivedCall[];
  status: number;
  delayMs: number;
  /** Answers the next calls with these statuses, then `status` again. */
  queue: number[];
}

/** Starts webhook receivers that the next `afterEach` closes. */
export function receivers(): () => Promise<Receiver> {
  const started: EmulatorServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async () => {
    const receiver: Receiver = { url: '', calls: [], status: 200, delayMs: 0, queue: [] };
    const server = await startServer({}, async (req, res) => {
      const body = await readBody(req);
      receiver.calls.push({ method: req.method ?? '', path: req.url ?? '', body });
      const status = receiver.queue.shift() ?? receiver.status;
      server.answerLater(res, receiver.delayMs, () => ({ status, headers: {}, body: '' }));
    });
    started.push(server);
    receiver.url = `${server.url}/monobank/secret-path`;
    return receiver;
  };
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waitUntil: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
