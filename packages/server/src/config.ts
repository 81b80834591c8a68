import { isIP } from 'node:net';
import path from 'node:path';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_PENDING_UPLOADS,
  IMPORT_MAX_ROWS,
  REGISTRATION_MODES,
  type RegistrationMode,
} from '@kopiyka/shared';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;

/** How long a person's Binance holdings as read are answered again (BINANCE_ACCOUNT_FRESH_MS). */
export const DEFAULT_BINANCE_ACCOUNT_FRESH_MS = 60_000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  APP_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a 256-bit key)')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://money.example.com').optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.string().default('false').transform(readTrustProxy),
  NBU_BASE_URL: z.url('must be an absolute URL').default('https://bank.gov.ua'),
  FRANKFURTER_BASE_URL: z.url('must be an absolute URL').default('https://api.frankfurter.dev'),
  RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  MONOBANK_API_URL: z.url('must be an absolute URL').default('https://api.monobank.ua'),
  MONOBANK_REQUEST_INTERVAL_MS: z.coerce
    .number('must be a number of milliseconds')
    .int('must be a whole number of milliseconds')
    .min(0, 'must not be negative')
    .max(3_600_000, 'must be at most an hour')
    .default(60_000),
  BINANCE_API_URL: z.url('must be an absolute URL').default('https://api.binance.com'),
  BINANCE_ACCOUNT_FRESH_MS: z.coerce
    .number('must be a number of milliseconds')
    .int('must be a whole number of milliseconds')
    .min(0, 'must not be negative')
    .max(3_600_000, 'must be at most an hour')
    .default(DEFAULT_BINANCE_ACCOUNT_FRESH_MS),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().optional(),
  REGISTRATIONS: z.enum(REGISTRATION_MODES).default('open'),
});

export type DatabaseConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** 32-byte key (hex) for credentials at rest; when absent, the embedded database's key file in dataDir. */
  secretKey?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Readable lines (`pretty`), one JSON object a line (`json`), or readable on a terminal only (`auto`). */
  logFormat: (typeof LOG_FORMATS)[number];
  /** The address people (and Monobank's webhook) reach the app at, without a trailing slash. */
  publicUrl?: string;
  /** Built web app to serve; null serves the API alone (tests, `npm run dev`). */
  webDistDir: string | null;
  rateLimitPerMinute: number;
  /**
   * Which hops of X-Forwarded-For to believe: none (false), the last `n` proxies in front of the
   * app, or the proxies at these addresses. The client address is the one the nearest untrusted
   * hop gave; what a client writes into the header itself is never taken.
   */
  trustProxy: TrustedProxies;
  auth: AuthLimits;
  imports: ImportLimits;
  rates: RatesConfig;
  monobank: MonobankConfig;
  binance: {
    apiUrl: string;
    /**
     * How long a person's holdings as read are answered again without asking Binance: every read
     * spends request weight that the server's address shares with every user.
     */
    accountFreshMs: number;
  };
  /** Periodic work (rates sync, bank sync, leftover jobs); most tests leave it off. */
  backgroundJobs: boolean;
  /** How often the periodic work looks for due tasks (a minute; tests that move a clock look more often). */
  schedulerCheckMs: number;
}

export interface RatesConfig {
  nbuBaseUrl: string;
  frankfurterBaseUrl: string;
  /** A provider slower than this counts as down for that request. */
  timeoutMs: number;
}

export interface MonobankConfig {
  apiUrl: string;
  /** The least time between two calls with one token to one Monobank endpoint, across all instances. */
  requestIntervalMs: number;
  /** The first wait after Monobank failed to answer (it doubles each time); tests shorten it. */
  retryAfterFailureMs: number;
  /** How many webhook events of one user may wait to be applied (1,000 when absent); tests lower it. */
  webhookEventsWaitingPerUser?: number;
}

export type TrustedProxies = false | number | string[];

/**
 * How password guesses in one bucket are slowed: `free` attempts go through at once, then each
 * waits twice as long as the one before, from `firstDelayMs` up to `maxDelayMs`. A bucket with no
 * attempt for `forgetAfterMs` starts again.
 */
export interface GuessRule {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export interface AuthLimits {
  tokenTtlMs: number;
  /** Guesses at one username (or a signed-in user's password) from one address. */
  perUsernameAndAddress: GuessRule;
  /**
   * Guesses at one username from addresses it has not signed in from lately (spread guessing);
   * the right password from an address it has signed in from is never held back by these.
   */
  perUsername: GuessRule;
  /** Guesses from one address at usernames that have not signed in from it lately (spraying). */
  perAddress: GuessRule;
  /** Sign-ups per address, each of which costs an argon2 hash: `free` an hour, then one an hour. */
  registrationsPerAddress: GuessRule;
  /**
   * Checks of one user's exchange keys (Binance): each spends request weight the server's address
   * shares with every user, so nobody may use it up for all by retrying keys.
   */
  keyChecksPerUser: GuessRule;
  /** `closed`: nobody signs up (a public instance of one household); the users there sign in as ever. */
  registrations: RegistrationMode;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  tokenTtlMs: 30 * 24 * HOUR,
  perUsernameAndAddress: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  perUsername: { free: 20, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  perAddress: { free: 50, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  registrationsPerAddress: { free: 10, firstDelayMs: HOUR, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  keyChecksPerUser: { free: 5, firstDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  registrations: 'open',
};

/** What an uploaded CSV file may hold; reading it stops at the first line past one (tests make them small). */
export interface ImportLimits {
  rows: number;
  columns: number;
  cellChars: number;
  /** Uploads one user may have waiting to be imported (IMPORT_MAX_PENDING_UPLOADS; tests lower it). */
  pendingUploads: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  rows: IMPORT_MAX_ROWS,
  columns: IMPORT_MAX_COLUMNS,
  cellChars: IMPORT_MAX_CELL_CHARS,
  pendingUploads: IMPORT_MAX_PENDING_UPLOADS,
};

/** Proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`, a hop count, or a comma-separated list of proxy addresses or ranges.
 * `true` is refused: it would take the left-most address of X-Forwarded-For, which the client writes.
 */
function readTrustProxy(value: string, context: z.RefinementCtx): TrustedProxies {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops >= 1 && hops <= 10) return hops;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (trimmed !== 'true' && !/^\d+$/.test(trimmed) && entries.every(isAddressOrRange)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'must be false, the number of reverse proxies in front of the app (1 to 10), or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated); `true` would let any client choose its own address',
  });
  return z.NEVER;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment into a typed config, naming every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv, defaultWebDistDir: string | null): AppConfig {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  // Bank and exchange credentials are encrypted with this key. The embedded database keeps a
  // generated key file beside its data; a server database may have several instances, which
  // must share one key, so it is theirs to give.
  if (e.DATABASE_URL && !e.APP_SECRET_KEY) {
    throw new ConfigError([
      'APP_SECRET_KEY: required with DATABASE_URL (64 hexadecimal characters; e.g. `openssl rand -hex 32`), to encrypt bank and exchange credentials',
    ]);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    secretKey: e.APP_SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    auth: {
      ...DEFAULT_AUTH_LIMITS,
      registrationsPerAddress: {
        ...DEFAULT_AUTH_LIMITS.registrationsPerAddress,
        free: e.REGISTRATIONS_PER_HOUR ?? DEFAULT_AUTH_LIMITS.registrationsPerAddress.free,
      },
      registrations: e.REGISTRATIONS,
    },
    imports: DEFAULT_IMPORT_LIMITS,
    rates: {
      nbuBaseUrl: e.NBU_BASE_URL.replace(/\/+$/, ''),
      frankfurterBaseUrl: e.FRANKFURTER_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: e.RATES_TIMEOUT_MS,
    },
    monobank: {
      apiUrl: e.MONOBANK_API_URL.replace(/\/+$/, ''),
      requestIntervalMs: e.MONOBANK_REQUEST_INTERVAL_MS,
      retryAfterFailureMs: 30_000,
    },
    binance: { apiUrl: e.BINANCE_API_URL.replace(/\/+$/, ''), accountFreshMs: e.BINANCE_ACCOUNT_FRESH_MS },
    backgroundJobs: true,
    schedulerCheckMs: 60_000,
  };
}
