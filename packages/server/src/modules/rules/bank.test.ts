/**
 * Rules on rows Monobank brings: a statement import and the webhook file them by the person's rules
 * ahead of a remembered merchant and the MCC; a rule applied later looks at the bank's text.
 */
import type { ClientSeed } from '@kopiyka/fakes';
import type { Tag, Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerProblems } from '../../../test/ledger.ts';
import {
  addBankClient,
  allTransactions,
  type BankWorld,
  loadAndWait,
  pairUser,
  startBankWorld,
} from '../../../test/monobank.ts';
import { createRule } from '../../../test/rules.ts';
import { fixedClock } from '../../lib/clock.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const DAY = 86_400;
const API = '/api/v1';

let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld(
    { now: () => NOW, webhookRetryDelaysMs: [50, 100], webhookTimeoutMs: 3_000 },
    {},
    { listen: true, clock: fixedClock(NOW) },
  );
});
afterAll(() => world.close());

/** A paired user with a card whose statement holds `items`; their categories by name and a tag maker. */
async function bankUser(items: ClientSeed['statements'] = {}) {
  const { t, bank } = world;
  const { token: bankToken } = addBankClient(bank, {
    accounts: [{ id: 'card', balance: 1_000_000 }],
    statements: items,
  });
  const user = await pairUser(t, bankToken);
  const { token } = user;
  const categories = (await t.call('GET', `${API}/categories`, { token })).body.response as Array<{
    id: number;
    name: string;
  }>;
  const category = (name: string) => categories.find((c) => c.name === name)!.id;
  const tag = async (name: string) =>
    (await t.call('POST', `${API}/tags`, { token, body: { name } })).body.response as Tag;
  const rows = async () => (await allTransactions(t, token)) as unknown as Transaction[];
  /** Remembers the category of the row for its merchant, as the person does from a bank row. */
  const remember = async (id: number, categoryId: number) => {
    expect((await t.call('PUT', `${API}/transactions/${id}`, { token, body: { categoryId } })).status).toBe(200);
    const saved = await t.call('POST', `${API}/banks/monobank/merchant-rules`, { token, body: { transactionId: id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  return { ...user, bankToken, accountId: user.pairing.accounts[0]!.id, category, tag, rows, remember };
}

describe('rules on Monobank rows', () => {
  it('file a statement import’s rows ahead of remembered merchants and MCC categories, first rule first', async () => {
    const { t } = world;
    const u = await bankUser({
      card: [
        { id: 'first', time: NOW_S - 10 * DAY, amount: -4_500, description: 'Aroma Kava', mcc: 5814 },
        { id: 'big', time: NOW_S - 3 * DAY, amount: -15_000, description: 'Aroma Kava', mcc: 5814 },
        { id: 'small', time: NOW_S - 3 * DAY + 60, amount: -5_000, description: 'Aroma Kava', mcc: 5814 },
        {
          id: 'silpo',
          time: NOW_S - 2 * DAY,
          amount: -48_990,
          description: 'СІЛЬПО',
          mcc: 5411,
          comment: 'для мами',
        },
        { id: 'atb', time: NOW_S - DAY, amount: -12_000, description: 'АТБ', mcc: 5411 },
        { id: 'galagan', time: NOW_S - 3_600, amount: -3_000, description: 'ҐАЛАҐАН', mcc: 5411 },
      ],
    });
    await loadAndWait(t, u.token, { from: (NOW_S - 11 * DAY) * 1000, to: (NOW_S - 9 * DAY) * 1000 });
    const [first] = await u.rows();
    await u.remember(first!.id, u.category('Bars, cafés'));
    const gift = await u.tag('Подарунок');
    await createRule(t, u.token, {
      name: 'Big coffee',
      conditions: [
        { field: 'description', op: 'equals', value: 'aroma kava' },
        { field: 'amount', op: 'gt', value: 10_000 },
      ],
      actions: [{ type: 'setCategory', categoryId: u.category('Restaurants, fast food') }],
    });
    await createRule(t, u.token, {
      name: 'Сільпо',
      conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }],
      actions: [
        { type: 'setCategory', categoryId: u.category('Gifts') },
        { type: 'addTags', tagIds: [gift.id] },
        { type: 'setNote', note: 'Сільпо, подарунок' },
      ],
    });
    await createRule(t, u.token, {
      name: 'Ґ',
      match: 'any',
      conditions: [
        { field: 'description', op: 'startsWith', value: 'ґалаґ' },
        { field: 'amount', op: 'equals', value: 1 },
      ],
      actions: [{ type: 'setCategory', categoryId: u.category('Taxes') }],
    });
    await loadAndWait(t, u.token, { from: (NOW_S - 11 * DAY) * 1000 });
    const byId = new Map((await u.rows()).map((tx) => [tx.externalId, tx]));
    // A rule before the remembered merchant; the merchant where no rule sets the category.
    expect(byId.get('big')).toMatchObject({ categoryId: u.category('Restaurants, fast food'), note: 'Aroma Kava' });
    expect(byId.get('small')).toMatchObject({ categoryId: u.category('Bars, cafés') });
    // A rule before the MCC; the bank's text and the person's comment compared whatever their case.
    expect(byId.get('silpo')).toMatchObject({
      categoryId: u.category('Gifts'),
      note: 'Сільпо, подарунок',
      tagIds: [gift.id],
    });
    expect(byId.get('galagan')).toMatchObject({ categoryId: u.category('Taxes') });
    expect(byId.get('atb')).toMatchObject({ categoryId: u.category('Groceries'), note: 'АТБ', tagIds: [] });
    expect(await ledgerProblems(t, u.id)).toEqual([]);
  });

  it('file a webhook row ahead of its remembered merchant; a row no rule matches keeps its merchant’s and MCC’s', async () => {
    const { t, bank } = world;
    const u = await bankUser();
    const arrived = async (count: number) => {
      await vi.waitFor(async () => expect(await u.rows()).toHaveLength(count), { timeout: 10_000 });
      return (await u.rows())[0]!;
    };
    bank.emitPurchase({ token: u.bankToken, amount: -12_000, description: 'Uklon', mcc: 4121, time: NOW_S - 400 });
    const first = await arrived(1);
    expect(first.categoryId).toBe(u.category('Taxi'));
    await u.remember(first.id, u.category('Long distance'));
    const work = await u.tag('Робота');
    await createRule(t, u.token, {
      name: 'Work trips',
      conditions: [
        { field: 'description', op: 'contains', value: 'UKLON' },
        { field: 'mcc', op: 'equals', value: 4121 },
        { field: 'transactionType', op: 'equals', value: 'expense' },
        { field: 'amount', op: 'lt', value: 50_000 },
      ],
      actions: [
        { type: 'setCategory', categoryId: u.category('Business trips') },
        { type: 'addTags', tagIds: [work.id] },
      ],
    });
    bank.emitPurchase({ token: u.bankToken, amount: -15_000, description: 'Uklon', mcc: 4121, time: NOW_S - 300 });
    expect(await arrived(2)).toMatchObject({ categoryId: u.category('Business trips'), tagIds: [work.id] });
    // Too dear for the rule: the remembered merchant's category.
    bank.emitPurchase({ token: u.bankToken, amount: -60_000, description: 'Uklon', mcc: 4121, time: NOW_S - 200 });
    expect(await arrived(3)).toMatchObject({ categoryId: u.category('Long distance'), tagIds: [] });
    bank.emitPurchase({ token: u.bankToken, amount: -7_000, description: 'Bolt', mcc: 4121, time: NOW_S - 100 });
    expect(await arrived(4)).toMatchObject({ categoryId: u.category('Taxi'), note: 'Bolt' });
    expect(await ledgerProblems(t, u.id)).toEqual([]);
  });

  it('applied later, look at the bank’s text, not the note the person or a rule wrote; manual rows stay as they are', async () => {
    const { t } = world;
    const u = await bankUser({
      card: [
        { id: 'silpo', time: NOW_S - 2 * DAY, amount: -48_990, description: 'Сільпо', mcc: 5411, comment: 'на дачу' },
        { id: 'atb', time: NOW_S - DAY, amount: -12_000, description: 'АТБ', mcc: 5411 },
      ],
    });
    await loadAndWait(t, u.token, { from: (NOW_S - 3 * DAY) * 1000 });
    const cash = await t.call('POST', `${API}/accounts`, {
      token: u.token,
      body: {
        name: 'Cash',
        currencyId: (await t.call('GET', `${API}/accounts/${u.accountId}`, { token: u.token })).body.response
          .currencyId,
      },
    });
    const manual = await t.call('POST', `${API}/transactions`, {
      token: u.token,
      body: {
        accountId: cash.body.response.id,
        transactionType: 'expense',
        amount: 1_000,
        categoryId: u.category('Groceries'),
        note: 'СІЛЬПО',
        time: new Date((NOW_S - DAY) * 1000).toISOString(),
      },
    });
    expect(manual.status).toBe(201);
    const byDescription = await createRule(t, u.token, {
      conditions: [{ field: 'description', op: 'equals', value: 'сільпо' }],
      actions: [{ type: 'setCategory', categoryId: u.category('Taxes') }],
    });
    const byNote = await createRule(t, u.token, {
      conditions: [{ field: 'note', op: 'equals', value: 'сільпо' }],
      actions: [{ type: 'setCategory', categoryId: u.category('Taxes') }],
    });
    const apply = async (id: number, body = {}) =>
      (await t.call('POST', `${API}/rules/${id}/apply`, { token: u.token, body })).body.response;
    // The bank row's note is «Сільпо — на дачу»: only its description equals «сільпо»; the manual row is not looked at.
    expect(await apply(byNote.id, { dryRun: true })).toEqual({ matched: 0, changed: 0, sample: [] });
    const before = await u.rows();
    const result = await apply(byDescription.id);
    expect(result).toMatchObject({
      matched: 1,
      changed: 1,
      sample: [{ externalId: 'silpo', note: 'Сільпо — на дачу' }],
    });
    const after = await u.rows();
    for (const tx of after) {
      const was = before.find((old) => old.id === tx.id)!;
      expect(tx).toEqual(tx.externalId === 'silpo' ? { ...was, categoryId: u.category('Taxes') } : was);
    }
    expect(await ledgerProblems(t, u.id)).toEqual([]);
  });
});
