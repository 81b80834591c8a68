import type { Transaction } from '@kopiyka/shared';
import { type CallResult, ids, signUpWithBase, type TestApp } from './app.ts';

/**
 * A custom rate of an extra currency in the base currency: one rate for all time, or a first rate
 * and the rates that take over from a day on (`{ rate: 40, from: { '2026-06-01': 42 } }`).
 */
export type CustomRate = number | { rate: number; from?: Record<string, number> };

/** The opening moment of the accounts a world makes unless its spec gives one. */
export const LONG_AGO = '2000-01-01T00:00:00.000Z';

/** A manual account: its name (the currency code unless given), its currency, and any other body fields. */
export type AccountSpec = { name?: string; currency: string } & Record<string, unknown>;

export interface WorldSpec<Accounts extends readonly AccountSpec[]> {
  /** The base currency; UAH unless given. */
  base?: string;
  /** Extra currencies by code, each with its custom rate in the base currency. */
  currencies?: Record<string, CustomRate>;
  /** Accounts to create, in this order. */
  accounts?: Accounts;
}

export interface World<Accounts extends readonly AccountSpec[]> {
  token: string;
  id: number;
  username: string;
  /** The ids of the accounts, in the order of the spec. */
  accounts: { -readonly [K in keyof Accounts]: number };
  /** The user's categories (the default tree). */
  categories: Array<{ id: number; name: string; type: string; parentId: number | null }>;
  /** The id of the user's category of that name. */
  category(name: string): number;
  /** Records a transaction (POST /transactions), failing unless it is created; answers its legs. */
  record(body: Record<string, unknown>): Promise<Transaction[]>;
}

/**
 * A signed-up user with a base currency, the extra currencies and custom rates of `spec`, and its
 * accounts: what most suites build before their own transactions.
 */
export async function buildWorld<const Accounts extends readonly AccountSpec[] = []>(
  t: TestApp,
  spec: WorldSpec<Accounts> = {},
): Promise<World<Accounts>> {
  const base = spec.base ?? 'UAH';
  const user = await signUpWithBase(t, base);
  const { token } = user;
  const responseOf = (what: string, res: CallResult, status = 200) => {
    if (res.status !== status) throw new Error(`${what} failed: ${JSON.stringify(res.body)}`);
    return res.body.response;
  };

  const currencies = Object.entries(spec.currencies ?? {});
  if (currencies.length > 0) {
    const body = { currencies: currencies.map(([code]) => ({ currencyId: ids.get(code) })) };
    responseOf('adding currencies', await t.call('POST', '/api/v1/user/currencies', { token, body }));
    const pairs = currencies.flatMap(([code, custom]) => {
      const { rate, from = {} } = typeof custom === 'number' ? { rate: custom } : custom;
      const pair = { baseCode: code, quoteCode: base };
      return [
        { ...pair, rate },
        ...Object.entries(from).map(([effectiveFrom, later]) => ({ ...pair, rate: later, effectiveFrom })),
      ];
    });
    responseOf('custom rates', await t.call('PUT', '/api/v1/user/currency/rates', { token, body: { pairs } }));
  }

  const accounts: number[] = [];
  for (const { name, currency, ...rest } of spec.accounts ?? []) {
    // The balance given was the account's long ago: the transactions a test records (dated in
    // the past, as history) come after it and move the current balance.
    const body = { name: name ?? currency, currencyId: ids.get(currency), openingAt: LONG_AGO, ...rest };
    const res = await t.call('POST', '/api/v1/accounts', { token, body });
    accounts.push(responseOf(`account ${body.name}`, res, 201).id);
  }

  const categories: World<Accounts>['categories'] = responseOf(
    'categories',
    await t.call('GET', '/api/v1/categories', { token }),
  );
  return {
    ...user,
    accounts: accounts as World<Accounts>['accounts'],
    categories,
    category(name) {
      const found = categories.find((c) => c.name === name);
      if (!found) throw new Error(`no category ${name}`);
      return found.id;
    },
    async record(body) {
      const res = await t.call('POST', '/api/v1/transactions', { token, body });
      return responseOf('recording a transaction', res, 201);
    },
  };
}
