import type { DecimalSeparator, ImportDateFormat, ImportMapping } from './imports.ts';
import { type CodedIssue, type IssueCode, issueMessage } from './issues.ts';
import { isWithinAmountLimit, MAX_AMOUNT_TEXT } from './money.ts';

/**
 * Reading one cell of an imported file: the one rule for the server's import and the web's preview
 * of parsed rows, so what the preview shows is what gets imported.
 */

/** A cell that cannot be read says why: by code (for the web to translate) and in English. */
export type CellProblem = CodedIssue & { ok: false; message: string };
export type ParsedCell<T> = { ok: true; value: T } | CellProblem;

const fail = (code: IssueCode, params: Record<string, string | number> = {}): CellProblem => ({
  ok: false,
  code,
  params,
  message: issueMessage(code, params),
});

/** Spaces people and spreadsheets put between thousands: space, no-break and narrow no-break space, apostrophe. */
const GROUPING = /[\s\u00a0\u202f']/g;

/**
 * A signed amount written the way bank exports write it, in minor units: `-1 234,56`, `1,234.56`,
 * `(12.50)` (negative), `+7`, `−3.10` (a minus sign), an ISO code or a symbol around it left out.
 * `decimalSeparator` says which of `.` and `,` is the decimal point; the other may group thousands.
 * More than two decimals are refused, not rounded: a silent cent is a wrong balance.
 */
export function parseImportAmount(text: string, decimalSeparator: DecimalSeparator): ParsedCell<number> {
  let rest = text.trim();
  if (rest === '') return fail('cell.amountEmpty');
  let negative = false;
  if (/^\(.*\)$/.test(rest)) {
    negative = true;
    rest = rest.slice(1, -1).trim();
  }
  // A currency code or symbol before or after the number.
  rest = rest.replace(/^(?:[A-Z]{3}|\p{Sc}|грн\.?)\s*/u, '').replace(/\s*(?:[A-Z]{3}|\p{Sc}|грн\.?)$/u, '');
  const sign = /^[+\-−]/.exec(rest)?.[0];
  if (sign) {
    negative = negative !== (sign !== '+');
    rest = rest.slice(1).trim();
  }
  const grouping = decimalSeparator === '.' ? ',' : '.';
  const digits = rest.replace(GROUPING, '').split(grouping).join('');
  const match = (decimalSeparator === '.' ? /^(\d+)(?:\.(\d*))?$/ : /^(\d+)(?:,(\d*))?$/).exec(digits);
  if (!match) return fail('cell.notAmount', { text: text.trim().slice(0, 40) });
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return fail('cell.tooManyDecimals', { text: text.trim().slice(0, 40) });
  const minor = BigInt(match[1]!) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  if (!isWithinAmountLimit(minor)) return fail('cell.amountTooLarge', { max: MAX_AMOUNT_TEXT });
  const value = Number(minor);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/**
 * The signed amount of a row that writes money out (debit) and in (credit) in two columns, each
 * without a sign (one given is ignored). A row fills one of them; the other is empty or 0.
 */
export function parseImportDebitCredit(
  debit: string | undefined,
  credit: string | undefined,
  decimalSeparator: DecimalSeparator,
): ParsedCell<number> {
  const side = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : parseImportAmount(text, decimalSeparator);
  const [out, into] = [side(debit), side(credit)];
  if (out && !out.ok) return out;
  if (into && !into.ok) return into;
  if (!out && !into) return fail('cell.amountEmpty');
  const outMinor = out?.ok ? Math.abs(out.value) : 0;
  const intoMinor = into?.ok ? Math.abs(into.value) : 0;
  if (outMinor !== 0 && intoMinor !== 0) return fail('cell.debitAndCredit');
  return { ok: true, value: intoMinor - outMinor };
}

/**
 * The signed amount of a row as mapped: its amount column, or its debit (out) and credit (in)
 * columns. Never 0: a row that moves nothing is no transaction.
 */
export function parseImportRowAmount(
  cells: readonly string[],
  mapping: Pick<ImportMapping, 'amount' | 'debit' | 'credit'>,
  decimalSeparator: DecimalSeparator,
): ParsedCell<number> {
  const cell = (column: number | undefined) => (column === undefined ? undefined : (cells[column] ?? ''));
  const parsed =
    mapping.amount === undefined
      ? parseImportDebitCredit(cell(mapping.debit), cell(mapping.credit), decimalSeparator)
      : parseImportAmount(cell(mapping.amount) ?? '', decimalSeparator);
  return parsed.ok && parsed.value === 0 ? fail('cell.amountZero') : parsed;
}

/** A wall-clock time as written in a file; `month` counts from 1. */
export type ImportWallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** A time read from a file: a wall-clock time (read in the user's zone) or, for ISO with an offset, an instant. */
export type ImportTime = { wall: ImportWallTime } | { instant: string };

const PATTERN_PARTS: Record<string, string> = {
  dd: '(?<day>\\d{1,2})',
  MM: '(?<month>\\d{1,2})',
  yyyy: '(?<year>\\d{4})',
  HH: '(?<hour>\\d{1,2})',
  mm: '(?<minute>\\d{2})',
  ss: '(?<second>\\d{2})',
};

const patterns = new Map<ImportDateFormat, RegExp>();

/** `dd.MM.yyyy HH:mm` → a regular expression with named groups (fields may have one digit: 5.3.2026). */
function patternOf(format: Exclude<ImportDateFormat, 'ISO'>): RegExp {
  let pattern = patterns.get(format);
  if (!pattern) {
    const source = format
      .split(/(dd|MM|yyyy|HH|mm|ss)/)
      .map((piece) => PATTERN_PARTS[piece] ?? piece.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(' ', '[ T]'))
      .join('');
    pattern = new RegExp(`^${source}$`);
    patterns.set(format, pattern);
  }
  return pattern;
}

const ISO =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[T ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d{1,9})?)?)?(?<zone>Z|[+-]\d{2}:?\d{2})?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A time cell in `format`; ISO with an offset is an instant, anything else a wall-clock time. */
export function parseImportTime(text: string, format: ImportDateFormat): ParsedCell<ImportTime> {
  const trimmed = text.trim();
  if (trimmed === '') return fail('cell.timeEmpty');
  const match = (format === 'ISO' ? ISO : patternOf(format)).exec(trimmed);
  const groups = match?.groups;
  if (!groups) return fail('cell.notTime', { text: trimmed.slice(0, 40), format });
  const wall: ImportWallTime = {
    year: Number(groups.year),
    month: Number(groups.month),
    day: Number(groups.day),
    hour: Number(groups.hour ?? 0),
    minute: Number(groups.minute ?? 0),
    second: Number(groups.second ?? 0),
  };
  const valid =
    wall.year >= 1900 &&
    wall.month >= 1 &&
    wall.month <= 12 &&
    wall.day >= 1 &&
    wall.day <= daysInMonth(wall.year, wall.month) &&
    wall.hour <= 23 &&
    wall.minute <= 59 &&
    wall.second <= 59;
  if (!valid) return fail('cell.notCalendarDate', { text: trimmed.slice(0, 40) });
  if (groups.zone) {
    const zone = groups.zone === 'Z' ? 'Z' : `${groups.zone.slice(0, 3)}:${groups.zone.slice(-2)}`;
    const at = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    const instant = Date.parse(`${new Date(at).toISOString().slice(0, 19)}${zone}`);
    if (Number.isNaN(instant)) return fail('cell.notTime', { text: trimmed.slice(0, 40), format });
    return { ok: true, value: { instant: new Date(instant).toISOString() } };
  }
  return { ok: true, value: { wall } };
}
