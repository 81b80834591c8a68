import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './helpers.ts';

type Named = { id: number; name: string };

/**
 * Calls the API as `username`, to set up what a test is not about: accounts, transactions,
 * budgets. Answers are the envelope's `response`.
 */
export async function apiAs(request: APIRequestContext, username: string) {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { token } = (await login.json()).response as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1${path}`, { data, headers });
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()).response as T;
  };
  const currencies = await call<Array<{ id: number; code: string }>>('get', '/models/currencies');
  const categories = await call<Named[]>('get', '/categories');
  const categoryId = (name: string) => {
    const category = categories.find((item) => item.name === name);
    if (!category) throw new Error(`No category ${name}`);
    return category.id;
  };
  return {
    /** The user's settings as saved. */
    settings: () => call<{ locale: string; timeZone: string }>('get', '/user/settings'),
    /** The user's transactions, newest first (the list's first page). */
    transactions: () => call<Array<{ note: string; time: string }>>('get', '/transactions'),
    /** Saves settings (language, time zone) as the Settings page would. */
    saveSettings: (changes: { locale?: string; timeZone?: string }) => call('put', '/user/settings', changes),
    /** An account whose balance was `initialBalance` long ago: the history recorded after moves it. */
    createAccount: (name: string, code: string, initialBalance = 0) =>
      call<Named>('post', '/accounts', {
        name,
        currencyId: currencies.find((currency) => currency.code === code)?.id,
        initialBalance,
        openingAt: '2000-01-01T00:00:00.000Z',
      }),
    /**
     * A monthly expense of `amount` minor units in the category called `category` from `startDate`
     * (the user's local day); `confirm` makes each occurrence wait to be confirmed.
     */
    createRecurring: (
      name: string,
      accountId: number,
      category: string,
      amount: number,
      startDate: string,
      mode: 'auto' | 'confirm' = 'auto',
    ) =>
      call<{ id: number }>('post', '/recurring', {
        name,
        mode,
        template: { amount, transactionType: 'expense', accountId, categoryId: categoryId(category) },
        schedule: { frequency: 'month', startDate },
      }),
    /** A rule: the bank's description contains `text`, then the category called `category`. */
    createRule: (name: string, text: string, category: string) =>
      call<Named>('post', '/rules', {
        name,
        conditions: [{ field: 'description', op: 'contains', value: text }],
        actions: [{ type: 'setCategory', categoryId: categoryId(category) }],
      }),
    /** The user's rules, in their order. */
    rules: () =>
      call<Array<{ name: string; conditions: unknown[]; actions: Array<{ type: string; categoryId?: number }> }>>(
        'get',
        '/rules',
      ),
    categoryId,
    /** Connects Monobank with a personal token, as the Connect dialog does (live updates on where it can reach the app). */
    pairMonobank: (token: string) => call('post', '/banks/monobank/pair-user', { token }),
    /** An expense (or income) of `amount` minor units in the category called `category`, at `time` (now by default). */
    record: (accountId: number, category: string, amount: number, options: { income?: boolean; time?: Date } = {}) =>
      call('post', '/transactions', {
        accountId,
        amount,
        transactionType: options.income ? 'income' : 'expense',
        categoryId: categoryId(category),
        time: options.time?.toISOString(),
      }),
  };
}
