import { z } from 'zod';
import { storedIssueFields, storedIssueSchema } from './envelope.ts';
import { idSchema, idTextSchema } from './ids.ts';
import { issue } from './issues.ts';
import type { AppLocale } from './locale.ts';
import { signedMinorAmountSchema } from './money.ts';
import { queryIntegerSchema } from './query.ts';

/** The largest CSV file taken (raw bytes); larger ones get 413. 100,000 bank rows fit in about a fifth of it. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The most data rows one file may have; more is a VALIDATION_ERROR asking to split the file. */
export const IMPORT_MAX_ROWS = 100_000;
/** The most cells a line of the file may have (bank exports have a dozen or two); more is a VALIDATION_ERROR. */
export const IMPORT_MAX_COLUMNS = 100;
/**
 * The most characters a cell may have; more is a VALIDATION_ERROR. Twice a note's most, so that
 * Kopiyka's own export (a note, a category path) always reads back.
 */
export const IMPORT_MAX_CELL_CHARS = 2_000;
/**
 * The most different names a category column may have: as many as a commit takes choices for. A
 * column with more (times, amounts, notes) is not offered as categories.
 */
export const IMPORT_MAX_CATEGORY_NAMES = 5_000;
/**
 * The most uploads one person may have waiting to be imported (state `uploaded`); the next is
 * refused until one is imported, removed, or expires a day after its upload.
 */
export const IMPORT_MAX_PENDING_UPLOADS = 5;
/** The rows of the file shown in the preview, parsed as detected. */
export const IMPORT_SAMPLE_ROWS = 20;
/** The bad rows kept with their reasons; past it they are only counted. */
export const IMPORT_MAX_REPORTED_FAILURES = 1_000;

/** The encodings read: UTF-8 (with or without a byte-order mark) and Windows-1251 (Ukrainian bank exports). */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1251'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

/**
 * How a time column is written, in Unicode date-pattern letters (dd day, MM month, yyyy year, HH
 * hour, mm minute, ss second). `ISO` is ISO 8601 with or without a zone offset. Times without an
 * offset are read in the user's time zone.
 */
export const IMPORT_DATE_FORMATS = [
  'dd.MM.yyyy HH:mm:ss',
  'dd.MM.yyyy HH:mm',
  'dd.MM.yyyy',
  'yyyy-MM-dd HH:mm:ss',
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd',
  'ISO',
  'dd/MM/yyyy HH:mm:ss',
  'dd/MM/yyyy HH:mm',
  'dd/MM/yyyy',
  'MM/dd/yyyy HH:mm:ss',
  'MM/dd/yyyy HH:mm',
  'MM/dd/yyyy',
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** Presets that map themselves: the Monobank app's statement export, and Kopiyka's own CSV export. */
export const IMPORT_PRESETS = ['monobank', 'kopiyka'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

const columnSchema = z
  .number(issue('value.column'))
  .int(issue('value.column'))
  .min(0)
  .max(IMPORT_MAX_COLUMNS - 1);

/**
 * Which column (0-based) holds what. Either `amount` (signed: negative is an expense) or `debit`
 * and/or `credit` (unsigned: debit is money out, credit money in). `category` is a name or a path
 * ("Food / Cafes"); `mcc` a merchant category code (the Monobank preset); `externalId` a bank's id
 * of the row (duplicates are found by it when present); `currency` an ISO code per row, for rows
 * in another currency than the account's (converted at that day's rate); `transfer` a column whose
 * filled cells mark a row as money moved rather than spent or earned (it moves the balance and
 * stays out of the statistics: the `kopiyka` preset maps its transfer column there); `balance` what the account
 * held after the row, in its currency (a statement's balance column: the import meets the newest
 * row's, docs/decisions.md "A CSV import meets the statement's balance").
 */
const mappingFields = z.object({
  time: columnSchema,
  amount: columnSchema.optional(),
  debit: columnSchema.optional(),
  credit: columnSchema.optional(),
  note: columnSchema.optional(),
  category: columnSchema.optional(),
  mcc: columnSchema.optional(),
  currency: columnSchema.optional(),
  externalId: columnSchema.optional(),
  transfer: columnSchema.optional(),
  balance: columnSchema.optional(),
});

export const importMappingSchema = mappingFields
  .refine((m) => m.amount !== undefined || m.debit !== undefined || m.credit !== undefined, {
    ...issue('import.amountColumnRequired'),
    path: ['amount'],
  })
  .refine((m) => m.amount === undefined || (m.debit === undefined && m.credit === undefined), {
    ...issue('import.amountColumnsBoth'),
    path: ['amount'],
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** POST /imports?accountId=…&fileName=… (the body is the raw file). */
export const createImportQuerySchema = z.object({
  accountId: idTextSchema,
  /** The uploaded file's name, shown in the import's history. */
  fileName: z
    .string()
    .trim()
    .max(200, issue('fileName.tooLong', { max: 200 }))
    .optional(),
});

export const importDetectionSchema = z.object({
  preset: z.enum(IMPORT_PRESETS).nullable(),
  encoding: z.enum(IMPORT_ENCODINGS),
  delimiter: z.enum(IMPORT_DELIMITERS),
  /** Null when no known format reads every sampled time. */
  dateFormat: z.enum(IMPORT_DATE_FORMATS).nullable(),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS),
  /** What the columns look like they hold (a preset's own mapping when one matched); fields not found are absent. */
  mapping: mappingFields.partial(),
});
export type ImportDetection = z.infer<typeof importDetectionSchema>;

/** 201 of POST /imports: the file as read, for the mapping screen. */
export const createImportResponseSchema = z.object({
  importId: z.number().int(),
  /** Data rows (the header row not counted). */
  rowCount: z.number().int(),
  /** The header row's names (at most IMPORT_MAX_COLUMNS, each at most IMPORT_MAX_CELL_CHARS long). */
  columns: z.array(z.string()),
  /** The first IMPORT_SAMPLE_ROWS data rows, each cell as text (bounded as the header is). */
  sample: z.array(z.array(z.string())),
  detected: importDetectionSchema,
});
export type CreateImportResponse = z.infer<typeof createImportResponseSchema>;

export const importParamsSchema = z.object({ importId: idTextSchema });

/** GET /imports/{importId}/categories?column=N: the distinct names of a category column and what they match. */
export const importCategoriesQuerySchema = z.object({
  column: queryIntegerSchema(
    z
      .number(issue('value.column'))
      .int()
      .min(0)
      .max(IMPORT_MAX_COLUMNS - 1),
  ),
});
export const importCategoryNameSchema = z.object({
  /** As written in the file (trimmed). */
  name: z.string(),
  /** Rows carrying it. */
  rows: z.number().int(),
  /** The user's category it matches by name or path (case-insensitive); null when unknown. */
  categoryId: z.number().int().nullable(),
});
export type ImportCategoryName = z.infer<typeof importCategoryNameSchema>;

/**
 * What becomes of one category name of the file: an existing category, or a new one (a path
 * creates its missing levels). Names neither matched nor listed go to Other.
 */
export const importCategoryChoiceSchema = z.union([
  z.object({ name: z.string().trim().min(1).max(500), categoryId: idSchema }),
  z.object({ name: z.string().trim().min(1).max(500), create: z.literal(true) }),
]);
export type ImportCategoryChoice = z.infer<typeof importCategoryChoiceSchema>;

/**
 * When the balance a person states for a file without a balance column was true: today (what the
 * account holds now, the file's rows and any recorded since included), or before the file's
 * oldest row.
 */
export const IMPORT_BALANCE_POINTS = ['today', 'beforeFirst'] as const;
export type ImportBalancePoint = (typeof IMPORT_BALANCE_POINTS)[number];

export const importBalanceSchema = z.object({
  point: z.enum(IMPORT_BALANCE_POINTS),
  /** Minor units of the account's currency. */
  amount: signedMinorAmountSchema,
});
export type ImportBalance = z.infer<typeof importBalanceSchema>;

export const commitImportBodySchema = z
  .object({
    mapping: importMappingSchema,
    dateFormat: z.enum(IMPORT_DATE_FORMATS),
    decimalSeparator: z.enum(DECIMAL_SEPARATORS),
    /** Rows that match a transaction already on the account are left out; false imports them too. */
    skipDuplicates: z.boolean().default(true),
    /** Choices for the category names the file has (GET …/categories). */
    categories: z.array(importCategoryChoiceSchema).max(IMPORT_MAX_CATEGORY_NAMES).default([]),
    /**
     * Without a balance column: what the account held at one end of the file; the account's balances
     * are set so it held that there. Absent: the rows only add to the balances, as recorded ones do.
     */
    balance: importBalanceSchema.optional(),
  })
  .refine((body) => body.balance === undefined || body.mapping.balance === undefined, {
    ...issue('import.balanceTwice'),
    path: ['balance'],
  });
export type CommitImportBody = z.input<typeof commitImportBodySchema>;

export const commitImportResponseSchema = z.object({ jobId: z.number().int() });

export const IMPORT_STATES = ['uploaded', 'running', 'done', 'failed', 'undone'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const importFailureSchema = z.object({
  /** The row's line in the file, 1-based, the header being line 1. */
  row: z.number().int(),
  message: z.string(),
  ...storedIssueFields,
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  fileName: z.string().nullable(),
  state: z.enum(IMPORT_STATES),
  /** Rows looked at so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  imported: z.number().int(),
  /** Rows left out as already on the account. */
  duplicates: z.number().int(),
  /** Rows that could not be read, up to IMPORT_MAX_REPORTED_FAILURES; `failedCount` counts them all. */
  failed: z.array(importFailureSchema),
  failedCount: z.number().int(),
  /** Why the whole import stopped (state failed). */
  error: z.string().nullable(),
  /** `error` by code, for clients to translate. */
  errorIssue: storedIssueSchema.nullable().optional(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/**
 * What the `import` event says of an import: its state and counts, never its bad rows or why it
 * stopped, which carry the file's text and have no bound (GET /imports/{id} answers them). So the
 * event stays small enough for a PostgreSQL notification (under 8000 bytes) whatever the file.
 */
export const importProgressSchema = importSchema.omit({ failed: true, error: true, errorIssue: true });
export type ImportProgress = z.infer<typeof importProgressSchema>;

/**
 * The columns of Kopiyka's own CSV export (GET /transactions/export), in this order, each with
 * its header in the two languages the file is written in (the user's: docs/api.md "Files: the CSV
 * export and the backup" says how each writes its cells); the `kopiyka` preset reads both back.
 * `transfer` is the transfer's id on both legs of a transfer between the user's accounts;
 * `transferAccount` says that a row is a transfer: the other leg's account, or that the money left
 * (or came into) the wallet; empty for an income or an expense. `tags` names the row's tags, by
 * name, separated by ", ". A split transaction is a line per part (its category, amounts and
 * note), `part` saying which of how many ("1/3"); empty otherwise.
 */
export const KOPIYKA_CSV_COLUMNS = [
  { key: 'time', en: 'Time', uk: 'Дата і час' },
  { key: 'account', en: 'Account', uk: 'Рахунок' },
  { key: 'category', en: 'Category', uk: 'Категорія' },
  { key: 'type', en: 'Type', uk: 'Тип' },
  { key: 'amount', en: 'Amount', uk: 'Сума' },
  { key: 'currency', en: 'Currency', uk: 'Валюта' },
  { key: 'baseAmount', en: 'Base amount', uk: 'Сума в базовій валюті' },
  { key: 'baseCurrency', en: 'Base currency', uk: 'Базова валюта' },
  { key: 'transfer', en: 'Transfer', uk: 'Переказ' },
  { key: 'transferAccount', en: 'Transfer account', uk: 'Рахунок переказу' },
  { key: 'note', en: 'Note', uk: 'Примітка' },
  { key: 'tags', en: 'Tags', uk: 'Мітки' },
  { key: 'part', en: 'Split part', uk: 'Частина' },
] as const satisfies ReadonlyArray<{ key: string } & Record<AppLocale, string>>;
export type KopiykaCsvColumn = (typeof KOPIYKA_CSV_COLUMNS)[number]['key'];

/** The header line of Kopiyka's CSV export in a language. */
export const kopiykaCsvHeader = (locale: AppLocale): string[] => KOPIYKA_CSV_COLUMNS.map((column) => column[locale]);

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) is written after an apostrophe, which the spreadsheet shows as text; so is one that
 * already starts with apostrophes before such a character, so that reading back takes exactly one
 * off and every text returns as it was.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

/** A text cell of a CSV file as written, kept from being read as a formula. */
export const csvTextCell = (text: string): string => (FORMULA_LIKE.test(text) ? `'${text}` : text);

/** The text a cell written by csvTextCell stood for (a cell no such writer touched reads as it is). */
export const csvCellText = (cell: string): string => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The header of the Monobank app's statement export (the `monobank` preset; UAH cards write "(UAH)"). */
export const MONOBANK_STATEMENT_COLUMNS = [
  'Дата i час операції',
  'Деталі операції',
  'MCC',
  'Сума в валюті картки (UAH)',
  'Сума в валюті операції',
  'Валюта',
  'Курс',
  'Сума комісій (UAH)',
  'Сума кешбеку (UAH)',
  'Залишок після операції',
] as const;
