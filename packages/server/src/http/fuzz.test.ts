import { type BinanceEmulator, startBinanceEmulator } from '@kopiyka/fakes';
import {
  API_PREFIX,
  type BinanceKeyErrorCode,
  type Endpoint,
  type ErrorCode,
  endpoints,
  errorStatus,
} from '@kopiyka/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { binanceAt, ids, signUpWithBase } from '../../test/app.ts';
import { type BankWorld, startBankWorld } from '../../test/monobank.ts';
import { sessions } from '../db/schema.ts';
import { newToken, tokenHash } from '../modules/auth/tokens.ts';

/*
 * Malformed input on every write route of the shared endpoint map (a new route is fuzzed without
 * touching this file): bodies, path params and query strings, built from a fixed seed so a run is
 * the same every time. Whatever arrives, the answer is never a 5xx and every error is in the
 * envelope with the status its code maps to. Bank routes talk to the Monobank emulator, so a
 * token-shaped string gets Monobank's refusal rather than an unreachable bank; Binance's likewise.
 */

const SEED = 15;
const RUNS_PER_ROUTE = 30;

const writeRoutes = Object.entries(endpoints).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, Endpoint>)
    .filter(([, endpoint]) => endpoint.method !== 'GET')
    .map(([name, endpoint]) => ({ group, name: `${group}.${name}`, endpoint })),
);

/** The field names a schema declares (an object's keys), so the fuzz hits real fields with wrong values. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Values that have broken parsers and databases before: ids in other spellings, control characters, halves of characters. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u009b',
  'a\nb',
  '0x10',
  '1e1',
  '+1',
  ' 1',
  '01',
  '1.0',
  '-1',
  '0',
  '2147483648',
  '9'.repeat(30),
  'null',
  '__proto__',
  'constructor',
  '%00',
  'x'.repeat(5000),
);
const nastyNumber = fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, 1e-308, -0);
const leaf = fc.oneof(
  nastyText,
  nastyNumber,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const jsonValue = fc.oneof(
  { weight: 3, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
);

/** A path segment or query value as text in a URL; a lone surrogate (which cannot be encoded) goes as its raw UTF-8 bytes. */
function urlText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}
const urlValue = fc.oneof(
  nastyText.map(urlText),
  fc.integer({ min: -3, max: 40 }).map(String),
  fc.string({ unit: 'binary', maxLength: 12 }).map(urlText),
  fc.constantFrom('%ZZ', '%E', '%ED%A0%80', '%C0%80', '%FF', 'a%2Fb', '..', '%2e%2e'),
);

interface Payload {
  contentType: string;
  text: string;
}
const rawPayload: fc.Arbitrary<Payload> = fc.oneof(
  fc.constantFrom(
    { contentType: 'application/json', text: '{' },
    { contentType: 'application/json', text: '' },
    { contentType: 'application/json', text: '\u0000' },
    { contentType: 'application/json', text: '{"__proto__":{"polluted":1}}' },
    { contentType: 'application/json', text: '{"constructor":{"prototype":{"polluted":1}}}' },
    { contentType: 'application/json', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { contentType: 'application/json', text: `"${'x'.repeat(1_100_000)}"` },
    { contentType: 'application/x-www-form-urlencoded', text: 'name=x&currencyId=1' },
    { contentType: 'text/plain', text: '{"name":"x"}' },
    { contentType: 'application/xml', text: '<name>x</name>' },
    { contentType: 'multipart/form-data; boundary=x', text: '--x--' },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({ contentType: 'application/json', text })),
);

function requestOf(endpoint: Endpoint) {
  const fields = [...fieldsOf(endpoint.body)];
  const body: fc.Arbitrary<Payload | null> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((field) => [field, jsonValue])), { requiredKeys: [] })
        .map((value) => ({ contentType: 'application/json', text: JSON.stringify(value) })),
    },
    {
      weight: 2,
      arbitrary: jsonValue.map((value) => ({ contentType: 'application/json', text: JSON.stringify(value) })),
    },
    { weight: 2, arbitrary: rawPayload },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const params = endpoint.path.match(/:\w+/g) ?? [];
  const queryNames = [...fieldsOf(endpoint.query), 'x', 'noteSearch', '%ZZ'];
  return fc.record({
    path: fc.tuple(...params.map(() => urlValue)).map((segments) => {
      let at = 0;
      return endpoint.path.replace(/:\w+/g, () => segments[at++] ?? '');
    }),
    query: fc.array(fc.tuple(fc.constantFrom(...queryNames), urlValue), { maxLength: 3 }),
    body,
  });
}

let world: BankWorld;
let binance: BinanceEmulator;
let userId: number;
beforeAll(async () => {
  binance = await startBinanceEmulator({ demo: false });
  world = await startBankWorld({}, { binance: binanceAt(binance.url) });
  ({ id: userId } = await signUpWithBase(world.t));
  // Something for the fuzz to hit when a small number happens to be a real id.
  const { t } = world;
  const token = await newSession();
  await t.call('POST', '/api/v1/accounts', { token, body: { name: 'Wallet', currencyId: ids.get('UAH') } });
  await t.call('POST', '/api/v1/budgets', { token, body: { name: 'Trip' } });
  await t.call('POST', '/api/v1/account-groups', { token, body: { name: 'Cash' } });
  await t.call('POST', '/api/v1/rules', {
    token,
    body: {
      name: 'Coffee',
      conditions: [{ field: 'description', op: 'contains', value: 'kava' }],
      actions: [{ type: 'setNote', note: 'Coffee' }],
    },
  });
});
afterAll(async () => {
  await world.close();
  await binance.close();
});

/** A new session of the user, without the cost of a login. */
async function newSession(): Promise<string> {
  const token = newToken();
  await world.t.app.db
    .insert(sessions)
    .values({ userId, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

// A thousand requests and more: on a loaded machine with PostgreSQL this outgrows the usual limit on a
// hung test (it asserts nothing about speed).
it('answers a thousand malformed requests on every write route without a 5xx, each error in the envelope', async () => {
  const statuses = new Map<number, number>();
  const problems: unknown[] = [];
  let sent = 0;
  let token = await newSession();
  for (const [index, { group, name, endpoint }] of writeRoutes.entries()) {
    const requests = fc.sample(requestOf(endpoint), { seed: SEED + index, numRuns: RUNS_PER_ROUTE });
    for (const { path, query, body } of requests) {
      const search = query.map(([key, value]) => `${key}=${value}`).join('&');
      const url = `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
      const response = await world.t.app.inject({
        method: endpoint.method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': body.contentType } : {}),
        },
        ...(body ? { payload: body.text } : {}),
      });
      sent += 1;
      // A logout (or any other success of the auth group) may have ended the session.
      if (group === 'auth' && response.statusCode < 300) token = await newSession();
      const status = response.statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const answer = response.body ? (JSON.parse(response.body) as { status?: string; response?: unknown }) : null;
      const error = answer?.response as { code?: ErrorCode | BinanceKeyErrorCode; statusText?: unknown } | undefined;
      const wellFormed =
        status < 400
          ? status === 204 || answer?.status === 'success'
          : answer?.status === 'error' &&
            typeof error?.statusText === 'string' &&
            error.code !== undefined &&
            errorStatus(error.code) === status;
      if (status >= 500 || !wellFormed) {
        problems.push({
          route: name,
          url,
          body: body?.text.slice(0, 200),
          status,
          answer: response.body.slice(0, 300),
        });
      }
    }
  }
  expect(problems).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(1000);
  expect(statuses.get(422)).toBeGreaterThan(sent / 2);
}, 120_000);

it('counts every route of the endpoint map against the request limit, however its path is spelled', async () => {
  const allRoutes = Object.values(endpoints).flatMap((group) => Object.values(group as Record<string, Endpoint>));
  const uncounted: string[] = [];
  for (const [index, endpoint] of allRoutes.entries()) {
    const path = `${API_PREFIX}${endpoint.path.replace(/:\w+/g, '1')}`;
    // Any letter of the path percent-encoded, in either case of hex: the router decodes it to the same route.
    const letters = [...path.matchAll(/[a-z]/gi)].map((match) => match.index);
    const [at, upper] = fc.sample(fc.tuple(fc.constantFrom(...letters), fc.boolean()), {
      seed: SEED + index,
      numRuns: 1,
    })[0]!;
    const escaped = `%${path.charCodeAt(at).toString(16)}`;
    const url = `${path.slice(0, at)}${upper ? escaped.toUpperCase() : escaped}${path.slice(at + 1)}`;
    const response = await world.t.app.inject({
      method: endpoint.method,
      url,
      // A fresh session each time: the fuzz may end one (sign-out) on the way.
      headers: { authorization: `Bearer ${await newSession()}` },
      // The headers are all this reads; an event stream would not end.
      payloadAsStream: true,
    });
    response.stream().destroy();
    if (response.headers['x-ratelimit-limit'] === undefined) uncounted.push(`${endpoint.method} ${url}`);
  }
  expect(uncounted).toEqual([]);
});
