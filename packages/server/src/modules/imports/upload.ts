/**
 * An upload read once (docs/decisions.md "A CSV upload is read once, a piece at a time"): decoded
 * and parsed a piece per turn of the event loop, stopped at the first line past the limits, and
 * what the later calls need kept from that one reading: the preview, the header's width and each
 * column's category names. Nothing reads the file again until the job imports it.
 */
import { csvCellText, IMPORT_MAX_CATEGORY_NAMES, type ImportDelimiter, type ImportEncoding } from '@kopiyka/shared';
import type { ImportLimits } from '../../config.ts';
import type { ImportColumnNames } from '../../db/schema.ts';
import { validationError } from '../../lib/errors.ts';
import { DETECTION_ROWS, decodeFile, detectDelimiter, recordBatches } from './detect.ts';
import { categoryKey } from './views.ts';

/**
 * What the names kept for all the columns together may come to, in characters (each name counted
 * with NAME_COST more): the embedded database's memory grows to hold the largest value it stores
 * and keeps it, so the names stay within a stored part of the file (IMPORT_PART_CHARS).
 */
const NAMES_BUDGET = 256 * 1024;
/** What a name costs beyond its characters: its row count and its place in the stored list. */
const NAME_COST = 16;

/** Records taken from the parser at a time. */
const RECORDS_PER_BATCH = 1_000;

/**
 * Each column's different names as they come, a column dropped once it has more than
 * IMPORT_MAX_CATEGORY_NAMES; past the budget, the column with the most is dropped (times,
 * amounts and notes grow fastest, category columns stay small).
 */
function columnNamesTally(columns: number) {
  /** A column's names by categoryKey, and what they cost of the budget; null once dropped. */
  const tallies: Array<{ byKey: Map<string, { name: string; rows: number }>; size: number } | null> = Array.from(
    { length: columns },
    () => ({ byKey: new Map(), size: 0 }),
  );
  let total = 0;
  const drop = (column: number) => {
    total -= tallies[column]!.size;
    tallies[column] = null;
  };
  const largest = () => {
    let found = -1;
    for (const [column, names] of tallies.entries()) {
      if (names && (found < 0 || names.size > tallies[found]!.size)) found = column;
    }
    return found;
  };
  return {
    add(cells: string[]) {
      for (let column = 0; column < tallies.length; column++) {
        const names = tallies[column];
        const name = names && csvCellText(cells[column] ?? '').trim();
        if (!names || !name) continue;
        const seen = names.byKey.get(categoryKey(name));
        if (seen) {
          seen.rows += 1;
          continue;
        }
        if (names.byKey.size === IMPORT_MAX_CATEGORY_NAMES) {
          drop(column);
          continue;
        }
        names.byKey.set(categoryKey(name), { name, rows: 1 });
        names.size += name.length + NAME_COST;
        total += name.length + NAME_COST;
        while (total > NAMES_BUDGET) drop(largest());
      }
    },
    names: (): ImportColumnNames[] => tallies.map((names) => names && [...names.byKey.values()]),
  };
}

export interface UploadReading {
  /** The file's text, as it is stored. */
  parts: string[];
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
  header: string[];
  /** Data rows, the header not counted. */
  rowCount: number;
  /** The first DETECTION_ROWS data rows. */
  firstRows: string[][];
  /** Each column of the header's category names. */
  columnNames: ImportColumnNames[];
}

/** Reads an uploaded file once; a file past `limits` is refused (422 on `file`) at the first record past them. */
export async function readUpload(bytes: Buffer, limits: ImportLimits): Promise<UploadReading> {
  const { parts, encoding } = await decodeFile(bytes);
  if (!parts.some((part) => /\S/.test(part))) throw validationError('file', 'import.fileEmpty');
  if (parts.some((part) => part.includes('\u0000'))) throw validationError('file', 'import.fileNotText');
  const delimiter = await detectDelimiter(parts[0]!, parts.length === 1);
  let header: string[] | undefined;
  let tally: ReturnType<typeof columnNamesTally> | undefined;
  let rowCount = 0;
  const firstRows: string[][] = [];
  for await (const batch of recordBatches(parts, delimiter, { from: 0, size: RECORDS_PER_BATCH, limits })) {
    for (const { cells } of batch) {
      if (!header || !tally) {
        header = cells;
        tally = columnNamesTally(header.length);
        continue;
      }
      rowCount += 1;
      if (firstRows.length < DETECTION_ROWS) firstRows.push(cells);
      tally.add(cells);
    }
  }
  if (!header || !tally || rowCount === 0) throw validationError('file', 'import.fileNoRows');
  return { parts, encoding, delimiter, header, rowCount, firstRows, columnNames: tally.names() };
}
