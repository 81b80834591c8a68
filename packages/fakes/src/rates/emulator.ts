/**
 * One HTTP server that plays both exchange-rate services under their real paths, so an app configured with
 * NBU base URL = Frankfurter base URL = `emulator.url` talks to it as it would to bank.gov.ua and
 * api.frankfurter.dev.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, htmlAnswer, jsonAnswer, notFoundPage, proxyDownPage } from '../answer.ts';
import { type EmulatorServer, startServer } from '../http.ts';
import { type DailyRates, loadEcbRates, loadNbuRates } from './data.ts';
import { frankfurterAnswer, frankfurterNotFound, isFrankfurterPath } from './frankfurter.ts';
import { isNbuPath, nbuAnswer, nbuBlocksUserAgent, nbuBotBlockPage, nbuEmpty } from './nbu.ts';

export const RATES_PROVIDERS = ['nbu', 'frankfurter'] as const;
export type RatesProvider = (typeof RATES_PROVIDERS)[number];

export const RATES_MODES = ['normal', 'down', 'slow', 'garbage', 'empty'] as const;
/**
 * - `normal`: answers like the real service.
 * - `down`: 503 with a proxy's HTML error page.
 * - `slow`: the normal answer, after `slowMs`.
 * - `garbage`: 200 with a body that is not the expected JSON (NBU: an HTML bot-check page; Frankfurter: JSON cut off).
 * - `empty`: NBU `[]` (or an empty XML document); Frankfurter 404 `{"message":"not found"}`.
 */
export type RatesMode = (typeof RATES_MODES)[number];

export interface RatesEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** NBU table (UAH per 1 unit); default: the committed `data/nbu-rates.csv`. */
  nbu?: DailyRates;
  /** ECB table (units per 1 EUR) behind Frankfurter; default: the committed `data/ecb-rates.csv`. */
  ecb?: DailyRates;
  /** Delay of `slow` mode, default 10 000 ms. */
  slowMs?: number;
  /** The emulator's clock: decides "today" and which days are published yet. Default: the real time. */
  now?: () => Date;
}

export interface RatesEmulator {
  /** `http://host:port`, no trailing slash: the base URL for both NBU and Frankfurter. */
  url: string;
  setMode(provider: RatesProvider, mode: RatesMode): void;
  /** Paths with query strings each provider received, oldest first (every mode included). */
  requests(provider: RatesProvider): string[];
  resetRequests(): void;
  /**
   * Holds every answer (of both providers, in any mode) from now on until the returned function is
   * called: lets a test act while a client is known to be waiting for an answer.
   */
  hold(): () => void;
  /** Stops at once: pending slow or held answers are dropped and open connections destroyed. */
  close(): Promise<void>;
}

export const DEFAULT_SLOW_MS = 10_000;

const BOT_CHECK_PAGE =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>' +
  '<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">' +
  '<h1>bank.gov.ua</h1><p>Verifying you are human. This may take a few seconds.</p></div></body></html>\n';

const CUT_OFF_JSON = '{"amount":1.0,"base":"EUR","date":"2026-01-05","rates":{"AUD":1.7438,"BRL":6.3';

function providerOf(pathname: string): RatesProvider | undefined {
  if (isNbuPath(pathname)) return 'nbu';
  if (isFrankfurterPath(pathname)) return 'frankfurter';
  return undefined;
}

export async function startRatesEmulator(options: RatesEmulatorOptions = {}): Promise<RatesEmulator> {
  const nbu = options.nbu ?? loadNbuRates();
  const ecb = options.ecb ?? loadEcbRates();
  const slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
  const now = options.now ?? (() => new Date());

  const modes: Record<RatesProvider, RatesMode> = { nbu: 'normal', frankfurter: 'normal' };
  const log: Record<RatesProvider, string[]> = { nbu: [], frankfurter: [] };
  /** Answers waiting for a hold to end; undefined while nothing is held. */
  let held: Array<() => void> | undefined;

  const normalAnswer = (provider: RatesProvider, url: URL): Answer =>
    provider === 'nbu' ? nbuAnswer(url, nbu, now()) : frankfurterAnswer(url, ecb, now());

  /** The answer of a provider in its current mode; `slow` answers normally, later. */
  function modeAnswer(provider: RatesProvider, url: URL): Answer {
    switch (modes[provider]) {
      case 'down':
        return proxyDownPage();
      case 'garbage':
        return provider === 'nbu' ? htmlAnswer(200, BOT_CHECK_PAGE) : jsonAnswer(200, CUT_OFF_JSON);
      case 'empty':
        return provider === 'nbu' ? nbuEmpty(url) : frankfurterNotFound();
      default:
        return normalAnswer(provider, url);
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const provider = providerOf(url.pathname);
    if (!provider) {
      server.send(res, notFoundPage());
      return;
    }
    log[provider].push(req.url ?? url.pathname);
    if (held) {
      held.push(() => answer(provider, req, res, url));
      return;
    }
    answer(provider, req, res, url);
  }

  function answer(provider: RatesProvider, req: IncomingMessage, res: ServerResponse, url: URL): void {
    // Cloudflare in front of bank.gov.ua refuses bots whatever the service behind it is doing.
    if (provider === 'nbu' && nbuBlocksUserAgent(req.headers['user-agent'])) {
      server.send(res, nbuBotBlockPage());
      return;
    }
    if (modes[provider] === 'slow') server.answerLater(res, slowMs, () => normalAnswer(provider, url));
    else server.send(res, modeAnswer(provider, url));
  }

  const server: EmulatorServer = await startServer(
    { host: options.host, port: options.port, headers: { 'access-control-allow-origin': '*' } },
    handle,
  );

  return {
    url: server.url,
    setMode(provider, mode) {
      if (!RATES_PROVIDERS.includes(provider)) throw new Error(`Unknown rates provider: ${provider}`);
      if (!RATES_MODES.includes(mode)) throw new Error(`Unknown rates emulator mode: ${mode}`);
      modes[provider] = mode;
    },
    requests(provider) {
      if (!RATES_PROVIDERS.includes(provider)) throw new Error(`Unknown rates provider: ${provider}`);
      return [...log[provider]];
    },
    resetRequests() {
      log.nbu = [];
      log.frankfurter = [];
    },
    hold() {
      held ??= [];
      return () => {
        const waiting = held ?? [];
        held = undefined;
        for (const release of waiting) release();
      };
    },
    close() {
      held = undefined;
      return server.close();
    },
  };
}
