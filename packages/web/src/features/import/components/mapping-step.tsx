import {
  type CreateImportResponse,
  DECIMAL_SEPARATORS,
  type DecimalSeparator,
  IMPORT_DATE_FORMATS,
  type ImportBalancePoint,
  type ImportDateFormat,
  type ImportDelimiter,
  type ImportEncoding,
  type ImportPreset,
  type ParsedCell,
} from '@kopiyka/shared';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { formatDateTime } from '../../../entities/transactions/describe.ts';
import { issueText, type MessageKey, t, useT } from '../../../lib/i18n.ts';
import { useDisplayTimeZone } from '../../../lib/locale.ts';
import {
  type AmountStyle,
  checkDraft,
  type DraftCheck,
  type DraftProblems,
  type ImportDraft,
  type MappedField,
  type PreviewRow,
  previewRows,
} from '../import-draft.ts';
import { RowsTable } from './rows-table.tsx';

const PRESET_LABELS: Record<ImportPreset, MessageKey> = {
  monobank: 'import.preset.monobank',
  kopiyka: 'import.preset.kopiyka',
};

const ENCODING_LABELS: Record<ImportEncoding, string> = { 'utf-8': 'UTF-8', 'windows-1251': 'Windows-1251' };

const DELIMITER_LABELS: Record<ImportDelimiter, MessageKey> = {
  ',': 'import.delimiter.comma',
  ';': 'import.delimiter.semicolon',
  '\t': 'import.delimiter.tab',
  '|': 'import.delimiter.bar',
};

const SEPARATOR_LABELS: Record<DecimalSeparator, MessageKey> = {
  '.': 'import.separator.point',
  ',': 'import.separator.comma',
};

const FIELD_LABELS: Record<MappedField, MessageKey> = {
  time: 'import.field.time',
  amount: 'import.field.amount',
  debit: 'import.field.debit',
  credit: 'import.field.credit',
  note: 'import.field.note',
  category: 'import.field.category',
  currency: 'import.field.currency',
  balance: 'import.field.balance',
};

const FIELD_HINTS: Partial<Record<MappedField, MessageKey>> = {
  amount: 'import.field.amountHint',
  debit: 'import.field.debitHint',
  credit: 'import.field.creditHint',
  category: 'import.field.categoryHint',
  currency: 'import.field.currencyHint',
  balance: 'import.field.balanceHint',
};

/** The fields of each amount style; the others are hidden. */
const FIELDS_SHOWN: Record<AmountStyle, readonly MappedField[]> = {
  signed: ['time', 'amount', 'note', 'category', 'currency', 'balance'],
  split: ['time', 'debit', 'credit', 'note', 'category', 'currency', 'balance'],
};

/** A column as the selects show it: its header, or its number when the header is blank. */
const columnName = (name: string, index: number) => name.trim() || t('import.columnNumber', { number: index + 1 });

/** A row's own currency when it names one, else the account's. */
const rowCurrency = (code: string | null, account: string) =>
  code && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : account;

function Detected({ file }: { file: CreateImportResponse }) {
  const t = useT();
  const { detected } = file;
  const items: Array<[string, string]> = [
    [t('import.detected.format'), detected.preset ? t(PRESET_LABELS[detected.preset]) : t('import.preset.none')],
    [t('import.detected.encoding'), ENCODING_LABELS[detected.encoding]],
    [t('import.detected.delimiter'), t(DELIMITER_LABELS[detected.delimiter])],
    [t('import.detected.rows'), t('import.rows', { count: file.rowCount })],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/60 p-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Failure({ text }: { text: string }) {
  return (
    <span className="flex min-w-32 items-start gap-1 text-left text-destructive">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{text}</span>
    </span>
  );
}

function Cell<T>({ parsed, children }: { parsed: ParsedCell<T> | null; children: (value: T) => ReactNode }) {
  if (parsed === null) return <span className="text-muted-foreground">—</span>;
  return parsed.ok ? children(parsed.value) : <Failure text={issueText(parsed)} />;
}

/** A sample row's cells as the import will read them. */
function PreviewCells({ row, currency, withBalance }: { row: PreviewRow; currency: string; withBalance: boolean }) {
  const t = useT();
  return (
    <>
      <td className="min-w-24 px-3 py-2">
        <Cell parsed={row.time}>{(time) => formatDateTime(time.toISOString())}</Cell>
      </td>
      <td className="px-3 py-2 text-right">
        <Cell parsed={row.amount}>
          {(minor) => (
            <Money
              minor={minor}
              currency={rowCurrency(row.currency, currency)}
              kind={minor < 0 ? 'expense' : 'income'}
            />
          )}
        </Cell>
      </td>
      {withBalance ? (
        <td className="px-3 py-2 text-right">
          <Cell parsed={row.balance}>{(minor) => <Money minor={minor} currency={currency} />}</Cell>
        </td>
      ) : null}
      <td className="max-w-40 truncate px-3 py-2 sm:max-w-64" title={row.note ?? undefined}>
        {row.note || <span className="text-muted-foreground">—</span>}
      </td>
      <td className="px-3 py-2">
        {row.category || (
          <span className="text-muted-foreground">
            {row.mcc ? t('import.preview.byMcc', { mcc: row.mcc }) : t('import.preview.other')}
          </span>
        )}
      </td>
    </>
  );
}

function Preview({ file, draft, currency }: { file: CreateImportResponse; draft: ImportDraft; currency: string }) {
  const t = useT();
  const timeZone = useDisplayTimeZone();
  const rows = useMemo(() => previewRows(file, draft, timeZone), [file, draft, timeZone]);
  const failing = rows.filter((row) => row.problem || row.time?.ok === false || row.amount?.ok === false).length;
  const withBalance = draft.mapping.balance !== undefined;
  return (
    <section aria-labelledby="import-preview-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="import-preview-title" className="text-sm font-semibold">
          {t('import.preview.title', { count: rows.length })}
        </h3>
        <p className="text-xs text-muted-foreground">
          {failing > 0 ? t('import.preview.failing', { count: failing }) : t('import.preview.timeZone', { timeZone })}
        </p>
      </div>
      <RowsTable
        className="max-h-96"
        columns={[
          { label: t('import.preview.line') },
          { label: t('import.field.time') },
          { label: t('import.field.amount'), className: 'text-right' },
          ...(withBalance ? [{ label: t('import.field.balance'), className: 'text-right' }] : []),
          { label: t('import.field.note') },
          { label: t('import.field.category') },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.line} className="border-t align-top">
            <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.line}</td>
            {row.problem ? (
              <td colSpan={withBalance ? 5 : 4} className="px-3 py-2">
                <Failure text={row.problem} />
              </td>
            ) : (
              <PreviewCells row={row} currency={currency} withBalance={withBalance} />
            )}
          </tr>
        ))}
      </RowsTable>
    </section>
  );
}

type BalanceQuestionProps = {
  file: CreateImportResponse;
  draft: ImportDraft;
  currency: string;
  error: string | undefined;
  onChange: (patch: Partial<ImportDraft>) => void;
};

/**
 * Where the account's balance comes from: the balance column, said in words, or, without one, the
 * question what it was today or before the file, answered in advance with the balance it has now.
 */
function BalanceQuestion({ file, draft, currency, error, onChange }: BalanceQuestionProps) {
  const t = useT();
  const column = draft.mapping.balance;
  if (column !== undefined) {
    return (
      <p className="rounded-lg bg-muted/60 p-3 text-sm">
        {t('import.balance.fromColumn', { column: columnName(file.columns[column] ?? '', column) })}
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{t('import.balance.title')}</legend>
      <p className="text-sm text-muted-foreground">{t('import.balance.description')}</p>
      <SegmentedControl<ImportBalancePoint>
        aria-label={t('import.balance.point')}
        value={draft.balancePoint}
        onValueChange={(balancePoint) => onChange({ balancePoint })}
        options={[
          { value: 'today', label: t('import.balance.today') },
          { value: 'beforeFirst', label: t('import.balance.beforeFirst') },
        ]}
        className="max-w-xl grid-flow-row sm:grid-flow-col"
      />
      <FormField id="import-balance" label={t('import.balance.amount')} error={error}>
        {(control) => (
          <AmountInput
            {...control}
            currency={currency}
            className="max-w-xs"
            value={draft.balanceText}
            onChange={(event) => onChange({ balanceText: event.target.value })}
          />
        )}
      </FormField>
    </fieldset>
  );
}

type MappingStepProps = {
  file: CreateImportResponse;
  /** The account's currency: amounts are in it unless a currency column says otherwise. */
  currency: string;
  draft: ImportDraft;
  onDraftChange: (draft: ImportDraft) => void;
  onContinue: (checked: Extract<DraftCheck, { ok: true }>) => void;
  onCancel: () => void;
  /** The next step's name: categories to map, or the import itself. */
  continueLabel: string;
  busy: boolean;
};

/** Step 2: what was detected, a column for each field, and the sample rows read with those choices. */
export function MappingStep({
  file,
  currency,
  draft,
  onDraftChange,
  onContinue,
  onCancel,
  continueLabel,
  busy,
}: MappingStepProps) {
  const t = useT();
  const [problems, setProblems] = useState<DraftProblems>({});

  function change(patch: Partial<ImportDraft>) {
    setProblems({});
    onDraftChange({ ...draft, ...patch });
  }

  function setColumn(field: MappedField, value: string) {
    change({ mapping: { ...draft.mapping, [field]: value === '' ? undefined : Number(value) } });
  }

  function submit() {
    const checked = checkDraft(draft, t('import.dateFormat.missing'), t('import.field.timeMissing'));
    if (checked.ok) onContinue(checked);
    else setProblems(checked.problems);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('import.mapping.title')}</CardTitle>
        <CardDescription>{t('import.mapping.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Detected file={file} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('import.amountStyle.label')}</legend>
            <SegmentedControl<AmountStyle>
              aria-label={t('import.amountStyle.label')}
              value={draft.amountStyle}
              onValueChange={(amountStyle) => change({ amountStyle })}
              options={[
                { value: 'signed', label: t('import.amountStyle.signed') },
                { value: 'split', label: t('import.amountStyle.split') },
              ]}
              className="max-w-md"
            />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FIELDS_SHOWN[draft.amountStyle].map((field) => {
              const hint = FIELD_HINTS[field];
              return (
                <FormField
                  key={field}
                  id={`import-field-${field}`}
                  label={t(FIELD_LABELS[field])}
                  hint={hint ? t(hint) : undefined}
                  error={problems[field]}
                >
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={draft.mapping[field] ?? ''}
                      onChange={(event) => setColumn(field, event.target.value)}
                    >
                      <option value="">{t('import.column.none')}</option>
                      {file.columns.map((name, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; names may repeat
                        <option key={index} value={index}>
                          {columnName(name, index)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
              );
            })}
            <FormField id="import-date-format" label={t('import.dateFormat.label')} error={problems.dateFormat}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.dateFormat ?? ''}
                  onChange={(event) => change({ dateFormat: (event.target.value || null) as ImportDateFormat | null })}
                >
                  {draft.dateFormat === null ? <option value="">{t('import.dateFormat.choose')}</option> : null}
                  {IMPORT_DATE_FORMATS.map((format) => (
                    <option key={format} value={format}>
                      {format === 'ISO' ? t('import.dateFormat.iso') : format}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="import-decimal-separator" label={t('import.separator.label')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.decimalSeparator}
                  onChange={(event) => change({ decimalSeparator: event.target.value as DecimalSeparator })}
                >
                  {DECIMAL_SEPARATORS.map((separator) => (
                    <option key={separator} value={separator}>
                      {t(SEPARATOR_LABELS[separator])}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <BalanceQuestion
            file={file}
            draft={draft}
            currency={currency}
            error={problems.balanceText}
            onChange={change}
          />
          <SwitchField
            label={t('import.skipDuplicates.label')}
            hint={t('import.skipDuplicates.hint')}
            checked={draft.skipDuplicates}
            onCheckedChange={(skipDuplicates) => change({ skipDuplicates })}
          />
          <Preview file={file} draft={draft} currency={currency} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {continueLabel}
            </Button>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('import.cancel')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
