import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
  PUBLIC_URL: z.url('must be an absolute URL such as https://money.example.com').optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
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
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().optional(),
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
  /** The address people (and Monobank's webhook) reach the app at, without a trailing slash. */
  publicUrl?: string;
  /** Built web app to serve; null serves the API alone (tests, `npm run dev`). */
  webDistDir: string | null;
  rateLimitPerMinute: number;
  /** Behind a reverse proxy, the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
  auth: AuthLimits;
  rates: RatesConfig;
  monobank: MonobankConfig;
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
}

export interface AuthLimits {
  tokenTtlMs: number;
  /** Failed logins allowed per username, and per address, within the window. */
  maxFailuresPerUsername: number;
  maxFailuresPerAddress: number;
  failureWindowMs: number;
  /** Sign-ups allowed per address within their window: each one costs an argon2 hash. */
  maxRegistrationsPerAddress: number;
  registrationWindowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  tokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  maxFailuresPerUsername: 5,
  maxFailuresPerAddress: 20,
  failureWindowMs: 15 * 60 * 1000,
  maxRegistrationsPerAddress: 10,
  registrationWindowMs: 60 * 60 * 1000,
};

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
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    auth: {
      ...DEFAULT_AUTH_LIMITS,
      maxRegistrationsPerAddress: e.REGISTRATIONS_PER_HOUR ?? DEFAULT_AUTH_LIMITS.maxRegistrationsPerAddress,
    },
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
    backgroundJobs: true,
    schedulerCheckMs: 60_000,
  };
}
