/**
 * Reading an uploaded file (docs/decisions.md "CSV import"): its encoding, its delimiter, the rows
 * as csv-parse reads them, and what the columns look like they hold — a preset's own mapping when
 * the header is one we know.
 */

import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import {
  APP_LOCALES,
  type AppLocale,
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
import { type Parser, parse as parser } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import type { ImportLimits } from '../../config.ts';
import { validationError } from '../../lib/errors.ts';
import { IMPORT_PART_CHARS } from './queries.ts';
import { pieceEnd } from './text-pieces.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Bytes decoded at a time: a piece of text is about this many characters (a character takes a
 * byte or more), one part as stored, and the decoding of one takes a moment.
 */
const DECODE_BYTES = IMPORT_PART_CHARS;

/** `bytes` decoded a piece at a time, each piece in a turn of the event loop of its own. */
async function decodedParts(bytes: Buffer, decode: (piece: Buffer, last: boolean) => string): Promise<string[]> {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += DECODE_BYTES) {
    const last = at + DECODE_BYTES >= bytes.length;
    const part = decode(bytes.subarray(at, at + DECODE_BYTES), last);
    if (part) parts.push(part);
    if (!last) await setImmediate();
  }
  return parts;
}

/**
 * The file as text, in parts of about IMPORT_PART_CHARS characters, never between the halves of
 * an emoji: a UTF-8 byte-order mark or valid UTF-8 is UTF-8; anything else is taken for
 * Windows-1251, which Ukrainian banks' exports use (every byte is a character in it, so it never
 * fails). Decoded a piece at a time, so a large file keeps no request waiting.
 */
export async function decodeFile(bytes: Buffer): Promise<{ parts: string[]; encoding: ImportEncoding }> {
  const marked = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  // A marked file is UTF-8 whatever it holds (a broken character reads as U+FFFD).
  const utf8 = new TextDecoder('utf-8', { fatal: !marked, ignoreBOM: true });
  try {
    const parts = await decodedParts(bytes.subarray(marked ? 3 : 0), (piece, last) =>
      utf8.decode(piece, { stream: !last }),
    );
    return { parts, encoding: 'utf-8' };
  } catch {
    // Loaded only here: its code tables are a fifth of the server's packages, and start-up reads
    // every module it imports.
    const { default: iconv } = await import('iconv-lite');
    const win1251 = iconv.getDecoder('win1251');
    const parts = await decodedParts(
      bytes,
      (piece, last) => win1251.write(piece) + (last ? (win1251.end() ?? '') : ''),
    );
    return { parts, encoding: 'windows-1251' };
  }
}

/** Lines looked at to tell the delimiter. */
const DELIMITER_SAMPLE_LINES = 20;
/** Characters of the file's start those lines are looked for in: a bank's lines are a few hundred long. */
const DELIMITER_SAMPLE_CHARS = 16 * 1024;

/**
 * The delimiter that splits the first lines into one column count greater than one (the most
 * columns wins among those); a file no candidate splits consistently is read with `,`. `start` is
 * the file's first part: only its beginning is read, and a line cut there is left out.
 */
export async function detectDelimiter(start: string, whole: boolean): Promise<ImportDelimiter> {
  const sample = start.slice(0, DELIMITER_SAMPLE_CHARS);
  const cut = !whole || sample.length < start.length;
  let best: { delimiter: ImportDelimiter; columns: number } | undefined;
  for (const delimiter of IMPORT_DELIMITERS) {
    // Each candidate in a turn of its own, as the rest of the reading.
    await setImmediate();
    let records: string[][];
    try {
      records = parse(sample, {
        delimiter,
        to_line: DELIMITER_SAMPLE_LINES,
        relax_column_count: true,
        skip_empty_lines: true,
      });
    } catch {
      continue;
    }
    if (cut && records.length > 1) records.pop();
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

/** How csv-parse reads an uploaded file. */
const fileOptions = (delimiter: ImportDelimiter) => ({ delimiter, relax_column_count: true, skip_empty_lines: true });

/** How much of the text the streaming parser is handed at a time: a few milliseconds of parsing. */
const FEED_CHARS = 16 * 1024;

const tooManyCells = (limits: ImportLimits, line: number) =>
  validationError('file', 'import.fileTooManyColumns', { max: limits.columns, line });
const cellTooLong = (limits: ImportLimits, line: number) =>
  validationError('file', 'import.cellTooLong', { max: limits.cellChars, line });

/** csv-parse's refusal as 422 on `file` (a record past the limits as such); any other error as it is. */
function fileError(error: unknown, limits: ImportLimits | undefined): unknown {
  if (!(error instanceof CsvError)) return error;
  if (limits && error.code === 'CSV_MAX_RECORD_SIZE') {
    // `index` is how many cells of the record were read: short of the most, one of them is too long.
    const { index, lines } = error as CsvError & { index: number; lines: number };
    return index >= limits.columns ? tooManyCells(limits, lines) : cellTooLong(limits, lines);
  }
  return validationError('file', 'import.fileNotCsv', { reason: error.message });
}

/** The cells of the record csv-parse has begun and not finished (not in its types, read through its `state`). */
const cellsBegun = (records: Parser) => (records as Parser & { state: { record: unknown[] } }).state.record.length;

/**
 * The file's records from the `from`th (0-based: the header is the 0th) on, `size` at a time, each
 * parsed as it is taken: the job of a 100,000-row file held all its rows, ~75 MB, for the whole
 * import, and the garbage of a heap that large let the process grow past 600 MB. The parser is
 * handed a piece of the text per turn of the event loop, so no request waits behind a large file.
 * With `limits`, reading stops at the first row past the most, and at the first record with more
 * cells or a longer cell than they allow (422 on `file` naming its line), while it is being read.
 */
export async function* recordBatches(
  parts: readonly string[],
  delimiter: ImportDelimiter,
  { from, size, limits }: { from: number; size: number; limits?: ImportLimits },
): AsyncGenerator<FileRecord[]> {
  const records = parser({
    ...fileOptions(delimiter),
    info: true,
    // csv-parse counts records from 1.
    from: from + 1,
    // What a record's cells may come to, a UTF-8 character being at most 3 bytes: a cell being
    // read is stopped there rather than at the end of the file.
    ...(limits ? { max_record_size: 3 * limits.columns * limits.cellChars } : {}),
  });
  const stop = new AbortController();
  const feed = async () => {
    for (const part of parts) {
      for (let at = 0; at < part.length; ) {
        const end = pieceEnd(part, at, FEED_CHARS);
        const written = records.write(part.slice(at, end));
        at = end;
        // A line of empty cells never reaches the record size: its cells are counted as they come.
        if (limits && cellsBegun(records) > limits.columns) throw tooManyCells(limits, records.info.lines);
        if (!written) await once(records, 'drain', { signal: stop.signal });
        // Draining runs on microtasks alone: the turn is what lets other requests in.
        await setImmediate();
      }
    }
    records.end();
  };
  const fed = feed().catch((error: unknown) => records.destroy(error as Error));
  try {
    let batch: FileRecord[] = [];
    // The header is record 0, so a record's index is its row's number.
    let index = from;
    for await (const { record, info } of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (limits) {
        if (index++ > limits.rows) throw validationError('file', 'import.fileTooManyRows', { max: limits.rows });
        if (record.length > limits.columns) throw tooManyCells(limits, info.lines);
        if (record.some((cell) => cell.length > limits.cellChars)) throw cellTooLong(limits, info.lines);
      }
      batch.push({ cells: record, line: info.lines });
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    await fed;
  } catch (error) {
    throw fileError(error, limits);
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

/** The export's columns but `left` (added later), named in `locale`. */
const columnsWithout = (locale: AppLocale, ...left: KopiykaCsvColumn[]) =>
  KOPIYKA_CSV_COLUMNS.filter(({ key }) => !left.includes(key)).map(({ key, ...names }) => ({
    key,
    name: names[locale],
  }));

/**
 * The headers of Kopiyka's export the preset knows: each language's, each language's written
 * before the tags and split part columns were added, and the English one written before the
 * transfer account column. A split transaction's lines come back as a transaction each, in its
 * part's category.
 */
const KOPIYKA_HEADERS: ReadonlyArray<ReadonlyArray<{ key: KopiykaCsvColumn; name: string }>> = [
  ...APP_LOCALES.map((locale) => columnsWithout(locale)),
  ...APP_LOCALES.map((locale) => columnsWithout(locale, 'tags', 'part')),
  columnsWithout('en', 'tags', 'part', 'transferAccount'),
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

/** The first rows of the file what it holds is told from. */
export const DETECTION_ROWS = IMPORT_SAMPLE_ROWS * 5;

/** What the file looks like, from its header and its first rows. */
export function detect(
  header: string[],
  rows: string[][],
  encoding: ImportEncoding,
  delimiter: ImportDelimiter,
): ImportDetection {
  const sample = rows.slice(0, DETECTION_ROWS);
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
