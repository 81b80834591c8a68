import type { Category, ServerEvent, UserCurrency, ValidationIssue } from '@kopiyka/shared';
import { vi } from 'vitest';
import { categoriesQueryOptions } from '../api/categories.ts';
import { baseCurrencyQueryOptions } from '../api/currencies.ts';
import { queryClient } from '../api/query-client.ts';
import { setDisplayTimeZone } from '../lib/locale.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { clearOutbox } from '../stores/outbox.ts';
import { useSessionStore } from '../stores/session.ts';
import { closeSignOutQuestion } from '../stores/sign-out-question.ts';

/** A request as the fake server sees it. */
export type FakeRequest = { method: string; path: string; url: URL; headers: Headers; body: unknown };
type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function success(response: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify({ status: 'success', response }), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function failure(
  status: number,
  code: string | number,
  statusText: string,
  { details, ...init }: ResponseInit & { details?: ValidationIssue[] } = {},
): Response {
  return new Response(
    JSON.stringify({ status: 'error', response: { code, statusText, ...(details && { details }) } }),
    {
      status,
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    },
  );
}

/**
 * GET /events as the server answers it: a stream that stays open. `send` writes to it (whole
 * messages or any piece of one), `close` ends it as a dropped connection would.
 */
export function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** One server-sent event as the server writes it. */
export function sseMessage(event: ServerEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** What the server says of a user who has not paired Monobank. */
export const notPaired = () =>
  failure(404, 'MONOBANK_USER_NOT_PAIRED', 'Monobank is not connected. Connect it with your personal token first.');

/**
 * Replaces the global fetch (the network boundary) with a fake server answering from `handlers`,
 * keyed "METHOD /path" under /api/v1. Unknown calls answer 404 NOT_FOUND.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const handler = handlers[`${method} ${path}`];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!handler) return failure(404, 'NOT_FOUND', `No fake for ${method} ${path}`);
    return handler({ method, path, url, headers: new Headers(init.headers), body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Everything a signed-out visitor starts with. */
export function resetApp(): void {
  queryClient.clear();
  clearOutbox();
  closeSignOutQuestion();
  useNotificationsStore.getState().reset();
  setDisplayTimeZone(null);
  useSessionStore.setState({ token: null, user: null, isLoggedIn: false, initialised: false });
}

/** The categories as the app holds them now (in the query cache); none before they are loaded. */
export function cachedCategories(): Category[] {
  return queryClient.getQueryData(categoriesQueryOptions().queryKey) ?? [];
}

/** Puts `categories` in the query cache, as a load of them would. */
export function cacheCategories(categories: Category[]): void {
  queryClient.setQueryData(categoriesQueryOptions().queryKey, categories);
}

/** The base currency as the app holds it now (in the query cache). */
export function cachedBaseCurrency(): UserCurrency | null | undefined {
  return queryClient.getQueryData(baseCurrencyQueryOptions().queryKey);
}

export const sampleUser = { id: 7, username: 'olena', createdAt: '2025-01-15T10:00:00.000Z', monobankConnected: false };

export const sampleCurrencies = [
  { id: 1, code: 'UAH', name: 'Hryvnia', number: 980, digits: 2 },
  { id: 2, code: 'USD', name: 'US Dollar', number: 840, digits: 2 },
  { id: 3, code: 'EUR', name: 'Euro', number: 978, digits: 2 },
  { id: 4, code: 'GBP', name: 'Pound Sterling', number: 826, digits: 2 },
  { id: 5, code: 'PLN', name: 'Zloty', number: 985, digits: 2 },
  { id: 6, code: 'CHF', name: 'Swiss Franc', number: 756, digits: 2 },
  { id: 7, code: 'JPY', name: 'Yen', number: 392, digits: 0 },
];

export const sampleBaseCurrency = {
  id: 11,
  currencyId: 1,
  currency: sampleCurrencies[0],
  isBase: true,
  liveRateUpdate: true,
};

export const sampleCategories = [
  { id: 1, name: 'Food & Drinks', color: '#e74c3c', icon: null, type: 'custom', parentId: null },
  { id: 2, name: 'Groceries', color: '#e74c3c', icon: null, type: 'custom', parentId: 1 },
  { id: 3, name: 'Other', color: '#7f8c8d', icon: null, type: 'internal', parentId: null },
];
