import fc from 'fast-check';
import { expect, it } from 'vitest';
import { csvCellText, csvTextCell } from './imports.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
/** Text built from the characters that matter here, so the awkward cases come up often. */
const text = fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '1') });

it('writes no text cell a spreadsheet would run, and reads every one back as it was', () => {
  fc.assert(
    fc.property(text, (value) => {
      const cell = csvTextCell(value);
      expect(cell).not.toMatch(FORMULA_START);
      expect(csvCellText(cell)).toBe(value);
    }),
    { seed: 35 },
  );
  expect(csvTextCell('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
  expect(csvTextCell("it's")).toBe("it's");
});
