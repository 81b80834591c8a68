/**
 * CSV imports into an account (docs/decisions.md "CSV import"): a file is uploaded and read (what
 * it holds is detected), committed with a mapping (the job imports it in the background), and
 * may be undone as a whole.
 */
import { setImmediate } from 'node:timers/promises';
import {
  type Category,
  type CommitImportBody,
  type CreateImportResponse,
  type commitImportBodySchema,
  IMPORT_SAMPLE_ROWS,
  type Import,
  type ImportCategoryName,
} from '@kopiyka/shared';
import type { z } from 'zod';
import type { ImportLimits } from '../../config.ts';
import type { Transaction } from '../../db/client.ts';
import type { ImportOptions } from '../../db/schema.ts';
import { notFound, refusal, validationError } from '../../lib/errors.ts';
import { assertOwnCategory, type CategoriesService, selectCategories } from '../categories/index.ts';
import { baseOf, moveAccountBalances, removeImportedTransactions } from '../transactions/index.ts';
import { detect } from './detect.ts';
import { type ImportJobDeps, startImportJobs } from './job.ts';
import {
  countPendingUploads,
  deleteExpiredUploads,
  deleteImport,
  insertStoringImport,
  lockImport,
  selectImport,
  selectImportReading,
  selectImports,
  startImport,
  storeImportParts,
  updateImport,
} from './queries.ts';
import { readUpload } from './upload.ts';
import { categoryKey, categoryLookup, importEvent, importView } from './views.ts';

export interface ImportsService {
  list(userId: number): Promise<Import[]>;
  create(userId: number, accountId: number, fileName: string | undefined, file: Buffer): Promise<CreateImportResponse>;
  get(userId: number, id: number): Promise<Import>;
  categoryNames(userId: number, id: number, column: number): Promise<ImportCategoryName[]>;
  commit(userId: number, id: number, body: z.output<typeof commitImportBodySchema>): Promise<{ jobId: number }>;
  undo(userId: number, id: number): Promise<void>;
  /** Deletes the uploads of every user never committed within UPLOAD_KEPT_MS of their upload (the periodic task). */
  expireUploads(): Promise<void>;
  stop(): Promise<void>;
}

/** How long an upload waits to be committed before the periodic task deletes it with its file. */
const UPLOAD_KEPT_MS = 24 * 60 * 60_000;
/** Expired uploads deleted per statement: each may hold a 64 MiB file's parts, so a statement stays short. */
const EXPIRED_PER_STATEMENT = 10;

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
  limits: ImportLimits,
): ImportsService {
  const { db, events, accounts, clock } = deps;
  const jobs = startImportJobs(deps, background);

  async function ownImport(userId: number, id: number) {
    const row = await selectImport(db, userId, id);
    if (!row) throw notFound('Import');
    return row;
  }

  /** Refuses an upload past the user's pending uploads (IMPORT_MAX_PENDING_UPLOADS): 409 saying so. */
  async function assertRoomForUpload(tx: Transaction, userId: number) {
    if ((await countPendingUploads(tx, userId)) >= limits.pendingUploads) {
      throw refusal('CONFLICT', 'file', 'import.tooManyPending', { max: limits.pendingUploads });
    }
  }

  async function ownReading(userId: number, id: number) {
    const row = await selectImportReading(db, userId, id);
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
      // Refused before the file is read when there is no room, and counted again as it is stored.
      await db.transaction((tx) => assertRoomForUpload(tx, userId));
      const read = await readUpload(file, limits);
      const importId = await db.transaction(async (tx) => {
        await assertRoomForUpload(tx, userId);
        return insertStoringImport(tx, {
          userId,
          accountId: account.id,
          fileName: fileName || null,
          encoding: read.encoding,
          delimiter: read.delimiter,
          total: read.rowCount,
          columns: read.header.length,
          categoryNames: read.columnNames,
          // By the clock the expiry reads.
          createdAt: clock.now(),
        });
      });
      const created = await storeImportParts(db, importId, read.parts);
      if (!created) throw notFound('Account');
      return {
        importId: created.id,
        rowCount: read.rowCount,
        columns: read.header,
        sample: read.firstRows.slice(0, IMPORT_SAMPLE_ROWS),
        detected: detect(read.header, read.firstRows, read.encoding, read.delimiter),
      };
    },

    async get(userId, id) {
      return importView(await ownImport(userId, id));
    },

    async categoryNames(userId, id, column) {
      const { columns, categoryNames } = await ownReading(userId, id);
      if (column >= columns) throw validationError('column', 'import.noSuchColumn');
      const names = categoryNames[column];
      if (!names) throw validationError('column', 'import.columnNotCategories');
      const lookUp = categoryLookup(await selectCategories(db, userId));
      return names
        .toSorted((a, b) => b.rows - a.rows || a.name.localeCompare(b.name))
        .map(({ name, rows }) => ({ name, rows, categoryId: lookUp(name) ?? null }));
    },

    async commit(userId, id, body) {
      const { state, columns } = await ownReading(userId, id);
      if (state !== 'uploaded') throw refusal('CONFLICT', 'importId', 'import.importedAlready');
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
      if (!started) {
        // Expired (deleted) since it was read: gone, rather than imported.
        await ownImport(userId, id);
        throw refusal('CONFLICT', 'importId', 'import.importedAlready');
      }
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

    async expireUploads() {
      const sentBefore = new Date(clock.now().getTime() - UPLOAD_KEPT_MS);
      // A turn of the event loop between statements: the embedded database answers on this thread.
      while ((await deleteExpiredUploads(db, sentBefore, EXPIRED_PER_STATEMENT)) === EXPIRED_PER_STATEMENT) {
        await setImmediate();
      }
    },

    stop: () => jobs.stop(),
  };
}
