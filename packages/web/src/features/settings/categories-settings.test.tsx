import type { Category } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../api/query-client.ts';
import { budgetKeys } from '../../api/query-keys.ts';
import { cachedCategories, failure, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeCategory as category } from '../../test/categories.ts';

const categories: Category[] = [
  category(1, 'Food & Drinks', null, { color: '#e74c3c' }),
  category(2, 'Groceries', 1, { color: '#e74c3c' }),
  category(10, 'Vehicle'),
  category(11, 'Fuel', 10),
  category(12, 'Parking', 10),
  category(20, 'Other', null, { color: '#7f8c8d', type: 'internal' }),
];

function categoriesServer(handlers: Parameters<typeof signedInServer>[0] = {}, excludedCategoryIds: number[] = []) {
  let settings = { locale: 'en', stats: { excludedCategoryIds } };
  return signedInServer({
    'GET /categories': () => success(categories),
    'GET /user/settings': () => success(settings),
    'PUT /user/settings': ({ body }) => {
      settings = { ...settings, ...(body as typeof settings) };
      return success(settings);
    },
    ...handlers,
  });
}

async function openCategories() {
  renderApp('/settings/categories');
  return within(await screen.findByRole('list', { name: 'Categories' }));
}

/** The categories settings of a user whose saved language is Ukrainian. */
async function openCategoriesInUkrainian() {
  signedInServer({
    'GET /categories': () => success(categories),
    'GET /user/settings': () => success({ locale: 'uk', stats: { excludedCategoryIds: [] } }),
  });
  renderApp('/settings/categories');
  return within(await screen.findByRole('list', { name: 'Категорії' }));
}

const visibleNames = () =>
  within(screen.getByRole('list', { name: 'Categories' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.truncate')?.textContent);

describe('categories settings', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('expands a category to show its subcategories', async () => {
    categoriesServer();
    const list = await openCategories();
    expect(list.queryByText('Fuel')).toBeNull();
    await userEvent.click(list.getByRole('button', { name: 'Expand Vehicle' }));
    expect(list.getByText('Fuel')).toBeTruthy();
    expect(list.getByRole('button', { name: 'Collapse Vehicle' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('filters by name, keeping the parents of what matches', async () => {
    categoriesServer();
    await openCategories();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'park');
    expect(visibleNames()).toEqual(['Vehicle', 'Parking']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search categories' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'zzz');
    expect(screen.getByText('No category matches “zzz”.')).toBeTruthy();
  });

  it('speaks the saved Ukrainian, counting subcategories in its plural forms', async () => {
    const list = await openCategoriesInUkrainian();
    expect(list.getByText('2 підкатегорії')).toBeTruthy();
    expect(list.getByText('1 підкатегорія')).toBeTruthy();
    expect(list.getByRole('button', { name: 'Розгорнути Vehicle' })).toBeTruthy();
  });

  it('adds a subcategory in the colour of its parent', async () => {
    const { calls } = categoriesServer({
      'POST /categories': ({ body }) => success({ ...category(30, 'Snacks', 1), ...(body as object) }, { status: 201 }),
    });
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Actions for Food & Drinks' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add subcategory' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Name'), 'Snacks');
    await userEvent.click(dialog.getByRole('button', { name: 'Shopping cart' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add category' }));

    await waitFor(() =>
      expect(calls('POST', '/categories').map((call) => call.body)).toEqual([
        { name: 'Snacks', color: '#e74c3c', icon: 'shopping-cart', parentId: 1 },
      ]),
    );
    expect(cachedCategories().find((item) => item.id === 30)?.parentId).toBe(1);
    expect(toastMessages()).toContain('Category “Snacks” added.');
  });

  it('after a refusal, moves the contents elsewhere and deletes with moveTo', async () => {
    const { calls } = categoriesServer({
      'DELETE /categories/10': ({ url }) =>
        url.searchParams.get('moveTo') === '20'
          ? new Response(null, { status: 204 })
          : failure(409, 'CONFLICT', 'Vehicle has 2 subcategories and 12 transactions.'),
    });
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Actions for Vehicle' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete category' }));

    expect(await dialog.findByText('Vehicle has 2 subcategories and 12 transactions.')).toBeTruthy();
    const target = dialog.getByLabelText('Move its subcategories and transactions to…') as HTMLSelectElement;
    // Neither Vehicle nor its own subcategories can take its contents; the built-in Other is offered first.
    expect(
      within(target)
        .getAllByRole('option')
        .map((option) => option.textContent?.trim()),
    ).toEqual(['Food & Drinks', 'Groceries', 'Other']);
    expect(target.value).toBe('20');
    await userEvent.click(dialog.getByRole('button', { name: 'Move and delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE', '/categories/10').map((call) => call.url.search)).toEqual(['', '?moveTo=20']);
    const stored = cachedCategories();
    expect(stored.find((item) => item.id === 10)).toBeUndefined();
    expect(stored.filter((item) => item.parentId === 20).map((item) => item.name)).toEqual(['Fuel', 'Parking']);
    expect(toastMessages()).toContain('“Vehicle” deleted; what it held is now in “Other”.');
  });

  it('names the icons in Ukrainian', async () => {
    const list = await openCategoriesInUkrainian();
    await userEvent.click(list.getByRole('button', { name: 'Дії з Vehicle' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Змінити…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Змінити «Vehicle»' }));
    expect(dialog.getByRole('button', { name: 'Тварини' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Кава' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'paw print' })).toBeNull();
  });

  it("saves a custom category's new name, colour and icon", async () => {
    const { calls } = categoriesServer({
      'PUT /categories/10': ({ body }) => success({ ...category(10, 'Vehicle'), ...(body as object) }),
    });
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Actions for Vehicle' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit “Vehicle”' }));
    await userEvent.clear(dialog.getByLabelText('Name'));
    await userEvent.type(dialog.getByLabelText('Name'), 'Car');
    await userEvent.click(dialog.getByRole('button', { name: '#3498db' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Pets' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls('PUT', '/categories/10').map((call) => call.body)).toEqual([
        { name: 'Car', color: '#3498db', icon: 'paw-print' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cachedCategories().find((item) => item.id === 10)).toMatchObject({
      name: 'Car',
      color: '#3498db',
      icon: 'paw-print',
    });
    expect(list.getByText('Car')).toBeTruthy();
    expect(toastMessages()).toContain('Category “Car” saved.');
  });

  it('shows why a category with transactions cannot go, moves them first on request, and refreshes budgets', async () => {
    const refusal = '"Parking" has 3 transactions. Move them to another category first.';
    const { calls } = categoriesServer({
      'DELETE /categories/12': ({ url }) =>
        url.searchParams.get('moveTo') === '11'
          ? new Response(null, { status: 204 })
          : failure(409, 'CONFLICT', refusal),
    });
    // A budget naming the category loses it with the delete: what was loaded must not stay.
    queryClient.setQueryData(budgetKeys.list(), []);
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Expand Vehicle' }));
    await userEvent.click(list.getByRole('button', { name: 'Actions for Parking' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete category' }));

    expect(await dialog.findByText(refusal)).toBeTruthy();
    const target = dialog.getByLabelText('Move its subcategories and transactions to…');
    await userEvent.selectOptions(target, '11');
    expect(queryClient.getQueryState(budgetKeys.list())?.isInvalidated).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Move and delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE', '/categories/12').map((call) => call.url.search)).toEqual(['', '?moveTo=11']);
    expect(cachedCategories().some((item) => item.id === 12)).toBe(false);
    expect(queryClient.getQueryState(budgetKeys.list())?.isInvalidated).toBe(true);
    expect(toastMessages()).toContain('“Parking” deleted; what it held is now in “Fuel”.');
  });

  it('marks the built-in Other and does not offer to rename, move or delete it', async () => {
    categoriesServer();
    const list = await openCategories();
    expect(list.getByText(/cannot be renamed, moved or deleted/)).toBeTruthy();
    await userEvent.click(list.getByRole('button', { name: 'Actions for Other' }));
    for (const name of ['Move to…', 'Delete']) {
      expect((await screen.findByRole('menuitem', { name })).getAttribute('aria-disabled')).toBe('true');
    }
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit…' }));
    expect((within(await screen.findByRole('dialog')).getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
  });

  it('moves a category under another one', async () => {
    const { calls } = categoriesServer({
      'PUT /categories/2': ({ body }) => success({ ...category(2, 'Groceries', 10), ...(body as object) }),
    });
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Expand Food & Drinks' }));
    await userEvent.click(list.getByRole('button', { name: 'Actions for Groceries' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.selectOptions(dialog.getByLabelText('Put it under'), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(calls('PUT', '/categories/2').map((call) => call.body)).toEqual([{ parentId: 10 }]));
    expect(toastMessages()).toContain('“Groceries” moved under “Vehicle”.');
  });

  it('leaves a root category out of expense statistics', async () => {
    const { calls } = categoriesServer();
    await openCategories();
    const toggle = await screen.findByRole('switch', { name: 'Exclude Vehicle from expense statistics' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(calls('PUT', '/user/settings').map((call) => call.body)).toEqual([
        { stats: { excludedCategoryIds: [10] } },
      ]),
    );
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('leaves a subcategory out of expense statistics, and lets an excluded one count again', async () => {
    const { calls } = categoriesServer({}, [2]);
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Expand Food & Drinks' }));
    await userEvent.click(list.getByRole('button', { name: 'Expand Vehicle' }));
    const groceries = screen.getByRole('switch', { name: 'Exclude Groceries from expense statistics' });
    await waitFor(() => expect(groceries.getAttribute('aria-checked')).toBe('true'));
    await userEvent.click(groceries);
    await userEvent.click(screen.getByRole('switch', { name: 'Exclude Parking from expense statistics' }));
    await waitFor(() =>
      expect(calls('PUT', '/user/settings').map((call) => call.body)).toEqual([
        { stats: { excludedCategoryIds: [] } },
        { stats: { excludedCategoryIds: [12] } },
      ]),
    );
    expect(groceries.getAttribute('aria-checked')).toBe('false');
    expect(toastMessages()).toContain('“Groceries” counts in expense statistics again.');
    expect(toastMessages()).toContain('“Parking” is left out of expense statistics.');
  });

  it('shows the subcategories of an excluded category as left out with it', async () => {
    categoriesServer({}, [10]);
    const list = await openCategories();
    await userEvent.click(list.getByRole('button', { name: 'Expand Vehicle' }));
    const vehicle = screen.getByRole('switch', { name: 'Exclude Vehicle from expense statistics' });
    await waitFor(() => expect((vehicle as HTMLButtonElement).disabled).toBe(false));
    const fuel = screen.getByRole('switch', { name: 'Exclude Fuel from expense statistics' }) as HTMLButtonElement;
    expect(fuel.getAttribute('aria-checked')).toBe('true');
    expect(fuel.disabled).toBe(true);
    expect(fuel.title).toBe('Left out with “Vehicle”');
    await userEvent.click(vehicle);
    await waitFor(() => expect(fuel.getAttribute('aria-checked')).toBe('false'));
    expect(fuel.disabled).toBe(false);
  });
});
