/**
 * Starts the local emulators for manual runs and the offline demo:
 *   node --import tsx packages/fakes/src/cli.ts [--port 4500] [--host 127.0.0.1] [--only rates,monobank,binance] [--mode nbu=slow]
 * Each emulator takes its own port, counting up from --port (--port 0: free ports). Runs until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { BINANCE_MODES, type BinanceMode, startBinanceEmulator } from './binance/emulator.ts';
import {
  DEFAULT_REQUEST_INTERVAL_MS,
  MONOBANK_MODES,
  type MonobankMode,
  startMonobankEmulator,
} from './monobank/emulator.ts';
import { RATES_MODES, type RatesMode, type RatesProvider, startRatesEmulator } from './rates/emulator.ts';

const DEFAULT_PORT = 4500;

interface RunningFake {
  /** Lines telling how to point the app at it. */
  describe: string[];
  close(): Promise<void>;
}

interface FakeSpec {
  name: string;
  summary: string;
  /** Providers whose behaviour `--mode provider=mode` can switch, with their modes. */
  modes: Record<string, readonly string[]>;
  start(options: StartOptions): Promise<RunningFake>;
}

interface StartOptions {
  host: string;
  port: number;
  modes: Map<string, string>;
  /** Monobank: the least time between two calls of a token to one endpoint. */
  requestIntervalMs: number;
}

/** Every emulator the CLI can start, in port order. */
const FAKES: readonly FakeSpec[] = [
  {
    name: 'rates',
    summary: 'exchange rates: NBU (bank.gov.ua) and Frankfurter v1 (api.frankfurter.dev)',
    modes: { nbu: RATES_MODES, frankfurter: RATES_MODES },
    async start({ host, port, modes }) {
      const emulator = await startRatesEmulator({ host, port });
      for (const [provider, mode] of modes) emulator.setMode(provider as RatesProvider, mode as RatesMode);
      return {
        describe: [
          `NBU base URL:         ${emulator.url}  (try ${emulator.url}/NBUStatService/v1/statdirectory/exchange?json)`,
          `Frankfurter base URL: ${emulator.url}  (try ${emulator.url}/v1/latest)`,
        ],
        close: () => emulator.close(),
      };
    },
  },
  {
    name: 'monobank',
    summary: 'Monobank personal API (api.monobank.ua) with a demo client',
    modes: { monobank: MONOBANK_MODES },
    async start({ host, port, modes, requestIntervalMs }) {
      const emulator = await startMonobankEmulator({ host, port, requestIntervalMs });
      const mode = modes.get('monobank');
      if (mode) emulator.setMode(mode as MonobankMode);
      return {
        describe: [
          `Monobank API URL:     ${emulator.url}  (try curl -H 'X-Token: ${emulator.demoToken}' ${emulator.url}/personal/client-info)`,
          `Monobank demo token:  ${emulator.demoToken}`,
          requestIntervalMs > 0
            ? `Calls per token:      one per ${requestIntervalMs / 1000} s per endpoint`
            : 'Calls per token:      no limit',
        ],
        close: () => emulator.close(),
      };
    },
  },
  {
    name: 'binance',
    summary: 'Binance spot and Simple Earn API (api.binance.com) with demo keys',
    modes: { binance: BINANCE_MODES },
    async start({ host, port, modes }) {
      const emulator = await startBinanceEmulator({ host, port });
      const mode = modes.get('binance');
      if (mode) emulator.setMode(mode as BinanceMode);
      return {
        describe: [
          `Binance API URL:      ${emulator.url}  (try ${emulator.url}/api/v3/ticker/price?symbol=BTCUSDT)`,
          `Binance demo API key: ${emulator.demoKeys.apiKey}  (read-only)`,
          `Binance demo secret:  ${emulator.demoKeys.secretKey}`,
          `Trading API key:      ${emulator.tradingKeys.apiKey}  (may trade)`,
          `Trading secret:       ${emulator.tradingKeys.secretKey}`,
        ],
        close: () => emulator.close(),
      };
    },
  },
];

const USAGE = `Usage: node --import tsx packages/fakes/src/cli.ts [options]
  --port <n>                first port; each emulator takes the next one (default ${DEFAULT_PORT}; 0 = free ports)
  --host <address>          address to listen on (default 127.0.0.1)
  --only <name,...>         start only these emulators (${FAKES.map((fake) => fake.name).join(', ')})
  --mode <provider=mode>    start a provider in a mode, repeatable (${FAKES.flatMap((fake) => Object.keys(fake.modes)).join(', ')})
  --request-interval <ms>   Monobank: least time between a token's calls to one endpoint (default ${DEFAULT_REQUEST_INTERVAL_MS})
  --help                    show this`;

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      only: { type: 'string' },
      mode: { type: 'string', multiple: true, default: [] },
      'request-interval': { type: 'string', default: String(DEFAULT_REQUEST_INTERVAL_MS) },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const firstPort = Number(values.port);
  if (!Number.isInteger(firstPort) || firstPort < 0 || firstPort > 65535) throw new Error(`Bad --port: ${values.port}`);
  const requestIntervalMs = Number(values['request-interval']);
  if (!Number.isInteger(requestIntervalMs) || requestIntervalMs < 0) {
    throw new Error(`Bad --request-interval: ${values['request-interval']}`);
  }

  const wanted = values.only?.split(',').map((name) => name.trim());
  const unknown = wanted?.filter((name) => !FAKES.some((fake) => fake.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown emulator: ${unknown.join(', ')}`);
  const chosen = FAKES.filter((fake) => !wanted || wanted.includes(fake.name));

  const modes = new Map<string, string>();
  for (const setting of values.mode) {
    const [provider = '', mode = ''] = setting.split('=');
    const owner = chosen.find((fake) => provider in fake.modes);
    if (!owner) throw new Error(`Unknown provider in --mode ${setting}`);
    if (!owner.modes[provider]?.includes(mode)) throw new Error(`Unknown mode in --mode ${setting}`);
    modes.set(provider, mode);
  }

  const running: RunningFake[] = [];
  const stop = async () => {
    await Promise.allSettled(running.map((fake) => fake.close()));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  for (const [index, fake] of chosen.entries()) {
    const port = firstPort === 0 ? 0 : firstPort + index;
    const ownModes = new Map([...modes].filter(([provider]) => provider in fake.modes));
    const started = await fake.start({ host: values.host, port, modes: ownModes, requestIntervalMs });
    running.push(started);
    console.log(`${fake.name} — ${fake.summary}`);
    for (const line of started.describe) console.log(`  ${line}`);
  }
  console.log('Emulators running. Press Ctrl+C to stop.');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
