import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyKeySchema } from '@kopiyka/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { PeriodicTask } from '../jobs/scheduler.ts';
import type { Clock } from '../lib/clock.ts';
import { refusal, validationError } from '../lib/errors.ts';
import { claimKey, deleteExpiredKeys, releaseKey, renewKey, selectKey, storeAnswer } from './idempotency-queries.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes an Idempotency-Key (shared `takesIdempotencyKey`); set by endpoint-routes.ts. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs: its answer is kept, or the key given up, as it is sent. */
    idempotencyHold: Hold | null;
  }
}

/** The header as Node names it, and as a validation issue about it names it (the schema's path). */
const HEADER = 'idempotency-key';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * How long a running request holds its key unless it says it is still running (it does every
 * third of that): a process that died gives its keys up this long after.
 */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = LEASE_MS / 3;
/** A repeat sent while the first still runs asks again after 5, 10, 20 … ms, then every 250 ms. */
const FIRST_LOOK_MS = 5;
const LOOK_AT_LEAST_EVERY_MS = 250;
/** …and gives up with CONFLICT after waiting this long in all (a create takes milliseconds). */
const LONGEST_WAIT_MS = 60_000;

/**
 * The request headers of a route that takes the key, as its schema checks and documents them
 * (header names in lower case, as Node gives them).
 */
export const idempotencyHeaders = z.object({
  [HEADER]: idempotencyKeySchema.optional().meta({
    description:
      'Makes the request safe to send again. A repeat with the same key by the same user within 24 hours gets ' +
      'the first request’s status and body (with Idempotent-Replayed: true) and changes nothing, and one sent ' +
      'while the first still runs waits for it; the same key with another method, path, query or body answers ' +
      '422 VALIDATION_ERROR. Only successful answers are kept: after a refusal the key is free again.',
  }),
});

/** An answer as sent: its status and its body's exact text (null for a 204). */
export interface StoredAnswer {
  status: number;
  body: string | null;
}

/** A request's hold on its key while it runs. */
export interface Hold {
  /** Keeps the request's answer for repeats, and ends the hold. */
  keep(answer: StoredAnswer): Promise<void>;
  /** Gives the key up (the request was refused or failed), and ends the hold. */
  release(): Promise<void>;
}

export interface Idempotency {
  /**
   * Claims `key` of the user for a request sent with `fingerprint`; when another request with it
   * ran, answers its answer to replay. A request with the key still running is waited for. The key
   * sent with another request is a VALIDATION_ERROR.
   */
  begin(userId: number, key: string, fingerprint: string): Promise<{ hold: Hold } | { replay: StoredAnswer }>;
  /** Every hour, deletes the answers no longer replayed. */
  purgeTask(): PeriodicTask;
}

export function createIdempotency(
  db: Database,
  clock: Clock,
  log: FastifyBaseLogger,
  /** How long a repeat waits for the first to finish (tests shorten it). */
  longestWaitMs = LONGEST_WAIT_MS,
): Idempotency {
  const after = (ms: number) => new Date(clock.now().getTime() + ms);

  function hold(userId: number, key: string, token: string): Hold {
    let held = true;
    const renewal = setInterval(() => {
      renewKey(db, userId, key, token, after(LEASE_MS)).then(
        (still) => {
          if (!still && held) log.warn({ idempotencyKey: key }, 'a request lost its idempotency key while running');
        },
        (error: unknown) => log.warn({ err: error, idempotencyKey: key }, 'could not renew an idempotency key'),
      );
    }, RENEW_EVERY_MS);
    renewal.unref();
    const end = () => {
      const was = held;
      held = false;
      clearInterval(renewal);
      return was;
    };
    return {
      async keep(answer) {
        if (end() && !(await storeAnswer(db, userId, key, token, answer))) {
          log.warn({ idempotencyKey: key }, 'a request lost its idempotency key before its answer was kept');
        }
      },
      async release() {
        if (end()) await releaseKey(db, userId, key, token);
      },
    };
  }

  return {
    async begin(userId, key, fingerprint) {
      let waited = 0;
      let look = FIRST_LOOK_MS;
      for (;;) {
        const now = clock.now();
        const token = randomUUID();
        const claim = {
          userId,
          key,
          fingerprint,
          token,
          now,
          lockedUntil: new Date(now.getTime() + LEASE_MS),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
        };
        if (await claimKey(db, claim)) return { hold: hold(userId, key, token) };
        const other = await selectKey(db, userId, key);
        // Given up between the two statements: claim it again.
        if (!other) continue;
        if (other.fingerprint !== fingerprint) throw validationError(HEADER, 'idempotencyKey.reused');
        if (other.status !== null) return { replay: { status: other.status, body: other.body } };
        if (waited >= longestWaitMs) throw refusal('CONFLICT', HEADER, 'idempotencyKey.running');
        await sleep(look);
        waited += look;
        look = Math.min(look * 2, LOOK_AT_LEAST_EVERY_MS);
      }
    },
    purgeTask: () => ({
      name: 'idempotency-purge',
      everyMs: 60 * 60_000,
      run: () => deleteExpiredKeys(db, clock.now()),
    }),
  };
}

/**
 * What makes two requests with one key the same request: the method, the route, and the
 * parameters, query and body as their schemas read them (keys in any order, defaults filled in,
 * unknown keys dropped); a file body by its bytes. SHA-256, hex.
 */
export function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(
    canonicalJson([request.method, request.routeOptions.url ?? request.url, request.params, request.query]),
  );
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update('\0').update(body);
  else hash.update('\n').update(canonicalJson(body));
  return hash.digest('hex');
}

/** JSON with every object's keys sorted, so that the same value has one text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(String(value));
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const asJson = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof asJson === 'function') return canonicalJson(asJson.call(value));
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`);
  return `{${entries.join(',')}}`;
}

/**
 * Routes marked `idempotent` take the Idempotency-Key header (its format checked by the route's
 * header schema). A request with one claims the key before its handler runs, or is answered the
 * first request's answer without running; as its answer is sent, a success (2xx) is kept for 24
 * hours and anything else gives the key up (docs/decisions.md "Idempotency keys").
 */
export function registerIdempotency(app: FastifyInstance, idempotency: Idempotency) {
  app.decorateRequest('idempotencyHold', null);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers[HEADER];
    if (typeof key !== 'string') return;
    const begun = await idempotency.begin(request.userId, key, fingerprintOf(request));
    if ('hold' in begun) {
      request.idempotencyHold = begun.hold;
      return;
    }
    const { status, body } = begun.replay;
    request.log.debug({ idempotencyKey: key, status }, 'answer replayed');
    reply.code(status).header('idempotent-replayed', 'true');
    return body === null ? reply.send() : reply.type(JSON_TYPE).send(body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const hold = request.idempotencyHold;
    if (!hold) return payload;
    request.idempotencyHold = null;
    const status = reply.statusCode;
    const text = payload === undefined || payload === null || payload === '' ? null : payload;
    try {
      if (status >= 200 && status < 300 && (text === null || typeof text === 'string')) {
        await hold.keep({ status, body: text });
      } else {
        await hold.release();
      }
    } catch (error) {
      // The answer goes out all the same; the key frees itself when its lease runs out.
      request.log.error({ err: error, idempotencyKey: request.headers[HEADER] }, 'could not settle an idempotency key');
    }
    return payload;
  });
  // A request that ended without sending (never seen, but a key must not wait out its lease for it).
  app.addHook('onResponse', async (request) => {
    const hold = request.idempotencyHold;
    request.idempotencyHold = null;
    await hold?.release().catch((error: unknown) => request.log.error({ err: error }, 'could not give a key up'));
  });
}
