import type { Rule } from '@kopiyka/shared';
import { RULE_OPS_BY_FIELD } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { failure, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeRule } from '../../test/rules.ts';
import { makeTransaction } from '../../test/transactions.ts';

const card = makeAccount({ id: 1, name: 'Card' });
const mono = makeAccount({ id: 4, name: 'Monobank Black', type: 'monobank' });

const silpo = makeRule({ id: 1, name: 'Сільпо' });
const taxi = makeRule({
  id: 2,
  name: 'Taxi',
  position: 1,
  match: 'any',
  conditions: [
    { field: 'description', op: 'contains', value: 'Uber' },
    { field: 'amount', op: 'gt', value: 100_000 },
  ],
  actions: [
    { type: 'setCategory', categoryId: 3 },
    { type: 'addTags', tagIds: [1] },
  ],
});
const salary = makeRule({
  id: 3,
  name: 'Salary',
  position: 2,
  enabled: false,
  conditions: [{ field: 'transactionType', op: 'equals', value: 'income' }],
  actions: [{ type: 'setNote', note: 'Pay' }],
});

function rulesServer(rules: Rule[] = [silpo, taxi, salary], handlers: Handlers = {}) {
  return signedInServer({
    'GET /rules': () => success(rules),
    'GET /accounts': () => success([card, mono]),
    'GET /tags': () => success([{ id: 1, name: 'Trip', color: '#3498db' }]),
    ...handlers,
  });
}

const listed = async () => {
  const list = within(await screen.findByRole('list', { name: 'Rules' }));
  return list.getAllByRole('listitem').map((item) => item.textContent ?? '');
};

/** The rules' names as listed, in order. */
const order = async () =>
  (await listed()).map((row) => ['Сільпо', 'Taxi', 'Salary'].find((name) => row.startsWith(name)));

describe('rules settings', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('lists the rules in their order, each with what it looks at and what it sets', async () => {
    rulesServer();
    renderApp('/settings/rules');
    const rows = await listed();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Сільпо');
    expect(rows[0]).toContain('Description is “Сільпо”');
    expect(rows[0]).toContain('Category: Groceries');
    expect(rows[1]).toContain('Description contains “Uber” or amount more than 1,000.00');
    expect(rows[1]).toContain('Category: Other · Tags: Trip');
    expect(rows[2]).toContain('Type is Income');
    expect(rows[2]).toContain('Note: “Pay”');
    expect(screen.getByRole('switch', { name: 'Rule “Salary” on' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('link', { name: 'Rules' }).getAttribute('aria-current')).toBe('page');
  });

  it('invites to make a first rule, and offers to try again when the rules cannot be loaded', async () => {
    let up = false;
    rulesServer([], { 'GET /rules': () => (up ? success([]) : failure(403, 'FORBIDDEN', 'No')) });
    renderApp('/settings/rules');
    expect(await screen.findByText('Rules could not be loaded')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New rule' }));
    expect(await screen.findByRole('dialog', { name: 'New rule' })).toBeTruthy();
  });

  it('moves a rule with the arrow keys on its handle, saying where it went, and saves the order', async () => {
    const { calls } = rulesServer(undefined, {
      'PUT /rules/order': ({ body }) => {
        const { ids } = body as { ids: number[] };
        const byId = new Map([silpo, taxi, salary].map((rule) => [rule.id, rule]));
        return success(ids.map((id, position) => ({ ...byId.get(id), position })));
      },
    });
    renderApp('/settings/rules');
    await listed();
    const handle = screen.getByRole('button', { name: 'Move “Сільпо”' });
    handle.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(async () => expect(await order()).toEqual(['Taxi', 'Сільпо', 'Salary']));
    expect(screen.getByText('“Сільпо” moved to place 2 of 3.')).toBeTruthy();
    // The handle keeps the focus, so the next press moves it on.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Сільпо”' }));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(calls('PUT', '/rules/order')).toHaveLength(2));
    expect(calls('PUT', '/rules/order').map((call) => call.body)).toEqual([{ ids: [2, 1, 3] }, { ids: [2, 3, 1] }]);
    expect(await order()).toEqual(['Taxi', 'Salary', 'Сільпо']);
    expect(screen.getByText('“Сільпо” moved to place 3 of 3.')).toBeTruthy();
  });

  it('puts the order back and says so when the server refuses it', async () => {
    rulesServer(undefined, {
      'PUT /rules/order': () =>
        failure(422, 'VALIDATION_ERROR', 'List every one of your rules exactly once', {
          details: [
            { path: 'ids', message: 'List every one of your rules exactly once', code: 'rules.orderIds', params: {} },
          ],
        }),
    });
    renderApp('/settings/rules');
    await listed();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for “Salary”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(toastMessages()).toContain('List every one of your rules exactly once'));
    expect(await order()).toEqual(['Сільпо', 'Taxi', 'Salary']);
    expect(screen.getByText('The order is back as it was.')).toBeTruthy();
  });

  it('switches a rule off, and deletes one after asking', async () => {
    const { calls } = rulesServer(undefined, {
      'PUT /rules/1': ({ body }) => success({ ...silpo, ...(body as object) }),
      'DELETE /rules/2': () => new Response(null, { status: 204 }),
    });
    renderApp('/settings/rules');
    await listed();
    await userEvent.click(screen.getByRole('switch', { name: 'Rule “Сільпо” on' }));
    await waitFor(() => expect(calls('PUT', '/rules/1').map((call) => call.body)).toEqual([{ enabled: false }]));
    expect(await screen.findByText('Rule “Сільпо” is off: it changes nothing until you turn it on.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for “Taxi”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Transactions it has changed already stay as they are.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText('Rule “Taxi” deleted')).toBeTruthy();
    expect(calls('DELETE', '/rules/2')).toHaveLength(1);
  });

  it('applies a rule to past transactions after a dry run says how many it matches', async () => {
    const bought = makeTransaction({
      id: 50,
      note: 'Сільпо',
      externalId: 'm-1',
      accountType: 'monobank',
      accountId: 4,
    });
    const { calls } = rulesServer(undefined, {
      'POST /rules/1/apply': ({ body }) =>
        success(
          (body as { dryRun?: boolean }).dryRun
            ? { matched: 3, changed: 0, sample: [bought] }
            : { matched: 3, changed: 2, sample: [bought] },
        ),
    });
    renderApp('/settings/rules');
    await listed();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for “Сільпо”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Apply to past transactions' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Apply “Сільпо” to past transactions?' }));
    expect(await dialog.findByText('It matches 3 transactions from the bank and files. The newest:')).toBeTruthy();
    expect(dialog.getByRole('list', { name: 'Transactions it matches' }).textContent).toContain('Monobank Black');
    await userEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Rule “Сільпо” applied: 2 transactions changed.')).toBeTruthy();
    expect(calls('POST', '/rules/1/apply').map((call) => call.body)).toEqual([{ dryRun: true }, {}]);
  });
});

describe('the rule editor', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  async function openNew() {
    await userEvent.click(await screen.findByRole('button', { name: 'New rule' }));
    return within(await screen.findByRole('dialog', { name: 'New rule' }));
  }
  type Editor = Awaited<ReturnType<typeof openNew>>;
  const options = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
  const condition = (editor: Editor, number: number) =>
    within(editor.getByRole('group', { name: `Condition ${number}` }));

  it('offers only the comparisons the field takes, and values as the field takes them', async () => {
    rulesServer([silpo]);
    renderApp('/settings/rules');
    const editor = await openNew();
    const first = condition(editor, 1);
    expect(options(first.getByLabelText('How to compare'))).toEqual(['contains', 'is', 'starts with', 'is one of']);
    expect(RULE_OPS_BY_FIELD.description).toHaveLength(4);

    await userEvent.selectOptions(first.getByLabelText('What to look at'), 'amount');
    expect(options(first.getByLabelText('How to compare'))).toEqual(['equals', 'more than', 'less than', 'is one of']);
    // "contains" does not compare amounts: the first comparison an amount takes.
    expect((first.getByLabelText('How to compare') as HTMLSelectElement).value).toBe('equals');

    await userEvent.selectOptions(first.getByLabelText('What to look at'), 'accountId');
    expect(options(first.getByLabelText('How to compare'))).toEqual(['is', 'is one of']);
    expect(options(first.getByLabelText('Value'))).toEqual(['Choose an account', 'Card', 'Monobank Black']);
    await userEvent.selectOptions(first.getByLabelText('How to compare'), 'in');
    expect(first.getAllByRole('button', { pressed: false }).map((button) => button.textContent)).toEqual([
      'Card',
      'Monobank Black',
    ]);

    await userEvent.selectOptions(first.getByLabelText('What to look at'), 'transactionType');
    expect(first.getAllByRole('button', { pressed: false }).map((button) => button.textContent)).toEqual([
      'Income',
      'Expense',
    ]);
    await userEvent.selectOptions(first.getByLabelText('What to look at'), 'mcc');
    expect(options(first.getByLabelText('How to compare'))).toEqual(['equals', 'more than', 'less than', 'is one of']);
  });

  it('says what is missing before sending anything', async () => {
    const { calls } = rulesServer([silpo]);
    renderApp('/settings/rules');
    const editor = await openNew();
    await userEvent.selectOptions(condition(editor, 1).getByLabelText('What to look at'), 'mcc');
    await userEvent.type(condition(editor, 1).getByLabelText('Value'), 'abc');
    await userEvent.click(editor.getByRole('button', { name: 'Create rule' }));
    expect(await editor.findByText('Name is required')).toBeTruthy();
    expect(editor.getByText('Must be an MCC: a whole number from 0 to 9999')).toBeTruthy();
    expect(editor.getByText('A rule needs at least one action')).toBeTruthy();
    expect(calls('POST', '/rules')).toEqual([]);
  });

  it('shows live which recent rows match as the conditions are typed, then creates the rule', async () => {
    const coffee = makeTransaction({
      id: 60,
      note: 'Aroma Kava',
      externalId: 'm-2',
      accountType: 'monobank',
      accountId: 4,
      categoryId: 3,
    });
    const { calls } = rulesServer([silpo], {
      'POST /rules/preview': () => success({ looked: 120, matched: 1, sample: [coffee] }),
      'POST /rules': ({ body }) => success(makeRule({ id: 9, ...(body as object) }), { status: 201 }),
      'POST /rules/9/apply': () => success({ matched: 1, changed: 0, sample: [coffee] }),
    });
    renderApp('/settings/rules');
    const editor = await openNew();
    // Nothing is asked while the condition has no value.
    expect(editor.getByText('Fill in the conditions to see which recent transactions they match.')).toBeTruthy();
    await userEvent.type(editor.getByLabelText('Name'), 'Coffee');
    await userEvent.type(condition(editor, 1).getByLabelText('Value'), 'kava');
    expect(
      await editor.findByText('1 match among the latest transactions from the bank and files (120 checked).'),
    ).toBeTruthy();
    expect(editor.getByRole('list', { name: 'Matching transactions' }).textContent).toContain('Aroma Kava');
    // Typing pauses before it asks: one request for the word, not one a letter.
    expect(calls('POST', '/rules/preview').map((call) => call.body)).toEqual([
      { match: 'all', conditions: [{ field: 'description', op: 'contains', value: 'kava' }] },
    ]);

    await userEvent.click(editor.getByLabelText('Category'));
    await userEvent.click(
      within(await screen.findByRole('listbox', { name: 'Categories' })).getByRole('option', { name: 'Groceries' }),
    );
    await userEvent.click(editor.getByRole('button', { name: 'Create rule' }));
    await waitFor(() =>
      expect(calls('POST', '/rules').map((call) => call.body)).toEqual([
        {
          name: 'Coffee',
          enabled: true,
          match: 'all',
          conditions: [{ field: 'description', op: 'contains', value: 'kava' }],
          actions: [{ type: 'setCategory', categoryId: 2 }],
        },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Apply to the 1 past transaction it matches' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads amounts in the language’s marks, one a line for a list, in minor units', async () => {
    await setLocale('uk');
    const { calls } = rulesServer([silpo], {
      'POST /rules/preview': () => success({ looked: 0, matched: 0, sample: [] }),
      'PUT /rules/1': ({ body }) => success({ ...silpo, ...(body as object) }),
    });
    renderApp('/settings/rules');
    await userEvent.click(await screen.findByRole('button', { name: 'Сільпо' }));
    const editor = within(await screen.findByRole('dialog', { name: 'Редагувати правило' }));
    await userEvent.click(editor.getByRole('button', { name: 'Додати умову' }));
    const second = within(editor.getByRole('group', { name: 'Умова 2' }));
    await userEvent.selectOptions(second.getByLabelText('Що перевіряти'), 'amount');
    await userEvent.selectOptions(second.getByLabelText('Як порівнювати'), 'in');
    await userEvent.type(second.getByLabelText('Значення'), '1500,50{Enter}99');
    await userEvent.click(editor.getByRole('radio', { name: 'Будь-яка' }));
    expect(await editor.findByText('Ще немає операцій із банку чи файлу, щоб його випробувати.')).toBeTruthy();
    await userEvent.click(editor.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(calls('PUT', '/rules/1').map((call) => call.body)).toEqual([
        {
          match: 'any',
          conditions: [
            { field: 'description', op: 'equals', value: 'Сільпо' },
            { field: 'amount', op: 'in', value: [150_050, 9_900] },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Правило «Сільпо» збережено.')).toBeTruthy();
  });
});
