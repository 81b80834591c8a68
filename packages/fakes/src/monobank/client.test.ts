import { describe, expect, it } from 'vitest';
import { ClientState, type ItemSeed } from './client.ts';

/** A client with one card of `balance` and its items. */
const withCard = (balance: number, items: ItemSeed[]) =>
  new ClientState({ token: 't', accounts: [{ id: 'card', balance }], statements: { card: items } });

const balances = (client: ClientState, account = 'card') =>
  client.statement(account, 0, Number.MAX_SAFE_INTEGER, 100).map((item) => [item.id, item.amount, item.balance]);

describe('ClientState', () => {
  it('fills in a seeded account, jar and items with the real defaults', () => {
    const client = new ClientState({
      token: 't',
      accounts: [{ currencyCode: 840 }],
      jars: [{}],
      statements: {},
    });
    const info = client.clientInfo();
    expect(info).toMatchObject({ name: expect.any(String), webHookUrl: '', permissions: 'psfj' });
    expect(info.clientId).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(info.accounts[0]).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
      balance: 0,
      creditLimit: 0,
      type: 'black',
      currencyCode: 840,
      cashbackType: 'None',
      maskedPan: [expect.stringMatching(/^537541\*{6}\d{4}$/)],
      iban: expect.stringMatching(/^UA\d{27}$/),
    });
    const iban = info.accounts[0]!.iban;
    expect(BigInt(`${iban.slice(4)}3010${iban.slice(2, 4)}`) % 97n).toBe(1n);
    expect(info.jars[0]).toMatchObject({
      balance: 0,
      goal: 0,
      currencyCode: 980,
      sendId: expect.stringMatching(/^jar/),
    });
  });

  it('computes seeded balances back from the account balance unless every item brings one', () => {
    const computed = withCard(1_000, [
      { id: 'b', time: 20, amount: -300 },
      { id: 'a', time: 10, amount: 500 },
    ]);
    expect(balances(computed)).toEqual([
      ['b', -300, 1_000],
      ['a', 500, 1_300],
    ]);
    const given = withCard(7, [{ id: 'a', time: 10, amount: 5, balance: 7 }]);
    expect(balances(given)).toEqual([['a', 5, 7]]);
  });

  it('slots a new item in at its time and moves every later balance', () => {
    const client = withCard(1_000, [
      { id: 'a', time: 10, amount: 500 },
      { id: 'c', time: 30, amount: -100 },
    ]);
    expect(client.add('card', { id: 'b', time: 20, amount: -50 })).toMatchObject({ balance: 1_050 });
    expect(client.add('card', { id: 'd', time: 30, amount: 1 })).toMatchObject({ balance: 951 });
    expect(balances(client)).toEqual([
      ['d', 1, 951],
      ['c', -100, 950],
      ['b', -50, 1_050],
      ['a', 500, 1_100],
    ]);
    expect(client.clientInfo().accounts[0]?.balance).toBe(951);
    expect(() => client.add('card', { id: 'a', time: 40, amount: 1 })).toThrow(/Duplicate/);
    expect(() => client.add('nope', { time: 40, amount: 1 })).toThrow(/Unknown/);
  });

  it('answers `0` as the first account, and nothing for ids of no account or jar of its own', () => {
    const client = new ClientState({ token: 't', accounts: [{ id: 'x' }, { id: 'y' }], jars: [{ id: 'j' }] });
    expect(client.resolve('0')).toBe('x');
    expect(client.resolve('j')).toBe('j');
    expect(client.resolve('z')).toBeUndefined();
    expect(new ClientState({ token: 't' }).resolve('0')).toBeUndefined();
  });

  it('refuses a seed with two holders of one id, or a statement of no holder', () => {
    expect(() => new ClientState({ token: 't', accounts: [{ id: 'x' }], jars: [{ id: 'x' }] })).toThrow(/Duplicate/);
    expect(() => new ClientState({ token: 't', statements: { x: [] } })).toThrow(/unknown/);
  });
});
