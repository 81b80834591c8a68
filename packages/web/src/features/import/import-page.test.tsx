import { type CreateImportResponse, type Import, MONOBANK_STATEMENT_COLUMNS } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { eventStream, failure, resetApp, sseMessage, success } from '../../test/api.ts';
import { cleanUpApp, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';

const accounts = [makeAccount({ id: 1, name: 'Card' }), makeAccount({ id: 4, name: 'Cash' })];

/** What the server reads from a Monobank statement: its preset maps every column itself. */
const monobankFile: CreateImportResponse = {
  importId: 21,
  rowCount: 3,
  columns: [...MONOBANK_STATEMENT_COLUMNS],
  sample: [
    ['26.11.2026 09:30:00', 'Silpo', '5411', '-250,50', '-250,50', 'UAH', '—', '0,00', '0,00', '11749,50'],
    ['25.11.2026 18:05:00', 'Salary', '4829', '12000,00', '12000,00', 'UAH', '—', '0,00', '0,00', '12000,00'],
    ['24.11.2026 12:00:00', 'Refund', '5411', 'abc', 'abc', 'UAH', '—', '0,00', '0,00', '0,00'],
  ],
  detected: {
    preset: 'monobank',
    encoding: 'utf-8',
    delimiter: ';',
    dateFormat: 'dd.MM.yyyy HH:mm:ss',
    decimalSeparator: ',',
    mapping: { time: 0, note: 1, mcc: 2, amount: 3, balance: 9 },
  },
};

/** A spreadsheet of someone's own: debit and credit apart, a category column, nothing detected. */
const ledgerFile: CreateImportResponse = {
  importId: 22,
  rowCount: 3,
  columns: ['Date', 'Description', 'Debit', 'Credit', 'Category'],
  sample: [
    ['2026-11-20', 'Rent', '8000.00', '', 'Housing'],
    ['2026-11-21', 'Freelance', '', '1500.00', 'Food & Drinks / Groceries'],
    ['2026-11-22', 'Cut short', '12.00'],
  ],
  detected: {
    preset: null,
    encoding: 'windows-1251',
    delimiter: ',',
    dateFormat: 'yyyy-MM-dd',
    decimalSeparator: '.',
    mapping: { time: 0, note: 1 },
  },
};

function makeImport(overrides: Partial<Import> & Pick<Import, 'id'>): Import {
  return {
    accountId: 1,
    fileName: 'statement.csv',
    state: 'running',
    done: 0,
    total: 3,
    imported: 0,
    duplicates: 0,
    failed: [],
    failedCount: 0,
    error: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const csv = (name: string) => new File(['a;b\n1;2\n'], name, { type: 'text/csv' });

function openImport(path: string, handlers: Handlers) {
  const events = eventStream();
  const server = signedInServer({
    'GET /accounts': () => success(accounts),
    'GET /user/settings': () => success({ locale: 'en', timeZone: 'Europe/Kyiv', stats: { excludedCategoryIds: [] } }),
    'GET /imports': () => success([]),
    'GET /events': () => events.response,
    ...handlers,
  });
  return { ...server, ...renderApp(path), events };
}

/** Chooses the account's file and uploads it, as a person does on step 1. */
async function upload(name = 'statement.csv') {
  await userEvent.upload(await screen.findByLabelText('Choose a file'), csv(name));
  await userEvent.click(screen.getByRole('button', { name: 'Upload and continue' }));
}

const mappingSelect = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('/import', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('uploads the file to the account of the link and keeps the Monobank mapping, previewing rows as they will be read', async () => {
    const { fetchMock } = openImport('/import?accountId=4', {
      'POST /imports': () => success(monobankFile, { status: 201 }),
    });
    expect((await screen.findByLabelText('Account')) as HTMLSelectElement).toHaveProperty('value', '4');
    await upload('mono.csv');

    expect(await screen.findByText('Monobank statement')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const url = new URL(String(sent?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/imports');
    expect(Object.fromEntries(url.searchParams)).toEqual({ accountId: '4', fileName: 'mono.csv' });
    expect(sent?.[1]?.body).toBeInstanceOf(File);
    expect(new Headers(sent?.[1]?.headers).get('Content-Type')).toBe('text/csv');

    expect(mappingSelect('Date and time').value).toBe('0');
    expect(mappingSelect('Amount').value).toBe('3');
    expect(mappingSelect('Note').value).toBe('1');
    expect(mappingSelect('Date format').value).toBe('dd.MM.yyyy HH:mm:ss');
    expect(mappingSelect('Decimal separator').value).toBe(',');
    // The balance comes from the file: no question asked.
    expect(mappingSelect('Balance after the row').value).toBe('9');
    expect(screen.getByText(/The balance comes from the column “Залишок після операції”/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'What was the balance?' })).toBeNull();

    const preview = within(screen.getByRole('table'));
    const [, first, second, third] = preview.getAllByRole('row');
    expect(within(first!).getByText('26 Nov 2026, 09:30')).toBeTruthy();
    expect(within(first!).getByText('−UAH 250.50')).toBeTruthy();
    expect(within(first!).getByText('UAH 11,749.50')).toBeTruthy();
    // No category column: the import files the row by its merchant code.
    expect(within(first!).getByText('By MCC 5411')).toBeTruthy();
    expect(within(second!).getByText('+UAH 12,000.00')).toBeTruthy();
    // The amount that would fail says why, before anything is imported.
    expect(within(third!).getByText('“abc” is not an amount')).toBeTruthy();
    expect(screen.getByText('1 row can’t be read with these choices')).toBeTruthy();

    // A point as the decimal separator reads the comma as grouping: the preview follows the choice.
    await userEvent.selectOptions(mappingSelect('Decimal separator'), '.');
    expect(within(screen.getAllByRole('row')[1]!).getByText('−UAH 25,050.00')).toBeTruthy();
  });

  it('takes no file into a bank account: its link says why, and only own accounts are offered', async () => {
    const card = makeAccount({ id: 9, name: 'Monobank Black •4821', type: 'monobank' });
    openImport('/import?accountId=9', { 'GET /accounts': () => success([...accounts, card]) });
    expect(
      await screen.findByText(
        '“Monobank Black •4821” gets its transactions from Monobank, so a file cannot be imported into it; choose an account of your own',
      ),
    ).toBeTruthy();
    const picker = mappingSelect('Account');
    expect([...picker.options].map((option) => option.text)).toEqual([
      'Choose the account',
      'Card · UAH',
      'Cash · UAH',
    ]);
  });

  it('switches to debit and credit columns, checks the mapping rules before sending, and sends the choices for unknown categories', async () => {
    const { calls } = openImport('/import?accountId=1', {
      'POST /imports': () => success(ledgerFile, { status: 201 }),
      'GET /imports/22/categories': () =>
        success([
          { name: 'Housing', rows: 1, categoryId: null },
          { name: 'Travel', rows: 4, categoryId: null },
          { name: 'Food & Drinks / Groceries', rows: 1, categoryId: 2 },
        ]),
      'POST /imports/22/commit': () => success({ jobId: 5 }, { status: 202 }),
      'GET /imports/22': () => success(makeImport({ id: 22 })),
    });
    await upload('ledger.csv');
    expect(await screen.findByText('Not a known format')).toBeTruthy();
    expect(screen.getByText('Windows-1251')).toBeTruthy();

    // Nothing holds the amount yet: the shared rule says so on the page, and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose the amount column, or the debit or credit column')).toBeTruthy();
    expect(calls('POST', '/imports/22/commit')).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Debit and credit' }));
    await userEvent.selectOptions(mappingSelect('Debit (money out)'), 'Debit');
    await userEvent.selectOptions(mappingSelect('Credit (money in)'), 'Credit');
    await userEvent.selectOptions(mappingSelect('Category'), 'Category');
    // No balance column: the question is asked, answered in advance with the account's balance now.
    const question = within(screen.getByRole('group', { name: 'What was the balance?' }));
    expect(question.getByRole('radio', { name: 'Today', checked: true })).toBeTruthy();
    const balance = question.getByLabelText('Balance') as HTMLInputElement;
    expect(balance.value).toBe('0.00');
    await userEvent.click(question.getByRole('radio', { name: 'Before the first row' }));
    await userEvent.clear(balance);
    await userEvent.type(balance, '1500.50');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('−UAH 8,000.00')).toBeTruthy();
    expect(within(rows[2]!).getByText('+UAH 1,500.00')).toBeTruthy();
    expect(within(rows[3]!).getByText('The row has 3 cells; column 5 is missing')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('2 names without a category')).toBeTruthy();
    expect(screen.getByText('Food & Drinks › Groceries · 1 row')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Housing'), 'Create “Housing”');
    await userEvent.selectOptions(screen.getByLabelText('Travel'), 'Choose a category…');
    await userEvent.click(screen.getByLabelText('Category for “Travel”'));
    await userEvent.click(await screen.findByRole('option', { name: 'Food & Drinks' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(calls('POST', '/imports/22/commit')).toHaveLength(1));
    expect(calls('POST', '/imports/22/commit')[0]?.body).toEqual({
      mapping: { time: 0, note: 1, debit: 2, credit: 3, category: 4 },
      dateFormat: 'yyyy-MM-dd',
      decimalSeparator: '.',
      skipDuplicates: true,
      categories: [
        { name: 'Housing', create: true },
        { name: 'Travel', categoryId: 1 },
      ],
      balance: { point: 'beforeFirst', amount: 150_050 },
    });
  });

  it('follows the import to its summary with the bad rows, and undoes it after asking', async () => {
    let current = makeImport({ id: 21, done: 1 });
    const { events, calls, location } = openImport('/import?accountId=1', {
      'POST /imports': () => success(monobankFile, { status: 201 }),
      'POST /imports/21/commit': () => success({ jobId: 5 }, { status: 202 }),
      'GET /imports/21': () => success(current),
      'DELETE /imports/21': () => {
        current = { ...current, state: 'undone' };
        return new Response(null, { status: 204 });
      },
    });
    await upload();
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));

    await waitFor(() => expect(location()).toBe('/import?accountId=1&importId=21'));
    expect(await screen.findByText('1 of 3 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeTruthy();

    // Progress while it runs is taken from the event as it is, without asking for the import.
    const asked = calls('GET', '/imports/21').length;
    const { failed: _none, error: _noError, errorIssue: _noIssue, ...running } = makeImport({ id: 21, done: 2 });
    events.send(sseMessage({ type: 'import', import: running }));
    expect(await screen.findByText('2 of 3 rows')).toBeTruthy();
    expect(calls('GET', '/imports/21')).toHaveLength(asked);

    current = makeImport({
      id: 21,
      state: 'done',
      done: 3,
      imported: 2,
      duplicates: 0,
      failed: [{ row: 4, message: '“abc” is not an amount' }],
      failedCount: 1,
      finishedAt: '2026-11-26T08:01:00.000Z',
    });
    // The event says how far it got; the bad rows come with the import, asked for once it has finished.
    const { failed: _failed, error: _error, errorIssue: _errorIssue, ...progress } = current;
    events.send(sseMessage({ type: 'import', import: progress }));

    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeTruthy();
    expect(screen.getByText('2 imported · 0 duplicates skipped · 1 failed')).toBeTruthy();
    const failures = within(screen.getByRole('region', { name: '1 row could not be imported' }));
    expect(failures.getByRole('row', { name: '4 “abc” is not an amount' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See transactions' }).getAttribute('href')).toBe(
      '/transactions?accounts=1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/All 2 transactions it brought in are deleted/)).toBeTruthy();
    expect(calls('DELETE', '/imports/21')).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Undo import' }));

    expect(await screen.findByRole('heading', { name: 'Import undone' })).toBeTruthy();
    expect(calls('DELETE', '/imports/21')).toHaveLength(1);
    expect(toastMessages()).toContain('2 imported transactions removed');
  });

  it('says in Ukrainian why rows failed and why the import stopped, by their codes; a reason stored without one as it is', async () => {
    await setLocale('uk');
    const stopped =
      'The import stopped on an unexpected error. The rows imported before it stay until you undo the import.';
    const failed = makeImport({
      id: 21,
      state: 'failed',
      done: 3,
      imported: 1,
      failed: [
        { row: 2, message: 'The amount is 0', code: 'cell.amountZero', params: {} },
        {
          row: 3,
          message: 'No exchange rate for XTS → UAH on 2026-06-04',
          code: 'cell.noRate',
          params: { from: 'XTS', to: 'UAH', date: '2026-06-04' },
        },
        { row: 4, message: '“abc” is not an amount' },
      ],
      failedCount: 3,
      error: stopped,
      errorIssue: { code: 'import.stoppedUnexpectedly', params: {} },
    });
    openImport('/import?importId=21', {
      'GET /user/settings': () =>
        success({ locale: 'uk', timeZone: 'Europe/Kyiv', stats: { excludedCategoryIds: [] } }),
      'GET /imports/21': () => success(failed),
    });
    const failures = within(await screen.findByRole('region', { name: /3 рядки/ }));
    expect(failures.getByRole('row', { name: '2 Сума дорівнює 0' })).toBeTruthy();
    expect(failures.getByRole('row', { name: '3 Немає курсу XTS → UAH на 2026-06-04' })).toBeTruthy();
    expect(failures.getByRole('row', { name: '4 “abc” is not an amount' })).toBeTruthy();
    expect(
      screen.getByText(
        'Імпорт зупинився через неочікувану помилку. Імпортовані до неї рядки лишаються, доки ви не скасуєте імпорт.',
      ),
    ).toBeTruthy();
  });

  it('comes back to an import under way after a reload', async () => {
    openImport('/import?importId=21', { 'GET /imports/21': () => success(makeImport({ id: 21, done: 2 })) });
    expect(await screen.findByRole('heading', { name: 'Importing…' })).toBeTruthy();
    expect(screen.getByText('2 of 3 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('2');
  });

  it('refuses a file over the size limit before sending it, in the words of the server’s limit', async () => {
    const { calls } = openImport('/import?accountId=1', {
      'POST /imports': () => failure(413, 'BAD_REQUEST', 'The body is too large: at most 64 MB are taken.'),
    });
    const huge = csv('huge.csv');
    Object.defineProperty(huge, 'size', { value: 64 * 1024 * 1024 + 1 });
    await userEvent.upload(await screen.findByLabelText('Choose a file'), huge);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The file is larger than 64 MB. Split it into smaller files and import them one by one.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload and continue' }));
    expect(calls('POST', '/imports')).toEqual([]);

    // A server that takes less than the contract's limit refuses it the same way.
    await userEvent.upload(screen.getByLabelText('Choose a file'), csv('big.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and continue' }));
    await waitFor(() => expect(calls('POST', '/imports')).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The file is larger than 64 MB. Split it into smaller files and import them one by one.',
    );
  });

  it('says why an upload past the waiting ones is refused, and removes one waiting from the list', async () => {
    const statusText =
      'You have 5 files uploaded and not imported. Import or remove one of them first; an upload not imported is removed a day after it was sent.';
    let waiting = [makeImport({ id: 7, state: 'uploaded', fileName: 'left.csv' })];
    const { calls } = openImport('/import?accountId=1', {
      'POST /imports': () =>
        failure(409, 'CONFLICT', statusText, {
          details: [{ path: 'file', message: statusText, code: 'import.tooManyPending', params: { max: 5 } }],
        }),
      'GET /imports': () => success(waiting),
      'DELETE /imports/7': () => {
        waiting = [];
        return new Response(null, { status: 204 });
      },
    });
    await upload();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', statusText);

    const list = within(await screen.findByRole('region', { name: 'Recent imports' }));
    const [left] = await list.findAllByRole('listitem');
    expect(within(left!).getByText('Not imported')).toBeTruthy();
    await userEvent.click(within(left!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(list.queryAllByRole('listitem')).toEqual([]));
    expect(calls('DELETE', '/imports/7')).toHaveLength(1);
  });

  it('says an upload removed since, after its day, is gone and how to import it', async () => {
    openImport('/import?importId=21', {
      'GET /imports/21': () => failure(404, 'NOT_FOUND', 'Import not found'),
    });
    expect(await screen.findByText('This import is not there any more')).toBeTruthy();
    expect(
      screen.getByText(
        'A file uploaded and not imported is removed a day after it was sent. Upload it again to import it.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeTruthy();
  });

  it('lists the recent imports with their state and counts', async () => {
    openImport('/import', {
      'GET /imports': () =>
        success([
          makeImport({ id: 9, state: 'done', done: 3, imported: 3, fileName: 'october.csv' }),
          makeImport({ id: 8, state: 'undone', done: 2, imported: 2, accountId: 4, fileName: 'september.csv' }),
        ]),
    });
    const list = within(await screen.findByRole('region', { name: 'Recent imports' }));
    const [october, september] = await list.findAllByRole('listitem');
    expect(within(october!).getByText('Done')).toBeTruthy();
    expect(within(october!).getByText('3 imported · 0 duplicates skipped · 0 failed')).toBeTruthy();
    expect(within(october!).getByRole('button', { name: 'Undo import' })).toBeTruthy();
    expect(within(september!).getByText('Undone')).toBeTruthy();
    expect(within(september!).queryByRole('button', { name: 'Undo import' })).toBeNull();
  });
});
