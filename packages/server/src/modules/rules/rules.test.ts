import {
  RULE_CONDITIONS_MAX,
  RULE_NAME_MAX,
  RULE_TEXT_MAX,
  RULE_VALUES_MAX,
  RULES_MAX,
  type Rule,
  type Tag,
} from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createRule, issuesOf, listRules } from '../../../test/rules.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const API = '/api/v1';

async function world() {
  const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }, { name: 'Cash', currency: 'UAH' }] });
  const [card, cash] = w.accounts;
  const tag = async (name: string) => {
    const res = await t.call('POST', `${API}/tags`, { token: w.token, body: { name } });
    expect(res.status).toBe(201);
    return res.body.response as Tag;
  };
  const rules = () => listRules(t, w.token);
  const create = (body: Record<string, unknown>) => createRule(t, w.token, body);
  return { ...w, card: card!, cash: cash!, tag, rules, create };
}

/** A rule that files «Сільпо» under Groceries. */
const silpo = (categoryId: number, fields: Record<string, unknown> = {}) => ({
  name: 'Сільпо',
  conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }],
  actions: [{ type: 'setCategory', categoryId }],
  ...fields,
});

describe('rules', () => {
  it('are created after the others, enabled and "all" unless said, listed in order, changed and deleted', async () => {
    const w = await world();
    const groceries = w.category('Groceries');
    const trip = await w.tag('Поїздка');
    const first = await w.create(silpo(groceries));
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Сільпо',
      enabled: true,
      position: 0,
      match: 'all',
      conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }],
      actions: [{ type: 'setCategory', categoryId: groceries }],
    });
    const second = await w.create({
      name: '  Big stock-up ',
      enabled: false,
      match: 'any',
      conditions: [
        { field: 'amount', op: 'gt', value: 100_000 },
        { field: 'mcc', op: 'in', value: [5411, 5499] },
        { field: 'accountId', op: 'in', value: [w.card, w.cash] },
        { field: 'transactionType', op: 'equals', value: 'expense' },
        { field: 'note', op: 'startsWith', value: ' АТБ ' },
      ],
      actions: [
        { type: 'addTags', tagIds: [trip.id] },
        { type: 'setNote', note: 'Stock-up' },
      ],
    });
    expect(second).toMatchObject({ name: 'Big stock-up', enabled: false, position: 1, match: 'any' });
    // Text values are kept trimmed, as they are compared.
    expect(second.conditions[4]).toEqual({ field: 'note', op: 'startsWith', value: 'АТБ' });
    expect(await w.rules()).toEqual([first, second]);

    const changed = await t.call('PUT', `${API}/rules/${first.id}`, {
      token: w.token,
      body: { name: 'Сільпо і АТБ', enabled: false, match: 'any' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.response).toEqual({ ...first, name: 'Сільпо і АТБ', enabled: false, match: 'any' });
    const actions = [{ type: 'setNote', note: 'Продукти' }];
    const replaced = await t.call('PUT', `${API}/rules/${first.id}`, { token: w.token, body: { actions } });
    expect(replaced.body.response.actions).toEqual(actions);
    // An empty change changes nothing.
    const same = await t.call('PUT', `${API}/rules/${first.id}`, { token: w.token, body: {} });
    expect(same.body.response).toEqual(replaced.body.response);

    expect((await t.call('DELETE', `${API}/rules/${first.id}`, { token: w.token })).status).toBe(204);
    // The others close up: positions stay 0, 1, … in the order they run.
    expect(await w.rules()).toEqual([{ ...second, position: 0 }]);
    expect((await t.call('DELETE', `${API}/rules/${first.id}`, { token: w.token })).status).toBe(404);
  });

  it('take the order PUT /rules/order gives, listing every one of the caller’s rules once', async () => {
    const w = await world();
    const [a, b, c] = [
      await w.create(silpo(w.category('Groceries'), { name: 'a' })),
      await w.create(silpo(w.category('Taxi'), { name: 'b' })),
      await w.create(silpo(w.category('Other'), { name: 'c' })),
    ];
    const ordered = await t.call('PUT', `${API}/rules/order`, { token: w.token, body: { ids: [c!.id, a!.id, b!.id] } });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect(ordered.body.response.map((rule: Rule) => [rule.name, rule.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(await w.rules()).toEqual(ordered.body.response);

    const other = await world();
    const foreign = await other.create(silpo(other.category('Groceries')));
    for (const ids of [
      [c!.id, a!.id],
      [c!.id, a!.id, b!.id, b!.id],
      [c!.id, a!.id, a!.id],
      [c!.id, a!.id, foreign.id],
      [c!.id, a!.id, b!.id, foreign.id],
      [],
    ]) {
      const res = await t.call('PUT', `${API}/rules/order`, { token: w.token, body: { ids } });
      expect(res.status, JSON.stringify(ids)).toBe(422);
      expect(issuesOf(res.body)).toEqual({ ids: 'rules.orderIds' });
    }
    expect(await w.rules()).toEqual(ordered.body.response);
    expect(await other.rules()).toEqual([foreign]);
    // Without rules, the empty list is every one of them.
    const none = await world();
    expect((await t.call('PUT', `${API}/rules/order`, { token: none.token, body: { ids: [] } })).body.response).toEqual(
      [],
    );
  });

  it('refuse bad input with 422 naming the place, and store nothing', async () => {
    const w = await world();
    const groceries = w.category('Groceries');
    const ok = silpo(groceries);
    const refused = async (body: unknown, expected: Record<string, string>) => {
      const res = await t.call('POST', `${API}/rules`, { token: w.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(res.body)).toMatchObject(expected);
    };
    await refused(
      { ...ok, conditions: [{ field: 'merchant', op: 'contains', value: 'x' }] },
      {
        'conditions.0.field': 'rule.field',
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'description', op: 'like', value: 'x' }] },
      {
        'conditions.0.op': 'rule.op',
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'description', op: 'gt', value: 'x' }] },
      {
        'conditions.0.op': 'rule.opForField',
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'amount', op: 'gt', value: 'thousand' }] },
      {
        'conditions.0.value': expect.any(String),
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'amount', op: 'gt', value: '1000' }] },
      {
        'conditions.0.value': expect.any(String),
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'mcc', op: 'equals', value: 10_000 }] },
      {
        'conditions.0.value': 'rule.valueMcc',
      },
    );
    await refused({ ...ok, conditions: [] }, { conditions: 'rule.conditionsRequired' });
    await refused({ ...ok, conditions: undefined }, { conditions: 'rule.conditionsRequired' });
    await refused({ ...ok, actions: [] }, { actions: 'rule.actionsRequired' });
    await refused({ ...ok, actions: [{ type: 'setTag', tagId: 1 }] }, { 'actions.0.type': 'rule.actionType' });
    await refused({ ...ok, actions: [{ type: 'addTags', tagIds: [] }] }, { 'actions.0.tagIds': 'rule.tagIdsEmpty' });
    await refused(
      {
        ...ok,
        actions: [
          { type: 'setCategory', categoryId: groceries },
          { type: 'setCategory', categoryId: groceries },
        ],
      },
      { 'actions.1.type': 'rule.actionRepeated' },
    );
    await refused({ ...ok, name: 'x'.repeat(RULE_NAME_MAX + 1) }, { name: 'name.tooLong' });
    await refused({ ...ok, name: '  ' }, { name: 'name.required' });
    await refused({ ...ok, match: 'most' }, { match: 'rule.match' });
    await refused(
      {
        ...ok,
        conditions: [
          { field: 'description', op: 'in', value: Array.from({ length: RULE_VALUES_MAX + 1 }, (_, i) => `v${i}`) },
        ],
      },
      { 'conditions.0.value': 'rule.valueList' },
    );
    await refused(
      { ...ok, conditions: Array.from({ length: RULE_CONDITIONS_MAX + 1 }, () => ok.conditions[0]) },
      { conditions: 'rule.conditionsTooMany' },
    );
    await refused(
      { ...ok, conditions: [{ field: 'note', op: 'equals', value: 'x'.repeat(RULE_TEXT_MAX + 1) }] },
      {
        'conditions.0.value': 'rule.valueText',
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'transactionType', op: 'in', value: ['expense', 'gift'] }] },
      {
        'conditions.0.value.1': 'rule.valueType',
      },
    );
    await refused(
      { ...ok, conditions: [{ field: 'description', op: 'contains', value: 'x', extra: 1 }] },
      {
        'conditions.0': 'input.unrecognizedKeys',
      },
    );
    expect(await w.rules()).toEqual([]);

    // A key the body does not have is passed over, as every body of the API passes it over; inside
    // a condition or an action, where a misspelt key would change what the rule does, it is refused.
    const rule = await w.create({ ...ok, surprise: true });
    expect(rule).not.toHaveProperty('surprise');

    // A change is refused the same way, and changes nothing.
    const bad = await t.call('PUT', `${API}/rules/${rule.id}`, {
      token: w.token,
      body: { name: 'New', conditions: [{ field: 'amount', op: 'lt', value: 'a lot' }] },
    });
    expect(bad.status).toBe(422);
    expect(issuesOf(bad.body)).toMatchObject({ 'conditions.0.value': expect.any(String) });
    expect(await w.rules()).toEqual([rule]);
    const badApply = await t.call('POST', `${API}/rules/${rule.id}/apply`, {
      token: w.token,
      body: { from: '2026-03-10', to: '2026-03-01' },
    });
    expect(badApply.status).toBe(422);
    expect(issuesOf(badApply.body)).toEqual({ from: 'range.order' });
  });

  it('cannot name another user’s category, tag or account: 422 naming the place, nothing stored', async () => {
    const w = await world();
    const other = await world();
    const theirTag = await other.tag('Їхня');
    const ownTag = await w.tag('Моя');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ actions: [{ type: 'setCategory', categoryId: other.category('Groceries') }] }, 'actions.0.categoryId'],
      [
        {
          actions: [
            { type: 'setNote', note: 'x' },
            { type: 'addTags', tagIds: [ownTag.id, theirTag.id] },
          ],
        },
        'actions.1.tagIds.1',
      ],
      [{ conditions: [{ field: 'accountId', op: 'equals', value: other.card }] }, 'conditions.0.value'],
      [
        {
          conditions: [
            { field: 'amount', op: 'gt', value: 1 },
            { field: 'accountId', op: 'in', value: [w.card, other.cash] },
          ],
        },
        'conditions.1.value.1',
      ],
      [{ actions: [{ type: 'setCategory', categoryId: 2_000_000_000 }] }, 'actions.0.categoryId'],
    ];
    for (const [fields, path] of cases) {
      const res = await t.call('POST', `${API}/rules`, {
        token: w.token,
        body: silpo(w.category('Groceries'), fields),
      });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details).toEqual([expect.objectContaining({ path, code: 'record.notFound' })]);
    }
    expect(await w.rules()).toEqual([]);
    const rule = await w.create(silpo(w.category('Groceries')));
    for (const [fields, path] of cases) {
      const res = await t.call('PUT', `${API}/rules/${rule.id}`, { token: w.token, body: fields });
      expect(res.status).toBe(422);
      expect(res.body.response.details[0].path).toBe(path);
    }
    expect(await w.rules()).toEqual([rule]);
  });

  it('of another user answer 404 on every route and change nothing', async () => {
    const w = await world();
    const other = await world();
    const theirs = await other.create(silpo(other.category('Groceries')));
    const before = await other.rules();
    const answers = await Promise.all([
      t.call('PUT', `${API}/rules/${theirs.id}`, { token: w.token, body: { name: 'Mine now', enabled: false } }),
      t.call('PUT', `${API}/rules/${theirs.id}`, {
        token: w.token,
        body: { actions: [{ type: 'setCategory', categoryId: w.category('Taxi') }] },
      }),
      t.call('DELETE', `${API}/rules/${theirs.id}`, { token: w.token }),
      t.call('POST', `${API}/rules/${theirs.id}/apply`, { token: w.token, body: {} }),
      t.call('POST', `${API}/rules/${theirs.id}/apply`, { token: w.token, body: { dryRun: true } }),
      t.call('POST', `${API}/rules/2000000000/apply`, { token: w.token, body: { dryRun: true } }),
      t.call('PUT', `${API}/rules/2000000000`, { token: w.token, body: { name: 'x' } }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.response.code).toBe('NOT_FOUND');
    }
    expect(await other.rules()).toEqual(before);
    expect(await w.rules()).toEqual([]);
  });

  it(`are at most ${RULES_MAX} a person: one more is refused with 422 rules.tooMany`, async () => {
    const w = await world();
    const body = silpo(w.category('Groceries'));
    // Made straight in the database: two hundred requests would only be slower.
    await t.handle.db.execute(sql`
      insert into rules (user_id, name, position, match, conditions, actions)
      select ${w.id}, 'r' || n, n - 1, 'all', ${JSON.stringify(body.conditions)}::jsonb, ${JSON.stringify(body.actions)}::jsonb
      from generate_series(1, ${RULES_MAX}) n`);
    const res = await t.call('POST', `${API}/rules`, { token: w.token, body });
    expect(res.status).toBe(422);
    expect(issuesOf(res.body)).toEqual({ body: 'rules.tooMany' });
    expect(await w.rules()).toHaveLength(RULES_MAX);
    // One gone, one fits again, at the end.
    const [first] = await w.rules();
    await t.call('DELETE', `${API}/rules/${first!.id}`, { token: w.token });
    expect((await w.create(body)).position).toBe(RULES_MAX - 1);
  });
});

describe('what a rule names, deleted', () => {
  it('a category moved elsewhere: its rules follow; deleted without a move: the action goes, and a rule left without one', async () => {
    const w = await world();
    const created = await t.call('POST', `${API}/categories`, { token: w.token, body: { name: 'Доставка' } });
    const delivery = created.body.response.id as number;
    const unused = (await t.call('POST', `${API}/categories`, { token: w.token, body: { name: 'Порожня' } })).body
      .response.id as number;
    const follows = await w.create({
      name: 'Nova Poshta',
      conditions: [{ field: 'description', op: 'contains', value: 'нова пошта' }],
      actions: [{ type: 'setCategory', categoryId: delivery }],
    });
    const keepsNote = await w.create({
      name: 'Note too',
      conditions: [{ field: 'description', op: 'contains', value: 'укрпошта' }],
      actions: [
        { type: 'setCategory', categoryId: unused },
        { type: 'setNote', note: 'Пошта' },
      ],
    });
    const onlyCategory = await w.create({
      name: 'Only the category',
      conditions: [{ field: 'description', op: 'contains', value: 'meest' }],
      actions: [{ type: 'setCategory', categoryId: unused }],
    });
    const last = await w.create(silpo(w.category('Groceries')));
    const moveTo = w.category('Other');
    expect((await t.call('DELETE', `${API}/categories/${delivery}?moveTo=${moveTo}`, { token: w.token })).status).toBe(
      204,
    );
    expect((await w.rules())[0]).toEqual({ ...follows, actions: [{ type: 'setCategory', categoryId: moveTo }] });
    expect((await t.call('DELETE', `${API}/categories/${unused}`, { token: w.token })).status).toBe(204);
    expect(await w.rules()).toEqual([
      { ...follows, actions: [{ type: 'setCategory', categoryId: moveTo }] },
      { ...keepsNote, actions: [{ type: 'setNote', note: 'Пошта' }] },
      { ...last, position: 2 },
    ]);
    expect(await w.rules()).not.toContainEqual(expect.objectContaining({ id: onlyCategory.id }));
  });

  it('a tag: rules stop adding it, an action left without tags goes, and a rule left without actions', async () => {
    const w = await world();
    const [a, b] = [await w.tag('A'), await w.tag('B')];
    const both = await w.create(
      silpo(w.category('Groceries'), { actions: [{ type: 'addTags', tagIds: [a.id, b.id] }] }),
    );
    const onlyA = await w.create(
      silpo(w.category('Groceries'), {
        name: 'only A',
        actions: [
          { type: 'addTags', tagIds: [a.id] },
          { type: 'setNote', note: 'n' },
        ],
      }),
    );
    const nothingElse = await w.create(
      silpo(w.category('Groceries'), { actions: [{ type: 'addTags', tagIds: [a.id] }] }),
    );
    expect((await t.call('DELETE', `${API}/tags/${a.id}`, { token: w.token })).status).toBe(204);
    expect(await w.rules()).toEqual([
      { ...both, actions: [{ type: 'addTags', tagIds: [b.id] }] },
      { ...onlyA, actions: [{ type: 'setNote', note: 'n' }] },
    ]);
    expect(await w.rules()).not.toContainEqual(expect.objectContaining({ id: nothingElse.id }));
  });

  it('an account: "in" stops listing it; a condition left naming none goes under "any", and the rule under "all"', async () => {
    const w = await world();
    const listed = await w.create(
      silpo(w.category('Groceries'), {
        name: 'listed',
        conditions: [{ field: 'accountId', op: 'in', value: [w.card, w.cash] }],
      }),
    );
    const any = await w.create(
      silpo(w.category('Groceries'), {
        name: 'any',
        match: 'any',
        conditions: [
          { field: 'accountId', op: 'equals', value: w.cash },
          { field: 'description', op: 'contains', value: 'атб' },
        ],
      }),
    );
    const anyOnly = await w.create(
      silpo(w.category('Groceries'), {
        name: 'any, only the account',
        match: 'any',
        conditions: [{ field: 'accountId', op: 'in', value: [w.cash] }],
      }),
    );
    const all = await w.create(
      silpo(w.category('Groceries'), {
        name: 'all',
        conditions: [
          { field: 'accountId', op: 'equals', value: w.cash },
          { field: 'description', op: 'contains', value: 'атб' },
        ],
      }),
    );
    const untouched = await w.create(silpo(w.category('Groceries'), { name: 'untouched' }));
    expect((await t.call('DELETE', `${API}/accounts/${w.cash}`, { token: w.token })).status).toBe(204);
    expect(await w.rules()).toEqual([
      { ...listed, conditions: [{ field: 'accountId', op: 'in', value: [w.card] }] },
      { ...any, conditions: [{ field: 'description', op: 'contains', value: 'атб' }] },
      { ...untouched, position: 2 },
    ]);
    for (const gone of [anyOnly, all])
      expect(await w.rules()).not.toContainEqual(expect.objectContaining({ id: gone.id }));
  });

  it('go with the user who deletes themself', async () => {
    const w = await world();
    await w.create(silpo(w.category('Groceries')));
    const res = await t.call('DELETE', `${API}/user`, {
      token: w.token,
      body: { password: 'correct horse battery' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const left = await t.handle.db.execute(sql`select count(*)::int as n from rules where user_id = ${w.id}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
