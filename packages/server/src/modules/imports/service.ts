/**
 * CSV imports into an account (docs/decisions.md "CSV import"): a file is uploaded and read (what
 * it holds is detected), committed with a mapping (the job imports it in the background), and
 * may be undone as a whole.
 */
import {
  type Category,
  type CommitImportBody,
  type CreateImportResponse,
  type commitImportBodySchema,
  csvCellText,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLE_ROWS,
  type Import,
  type ImportCategoryName,
} from '@kopiyka/shared';
import type { z } from 'zod';
import type { ImportOptions } from '../../db/schema.ts';
import { notFound, refusal, validationError } from '../../lib/errors.ts';
import { assertOwnCategory, type CategoriesService, selectCategories } from '../categories/index.ts';
import { baseOf, moveAccountBalances, removeImportedTransactions } from '../transactions/index.ts';
import { decodeFile, detect, detectDelimiter, parseRecords } from './detect.ts';
import { type ImportJobDeps, startImportJobs } from './job.ts';
import {
  deleteImport,
  insertImport,
  lockImport,
  selectImport,
  selectImportFile,
  selectImports,
  startImport,
  updateImport,
} from './queries.ts';
import { categoryKey, categoryLookup, importEvent, importView } from './views.ts';

export interface ImportsService {
  list(userId: number): Promise<Import[]>;
  create(userId: number, accountId: number, fileName: string | undefined, file: Buffer): Promise<CreateImportResponse>;
  get(userId: number, id: number): Promise<Import>;
  categoryNames(userId: number, id: number, column: number): Promise<ImportCategoryName[]>;
  commit(userId: number, id: number, body: z.output<typeof commitImportBodySchema>): Promise<{ jobId: number }>;
  undo(userId: number, id: number): Promise<void>;
  stop(): Promise<void>;
}

/** The names of a path as written: "Food / Cafes" → ["Food", "Cafes"]. */
const pathNames = (path: string) =>
  path
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean);

const MAPPED_FIELDS = [
  'time',
  'amount',
  'debit',
  'credit',
  'note',
  'category',
  'mcc',
  'currency',
  'externalId',
  'transfer',
  'balance',
] as const satisfies ReadonlyArray<keyof CommitImportBody['mapping']>;

export function createImportsService(
  deps: ImportJobDeps,
  categories: CategoriesService,
  background: boolean,
): ImportsService {
  const { db, events, accounts } = deps;
  const jobs = startImportJobs(deps, background);

  async function ownImport(userId: number, id: number) {
    const row = await selectImport(db, userId, id);
    if (!row) throw notFound('Import');
    return row;
  }

  async function ownFile(userId: number, id: number) {
    const row = await selectImportFile(db, userId, id);
    if (!row) throw notFound('Import');
    return row;
  }

  /** The category a choice names, made first when it asks for it (each missing level of a path). */
  async function chosenCategory(
    userId: number,
    choice: z.output<typeof commitImportBodySchema>['categories'][number],
    index: number,
    known: Category[],
  ): Promise<number> {
    if ('categoryId' in choice) {
      return (await assertOwnCategory(db, userId, choice.categoryId, `categories.${index}.categoryId`)).id;
    }
    let parentId: number | null = null;
    for (const name of pathNames(choice.name)) {
      const found = known.find((c) => c.parentId === parentId && categoryKey(c.name) === categoryKey(name));
      const category: Category = found ?? (await categories.create(userId, { name, parentId }));
      if (!found) known.push(category);
      parentId = category.id;
    }
    if (parentId === null) throw validationError(`categories.${index}.name`, 'name.required');
    return parentId;
  }

  return {
    async list(userId) {
      return (await selectImports(db, userId)).map(importView);
    },

    async create(userId, accountId, fileName, file) {
      const account = await accounts.get(userId, accountId);
      if (account.type !== 'system') {
        throw refusal('NOT_ALLOWED', 'accountId', 'import.rowsFromBank', { account: account.name });
      }
      const { text, encoding } = decodeFile(file);
      if (text.trim() === '') throw validationError('file', 'import.fileEmpty');
      if (text.includes('\u0000')) throw validationError('file', 'import.fileNotText');
      const delimiter = detectDelimiter(text);
      const [header, ...rows] = parseRecords(text, delimiter);
      if (!header || rows.length === 0) throw validationError('file', 'import.fileNoRows');
      if (rows.length > IMPORT_MAX_ROWS) {
        throw validationError('file', 'import.fileTooManyRows', { rows: rows.length, max: IMPORT_MAX_ROWS });
      }
      const created = await db.transaction((tx) =>
        insertImport(
          tx,
          {
            userId,
            accountId: account.id,
            fileName: fileName || null,
            encoding,
            delimiter,
            state: 'uploaded',
            total: rows.length,
          },
          text,
        ),
      );
      return {
        importId: created.id,
        rowCount: rows.length,
        columns: header,
        sample: rows.slice(0, IMPORT_SAMPLE_ROWS),
        detected: detect(header, rows, encoding, delimiter),
      };
    },

    async get(userId, id) {
      return importView(await ownImport(userId, id));
    },

    async categoryNames(userId, id, column) {
      const file = await ownFile(userId, id);
      const [header, ...rows] = parseRecords(file.content, file.delimiter);
      if (column >= (header?.length ?? 0)) throw validationError('column', 'import.noSuchColumn');
      const counts = new Map<string, { name: string; rows: number }>();
      for (const cells of rows) {
        const name = csvCellText(cells[column] ?? '').trim();
        if (!name) continue;
        const seen = counts.get(categoryKey(name));
        if (seen) seen.rows += 1;
        else counts.set(categoryKey(name), { name, rows: 1 });
      }
      const lookUp = categoryLookup(await selectCategories(db, userId));
      return [...counts.values()]
        .sort((a, b) => b.rows - a.rows || a.name.localeCompare(b.name))
        .map(({ name, rows: count }) => ({ name, rows: count, categoryId: lookUp(name) ?? null }));
    },

    async commit(userId, id, body) {
      const file = await ownFile(userId, id);
      if (file.state !== 'uploaded') throw refusal('CONFLICT', 'importId', 'import.importedAlready');
      const [header] = parseRecords(file.content, file.delimiter, 1);
      const columns = header?.length ?? 0;
      for (const field of MAPPED_FIELDS) {
        const column = body.mapping[field];
        if (column !== undefined && column >= columns) {
          throw validationError(`mapping.${field}`, 'import.columnMissing', { columns, column: column + 1 });
        }
      }
      // Nothing can be valued before a base currency is chosen.
      await baseOf(db, userId);
      const known = await selectCategories(db, userId);
      // A Map, as the names are the file's: `__proto__` or `constructor` is a name like any other.
      const chosen = new Map<string, number>();
      for (const [index, choice] of body.categories.entries()) {
        chosen.set(categoryKey(choice.name), await chosenCategory(userId, choice, index, known));
      }
      // Written as own properties, `__proto__` included, which JSON keeps and reads back as such.
      const categoryIds: ImportOptions['categoryIds'] = Object.fromEntries(chosen);
      const started = await startImport(db, userId, id, {
        mapping: body.mapping,
        dateFormat: body.dateFormat,
        decimalSeparator: body.decimalSeparator,
        skipDuplicates: body.skipDuplicates,
        categoryIds,
        ...(body.balance ? { balance: body.balance } : {}),
      });
      if (!started) throw refusal('CONFLICT', 'importId', 'import.importedAlready');
      events.publish(userId, importEvent(started));
      jobs.kick();
      return { jobId: id };
    },

    async undo(userId, id) {
      const undone = await db.transaction(async (tx) => {
        const row = await lockImport(tx, userId, id);
        if (!row) throw notFound('Import');
        if (row.state === 'running') {
          throw refusal('CONFLICT', 'importId', 'import.stillRunning');
        }
        if (row.state === 'undone') throw refusal('CONFLICT', 'importId', 'import.undoneAlready');
        if (row.state === 'uploaded') {
          await deleteImport(tx, userId, id);
          return undefined;
        }
        // The balances move back first, as the ledger locks the account before the rows.
        const balanceShift = (row.options as ImportOptions | null)?.balanceShift ?? 0;
        await moveAccountBalances(tx, userId, row.accountId, -balanceShift, 'importId');
        await removeImportedTransactions(tx, userId, id);
        return updateImport(tx, userId, id, { state: 'undone' });
      });
      if (undone) events.publish(userId, importEvent(undone));
    },

    stop: () => jobs.stop(),
  };
}
