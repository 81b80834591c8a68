import type { Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../../test/app.ts';
import { addBankClient, type BankWorld, loadAndWait, pairUser, startBankWorld } from '../../../test/monobank.ts';
import { fixedClock } from '../../lib/clock.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;

let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld({ now: () => NOW }, {}, { clock: fixedClock(NOW) });
});
afterAll(() => world.close());

/**
 * A user with a Monobank card holding one purchase at "СІЛЬПО" (its note then rewritten by the
 * person), a manual account named "Кешбек сільпо", a category named "Сільпо" and notes of every kind.
 */
async function searchWorld() {
  const { t, bank } = world;
  const { token: bankToken } = addBankClient(bank, {
    accounts: [{ id: 'card', balance: 1_000_000 }],
    statements: { card: [{ id: 's1', time: NOW_S - 3_600, amount: -4_200, description: 'СІЛЬПО', mcc: 5411 }] },
  });
  const user = await pairUser(t, bankToken);
  const { token } = user;
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token, body });
  await loadAndWait(t, token, { from: (NOW_S - 86_400) * 1000 });
  const [bankRow] = (await call('GET', '/transactions')).body.response as Transaction[];
  await call('PUT', `/transactions/${bankRow!.id}`, { note: 'продукти' });

  const account = async (name: string) =>
    (await call('POST', '/accounts', { name, currencyId: ids.get('UAH') })).body.response.id as number;
  const wallet = await account('Гаманець');
  const cashback = await account('Кешбек сільпо');
  const categories = (await call('GET', '/categories')).body.response as Array<{ id: number; name: string }>;
  const other = categories.find((c) => c.name === 'Other')!.id;
  const silpo = (await call('POST', '/categories', { name: 'Сільпо' })).body.response.id as number;
  const record = async (note: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/transactions', {
      amount: 1_000,
      transactionType: 'expense',
      accountId: wallet,
      categoryId: other,
      note,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.response as Transaction[])[0]!.id;
  };
  const rows = {
    bank: bankRow!.id,
    note: await record('Сільпо, молоко'),
    category: await record('вечеря', { categoryId: silpo }),
    account: await record('бонуси', { accountId: cashback }),
    elsewhere: await record('АТБ'),
    percent: await record('100% бавовна'),
    hundred: await record('100 відсотків'),
    underscore: await record('file_name'),
    lookalike: await record('filexname'),
  };
  const found = async (query: string) =>
    ((await call('GET', `/transactions?limit=200&order=asc&${query}`)).body.response as Transaction[]).map(
      (tx) => tx.id,
    );
  return { token, rows, cashback, found, record, other, silpo };
}

describe('search on the transactions list and export', () => {
  it('finds a word whatever its case, in the note, the bank’s description, the category and the account name', async () => {
    const { rows, found, token } = await searchWorld();
    const silpo = [rows.bank, rows.note, rows.category, rows.account];
    expect(await found(`search=${encodeURIComponent('сІЛЬПО')}`)).toEqual(silpo);
    expect(await found(`search=${encodeURIComponent('сільпо')}`)).toEqual(silpo);
    expect(await found(`search=${encodeURIComponent('атб')}`)).toEqual([rows.elsewhere]);
    expect(await found(`search=${encodeURIComponent('FILE_NAME')}`)).toEqual([rows.underscore]);

    const csv = await world.t.app.inject({
      method: 'GET',
      url: `/api/v1/transactions/export?format=csv&search=${encodeURIComponent('СІЛЬПО')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    // A header line, then one line per row found.
    expect(csv.body.trim().split('\n')).toHaveLength(1 + silpo.length);
  });

  it('finds a split row by a part’s note or category', async () => {
    const { rows, found, record, other, silpo } = await searchWorld();
    const receipt = await record('чек', {
      categoryId: undefined,
      splits: [
        { categoryId: other, amount: 600, note: 'Побутова хімія' },
        { categoryId: silpo, amount: 400 },
      ],
    });
    expect(await found(`search=${encodeURIComponent('ХІМІЯ')}`)).toEqual([receipt]);
    expect(await found(`search=${encodeURIComponent('сільпо')}`)).toEqual([
      rows.bank,
      rows.note,
      rows.category,
      rows.account,
      receipt,
    ]);
    // Every word somewhere in the row: one in a part, one in the row's own note.
    expect(await found(`search=${encodeURIComponent('хімія чек')}`)).toEqual([receipt]);
  });

  it('reads % and _ as themselves', async () => {
    const { rows, found } = await searchWorld();
    expect(await found('search=%25')).toEqual([rows.percent]);
    expect(await found('search=_')).toEqual([rows.underscore]);
    expect(await found('search=e_n')).toEqual([rows.underscore]);
  });

  it('needs every word to match somewhere, and keeps the other filters', async () => {
    const { rows, found, cashback } = await searchWorld();
    expect(await found(`search=${encodeURIComponent('  сільпо   МОЛОКО ')}`)).toEqual([rows.note]);
    expect(await found(`search=${encodeURIComponent('сільпо бонуси')}`)).toEqual([rows.account]);
    expect(await found(`search=${encodeURIComponent('сільпо')}&accountIds=${cashback}`)).toEqual([rows.account]);
    expect(await found(`search=${encodeURIComponent('сільпо')}&amountGte=2000`)).toEqual([rows.bank]);
    expect(await found(`search=${encodeURIComponent('сільпо')}&transactionType=income`)).toEqual([]);
    // Only spaces are no search, as before; the note search stays.
    expect(await found('search=%20%20')).toHaveLength(9);
    expect(await found(`noteSearch=${encodeURIComponent('молоко')}`)).toEqual([rows.note]);
  });
});
