import {
  type CreateImportResponse,
  type DecimalSeparator,
  type ImportBalance,
  type ImportBalancePoint,
  type ImportDateFormat,
  type ImportDetection,
  type ImportMapping,
  importMappingSchema,
  type ParsedCell,
  parseImportAmount,
  parseImportRowAmount,
  parseImportTime,
} from '@kopiyka/shared';
import { zonedInstant } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';
import { amountText, readAmount } from '../../lib/money.ts';

/** The columns a person chooses on the mapping screen, in the order shown. */
export const MAPPED_FIELDS = ['time', 'amount', 'debit', 'credit', 'note', 'category', 'currency', 'balance'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** One signed amount column, or separate columns for money out (debit) and in (credit). */
export type AmountStyle = 'signed' | 'split';

export type DraftMapping = ImportDetection['mapping'];

/** What the mapping screen holds: the detection, as the person changes it. */
export type ImportDraft = {
  mapping: DraftMapping;
  amountStyle: AmountStyle;
  /** Null until a format reads the time column (the detection found none). */
  dateFormat: ImportDateFormat | null;
  decimalSeparator: DecimalSeparator;
  skipDuplicates: boolean;
  /** Without a balance column: where the balance typed was the account's… */
  balancePoint: ImportBalancePoint;
  /** …and the balance as typed. */
  balanceText: string;
};

/**
 * The detection as a draft. Without a balance column the question starts answered, and shown:
 * today's balance is the account's balance now (docs/decisions.md "A CSV import meets the
 * statement's balance").
 */
export function initialDraft(detected: ImportDetection, accountBalance: number): ImportDraft {
  const split =
    detected.mapping.amount === undefined && (detected.mapping.debit ?? detected.mapping.credit) !== undefined;
  return {
    mapping: detected.mapping,
    amountStyle: split ? 'split' : 'signed',
    dateFormat: detected.dateFormat,
    decimalSeparator: detected.decimalSeparator,
    skipDuplicates: true,
    balancePoint: 'today',
    balanceText: amountText(accountBalance),
  };
}

/** The mapping as sent: only the amount columns of the style chosen count. */
export function mappingOf(draft: ImportDraft): DraftMapping {
  const { amount, debit, credit, ...rest } = draft.mapping;
  return draft.amountStyle === 'signed' ? { ...rest, amount } : { ...rest, debit, credit };
}

export type DraftProblems = Partial<Record<MappedField | 'dateFormat' | 'balanceText', string>>;

export type DraftCheck =
  | { ok: true; mapping: ImportMapping; dateFormat: ImportDateFormat; balance: ImportBalance | undefined }
  | { ok: false; problems: DraftProblems };

/** The balance the person gave, when the file has no balance column; a problem when it does not read. */
function balanceOf(draft: ImportDraft): { balance: ImportBalance | undefined; problem: string | null } {
  if (draft.mapping.balance !== undefined) return { balance: undefined, problem: null };
  if (draft.balanceText.trim() === '') return { balance: undefined, problem: t('import.balance.missing') };
  const { minor, problem } = readAmount(draft.balanceText);
  if (problem !== null) return { balance: undefined, problem };
  // A zero reads as null: no amount to convert, but a balance all the same.
  return { balance: { point: draft.balancePoint, amount: minor ?? 0 }, problem: null };
}

/**
 * The shared rules of a mapping (a time column; an amount or debit/credit), plus a date format
 * chosen and, without a balance column, a balance that reads.
 */
export function checkDraft(draft: ImportDraft, dateFormatMissing: string, timeMissing: string): DraftCheck {
  const problems: DraftProblems = {};
  const mapping = mappingOf(draft);
  const checked = importMappingSchema.safeParse(mapping);
  if (mapping.time === undefined) problems.time = timeMissing;
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      // The amount rules name `amount`; in debit/credit style they concern those columns.
      const shownOn = field === 'amount' && draft.amountStyle === 'split' ? 'debit' : field;
      if (typeof shownOn === 'string' && shownOn !== 'time') problems[shownOn as MappedField] ??= issue.message;
    }
  }
  if (draft.dateFormat === null) problems.dateFormat = dateFormatMissing;
  const { balance, problem: balanceProblem } = balanceOf(draft);
  if (balanceProblem !== null) problems.balanceText = balanceProblem;
  if (!checked.success || draft.dateFormat === null || balanceProblem !== null) return { ok: false, problems };
  return { ok: true, mapping: checked.data, dateFormat: draft.dateFormat, balance };
}

/** A sample row read with the draft's choices, as the import will read it. */
export type PreviewRow = {
  /** The row's line in the file (the header is line 1). */
  line: number;
  /** Why the whole row fails (it is shorter than the columns chosen); null when its cells are read. */
  problem: string | null;
  time: ParsedCell<Date> | null;
  /** Minor units, negative for money out. */
  amount: ParsedCell<number> | null;
  note: string | null;
  category: string | null;
  /** A merchant category code: without a category column, the import files the row by it. */
  mcc: string | null;
  currency: string | null;
  /** The balance after the row when a column holds it, in minor units; null when none does or the cell is empty. */
  balance: ParsedCell<number> | null;
};

const cellOf = (row: readonly string[], column: number | undefined) =>
  column === undefined ? null : (row[column] ?? '').trim();

function readTime(text: string, format: ImportDateFormat, timeZone: string): ParsedCell<Date> {
  const parsed = parseImportTime(text, format);
  if (!parsed.ok) return parsed;
  const time = parsed.value;
  // A time without an offset is the user's wall clock, as the server reads it.
  return { ok: true, value: 'instant' in time ? new Date(time.instant) : zonedInstant(time.wall, timeZone) };
}

/** The sample rows parsed with the draft's choices; a cell that would fail carries the reason. */
export function previewRows(file: CreateImportResponse, draft: ImportDraft, timeZone: string): PreviewRow[] {
  const mapping = mappingOf(draft);
  const lastColumn = Math.max(...Object.values(mapping).filter((column) => column !== undefined));
  return file.sample.map((row, index) => {
    const time = cellOf(row, mapping.time);
    const balance = cellOf(row, mapping.balance);
    return {
      line: index + 2,
      // In the words the import uses for a short row.
      problem:
        row.length <= lastColumn ? t('import.preview.shortRow', { cells: row.length, column: lastColumn + 1 }) : null,
      time: time === null || draft.dateFormat === null ? null : readTime(time, draft.dateFormat, timeZone),
      amount:
        mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined
          ? null
          : parseImportRowAmount(row, mapping, draft.decimalSeparator),
      note: cellOf(row, mapping.note),
      category: cellOf(row, mapping.category),
      mcc: cellOf(row, mapping.mcc),
      currency: cellOf(row, mapping.currency),
      balance: balance ? parseImportAmount(balance, draft.decimalSeparator) : null,
    };
  });
}
