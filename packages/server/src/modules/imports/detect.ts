/**
 * Reading an uploaded file (docs/decisions.md "CSV import"): its encoding, its delimiter, the rows
 * as csv-parse reads them, and what the columns look like they hold — a preset's own mapping when
 * the header is one we know.
 */

import { once } from 'node:events';
import {
  APP_LOCALES,
  type DecimalSeparator,
  IMPORT_DATE_FORMATS,
  IMPORT_DELIMITERS,
  IMPORT_SAMPLE_ROWS,
  type ImportDateFormat,
  type ImportDelimiter,
  type ImportDetection,
  type ImportEncoding,
  KOPIYKA_CSV_COLUMNS,
  type KopiykaCsvColumn,
  MONOBANK_STATEMENT_COLUMNS,
  parseImportTime,
} from '@kopiyka/shared';
import { parse as parser } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { validationError } from '../../lib/errors.ts';
import { pieceEnd } from './text-pieces.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The file as text: a UTF-8 byte-order mark or valid UTF-8 is UTF-8; anything else is taken for
 * Windows-1251, which Ukrainian banks' exports use (every byte is a character in it, so it never fails).
 */
export function decodeFile(bytes: Buffer): { text: string; encoding: ImportEncoding } {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) {
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'win1251'), encoding: 'windows-1251' };
  }
}

/** Lines looked at to tell the delimiter. */
const DELIMITER_SAMPLE_LINES = 20;

/**
 * The delimiter that splits the first lines into one column count greater than one (the most
 * columns wins among those); a file no candidate splits consistently is read with `,`.
 */
export function detectDelimiter(text: string): ImportDelimiter {
  let best: { delimiter: ImportDelimiter; columns: number } | undefined;
  for (const delimiter of IMPORT_DELIMITERS) {
    let records: string[][];
    try {
      records = parse(text, {
        delimiter,
        to_line: DELIMITER_SAMPLE_LINES,
        relax_column_count: true,
        skip_empty_lines: true,
      });
    } catch {
      continue;
    }
    const columns = records[0]?.length ?? 0;
    const consistent = columns > 1 && records.every((record) => record.length === columns);
    if (consistent && columns > (best?.columns ?? 1)) best = { delimiter, columns };
  }
  return best?.delimiter ?? ',';
}

/** A record of the file: its cells, and the line of the file it ends on (1-based; the header's is 1). */
export interface FileRecord {
  cells: string[];
  line: number;
}

/**
 * Every record of the file, the header first, as its cells. Rows may have more or fewer cells than
 * the header (the job reports a row missing a mapped cell); a quote left open is unreadable CSV
 * (422 on `file`). Without where each ends (`recordBatches` says that), which took as much memory
 * again for a large file.
 */
export function parseRecords(text: string, delimiter: ImportDelimiter, toLine?: number): string[][] {
  try {
    return parse(text, { ...fileOptions(delimiter), ...(toLine ? { to_line: toLine } : {}) });
  } catch (error) {
    throw fileError(error);
  }
}

/** How csv-parse reads an uploaded file, whole or a batch at a time. */
const fileOptions = (delimiter: ImportDelimiter) => ({ delimiter, relax_column_count: true, skip_empty_lines: true });

/** csv-parse's refusal as 422 on `file`; any other error as it is. */
function fileError(error: unknown): unknown {
  return error instanceof CsvError ? validationError('file', 'import.fileNotCsv', { reason: error.message }) : error;
}

/** How much of the text the streaming parser is handed at a time. */
const FEED_CHARS = 64 * 1024;

/**
 * The file's rows under its header from the `from`th (0-based) on, `size` at a time, each parsed
 * as it is taken: the job of a 100,000-row file held all its rows, ~75 MB, for the whole import,
 * and the garbage of a heap that large let the process grow past 600 MB.
 */
export async function* recordBatches(
  text: string,
  delimiter: ImportDelimiter,
  from: number,
  size: number,
): AsyncGenerator<FileRecord[]> {
  // `from` counts records from 1, the header included; those before it are read but not answered.
  const records = parser({ ...fileOptions(delimiter), info: true, from: from + 2 });
  const stop = new AbortController();
  const feed = async () => {
    for (let at = 0; at < text.length; ) {
      const end = pieceEnd(text, at, FEED_CHARS);
      const written = records.write(text.slice(at, end));
      at = end;
      if (!written) await once(records, 'drain', { signal: stop.signal });
    }
    records.end();
  };
  const fed = feed().catch((error: unknown) => records.destroy(error as Error));
  try {
    let batch: FileRecord[] = [];
    for await (const { record, info } of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      batch.push({ cells: record, line: info.lines });
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    await fed;
  } catch (error) {
    throw fileError(error);
  } finally {
    stop.abort();
    records.destroy();
  }
}

type Mapping = ImportDetection['mapping'];

/** Monobank's header with the currency codes (cards in USD or EUR say so) and the two spellings of "і" made one. */
const monobankKey = (column: string) =>
  column
    .trim()
    .toLowerCase()
    .replace(/\([a-z]{3}\)/g, '(xxx)')
    .replace(/і/g, 'i');

const MONOBANK_KEYS = MONOBANK_STATEMENT_COLUMNS.map(monobankKey);

/**
 * The headers of Kopiyka's export the preset knows: each language's, and the English one written
 * before the transfer account column was added.
 */
const KOPIYKA_HEADERS: ReadonlyArray<ReadonlyArray<{ key: KopiykaCsvColumn; name: string }>> = [
  ...APP_LOCALES.map((locale) => KOPIYKA_CSV_COLUMNS.map(({ key, ...names }) => ({ key, name: names[locale] }))),
  KOPIYKA_CSV_COLUMNS.filter(({ key }) => key !== 'transferAccount').map(({ key, en }) => ({ key, name: en })),
];

function presetOf(header: string[]): { preset: 'monobank' | 'kopiyka'; mapping: Mapping } | undefined {
  const names = header.map((column) => column.trim());
  if (names.length >= MONOBANK_KEYS.length && MONOBANK_KEYS.every((key, index) => monobankKey(names[index]!) === key)) {
    return { preset: 'monobank', mapping: { time: 0, note: 1, mcc: 2, amount: 3, balance: 9 } };
  }
  const kopiyka = KOPIYKA_HEADERS.find(
    (known) => known.length === names.length && known.every(({ name }, index) => names[index] === name),
  );
  if (kopiyka) {
    const at = (key: KopiykaCsvColumn) => kopiyka.findIndex((column) => column.key === key);
    return {
      preset: 'kopiyka',
      mapping: {
        time: at('time'),
        amount: at('amount'),
        category: at('category'),
        note: at('note'),
        currency: at('currency'),
        // The export before the transfer account column marked only transfers between own accounts, by their id.
        transfer: at(kopiyka.some(({ key }) => key === 'transferAccount') ? 'transferAccount' : 'transfer'),
      },
    };
  }
  return undefined;
}

/** Header words of each field, English and Ukrainian, first match per field wins (a column serves one field). */
// biome-ignore format: a table
const HEADER_WORDS: ReadonlyArray<[keyof Mapping, RegExp]> = [
  ['mcc', /^mcc$/i],
  ['externalId', /^(id|transaction id|reference|референс|номер операції)$/i],
  // Before the amount: "Balance after", "Залишок після операції", "Остаток" is what the account held.
  ['balance', /balance|залишок|остаток/i],
  ['debit', /debit|дебет|витрат|списан/i],
  ['credit', /credit|кредит|надходж|зарахув/i],
  ['time', /date|time|дата|час/i],
  ['amount', /amount|sum|сума/i],
  ['currency', /^(currency|ccy|валюта)$/i],
  ['category', /categor|категор/i],
  ['note', /note|description|details|memo|payee|опис|призначення|деталі|коментар/i],
];

function guessMapping(header: string[]): Mapping {
  const mapping: Mapping = {};
  const taken = new Set<number>();
  for (const [field, words] of HEADER_WORDS) {
    const index = header.findIndex((name, at) => !taken.has(at) && words.test(name.trim()));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** The first known format that reads every non-empty cell given; null when none does (or there are none). */
export function detectDateFormat(cells: string[]): ImportDateFormat | null {
  const filled = cells.filter((cell) => cell.trim() !== '');
  if (filled.length === 0) return null;
  return IMPORT_DATE_FORMATS.find((format) => filled.every((cell) => parseImportTime(cell, format).ok)) ?? null;
}

/** `,` when the amounts end in a comma and one or two digits (`1 234,56`) more often than in a point. */
export function detectDecimalSeparator(cells: string[]): DecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const cell of cells) {
    if (/\d,\d{1,2}\)?$/.test(cell.trim())) comma += 1;
    else if (/\d\.\d{1,2}\)?$/.test(cell.trim())) point += 1;
  }
  return comma > point ? ',' : '.';
}

/** What the file looks like, from its header and its first rows. */
export function detect(
  header: string[],
  rows: string[][],
  encoding: ImportEncoding,
  delimiter: ImportDelimiter,
): ImportDetection {
  const sample = rows.slice(0, IMPORT_SAMPLE_ROWS * 5);
  const cellsOf = (column: number | undefined) => (column === undefined ? [] : sample.map((row) => row[column] ?? ''));
  const preset = presetOf(header);
  const mapping = preset?.mapping ?? guessMapping(header);
  if (mapping.time === undefined) {
    // No header says time: the first column whose cells read as times.
    const index = header.findIndex((_, column) => detectDateFormat(cellsOf(column)) !== null);
    if (index >= 0) mapping.time = index;
  }
  const amounts = [mapping.amount, mapping.debit, mapping.credit].flatMap(cellsOf);
  return {
    preset: preset?.preset ?? null,
    encoding,
    delimiter,
    dateFormat: detectDateFormat(cellsOf(mapping.time)),
    decimalSeparator: detectDecimalSeparator(amounts),
    mapping,
  };
}
