import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { detect, type FileRecord, recordBatches } from './detect.ts';

/** Every record of the file at once, as csv-parse reads it. */
const parseRecords = (text: string): string[][] => parse(text, { relax_column_count: true, skip_empty_lines: true });

async function collect(batches: AsyncGenerator<FileRecord[]>) {
  const taken: FileRecord[][] = [];
  for await (const batch of batches) taken.push(batch);
  return taken;
}

/** Rows with a quoted two-line note and an emoji, the first emoji past 64 K split across two of the parser's pieces. */
function file(rows: number): string {
  const row = (index: number, pad = '') => `2026-01-01 10:00,-1.00,"note ${index}${pad} 😀\nsecond line"`;
  const build = (pad: string) =>
    ['time,amount,note', row(0, pad), ...Array.from({ length: rows - 1 }, (_, index) => row(index + 1))].join('\r\n');
  const unpadded = build('');
  const emoji = unpadded.indexOf('😀', 65_536 - 60);
  return build(' '.repeat(65_535 - emoji));
}

describe('rows read a batch at a time', () => {
  const text = file(3_000);

  it('are the rows of the whole file, in batches, characters split between pieces kept whole', async () => {
    expect(text.charCodeAt(65_535)).toBeGreaterThanOrEqual(0xd800);
    expect(text.charCodeAt(65_535)).toBeLessThanOrEqual(0xdbff);
    const batches = await collect(recordBatches([text], ',', { from: 1, size: 1_000 }));
    expect(batches.map((batch) => batch.length)).toEqual([1_000, 1_000, 1_000]);
    expect(batches.flat().map(({ cells }) => cells)).toEqual(parseRecords(text).slice(1));
    expect(batches.flat().every(({ cells }) => cells[2]!.includes('😀\nsecond line'))).toBe(true);
    // Each row is two lines of the file, under the header's one.
    expect(batches.flat().map(({ line }) => line)).toEqual(Array.from({ length: 3_000 }, (_, index) => 3 + 2 * index));
  });

  it('start at a given row, as a resumed import does, and end with what is left', async () => {
    const batches = await collect(recordBatches([text], ',', { from: 2_501, size: 400 }));
    expect(batches.map((batch) => batch.length)).toEqual([400, 100]);
    expect(batches[0]![0]).toEqual({ cells: parseRecords(text)[2_501], line: 3 + 2 * 2_500 });
  });

  it('stop reading when the taker stops', async () => {
    const batches = recordBatches([text], ',', { from: 1, size: 10 });
    expect((await batches.next()).value).toHaveLength(10);
    expect(await batches.return(undefined)).toEqual({ done: true, value: undefined });
  });

  it('refuse unreadable CSV on the file', async () => {
    await expect(collect(recordBatches(['a,b\n1,"open\n'], ',', { from: 1, size: 10 }))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('a balance column', () => {
  it.each([
    [['Date', 'Amount', 'Balance after'], 2],
    [['Дата', 'Сума', 'Залишок'], 2],
    [['Дата', 'Остаток', 'Сумма'], 1],
    [['Date', 'Balance', 'Amount'], 1],
  ])('is found under %j, apart from the amount', (header, column) => {
    const { mapping } = detect(header, [], 'utf-8', ',');
    expect(mapping.balance).toBe(column);
    expect(mapping.amount).not.toBe(column);
  });
});
