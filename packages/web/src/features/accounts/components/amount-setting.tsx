import { type FormEvent, useId } from 'react';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDraftEditor } from '../../../components/ui/draft-editor.ts';
import { Money } from '../../../components/ui/money.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { amountText } from '../../../lib/money.ts';
import { readAccountAmount } from './account-form.ts';

type AmountSettingProps = {
  label: string;
  /** In minor units. */
  value: number;
  currency: string;
  /** Said under the value, and while editing. */
  hint?: string;
  /** Only an amount above zero goes here (a limit): a minus is refused as it is typed. */
  positive?: boolean;
  /** Shown instead of the change button when the amount cannot be changed here. */
  readOnlyReason?: string;
  /** A message when the amount is not acceptable; checked before `onSave`. */
  validate?: (minor: number) => string | null;
  /** Resolves null once saved, else with a message to show ('' when a toast has said it already). */
  onSave: (minor: number) => Promise<string | null>;
};

/** An amount of an account, shown with a "Change" button that turns it into a field. */
export function AmountSetting({
  label,
  value,
  currency,
  hint,
  positive = false,
  readOnlyReason,
  validate,
  onSave,
}: AmountSettingProps) {
  const editor = useDraftEditor({ value, validate, onSave });
  const id = useId();
  const t = useT();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (editor.draft === null) return;
    const { minor, problem } = readAccountAmount(editor.draft, { positive });
    if (minor === null) editor.reject(problem);
    else await editor.commit(minor);
  }

  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:gap-6">
      <div className="flex flex-col gap-0.5 sm:w-48 sm:shrink-0">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        {hint ? (
          <span id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </div>
      {editor.draft === null ? (
        <div className="flex flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <Money minor={value} currency={currency} className="font-medium" />
          {readOnlyReason ? (
            <span className="text-xs text-muted-foreground">{readOnlyReason}</span>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => editor.open(amountText(value))}
              aria-label={t('account.amount.changeLabel', { label: label.toLowerCase() })}
            >
              {t('account.amount.change')}
            </Button>
          )}
        </div>
      ) : (
        <form onSubmit={save} noValidate className="flex flex-1 flex-col gap-2">
          <AmountInput
            autoFocus
            currency={currency}
            positive={positive}
            aria-labelledby={`${id}-label`}
            aria-describedby={editor.error ? editor.errorId : hint ? hintId : undefined}
            {...editor.fieldProps}
          />
          {editor.error ? (
            <p id={editor.errorId} role="alert" className="text-sm text-destructive">
              {editor.error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={editor.cancel} disabled={editor.saving}>
              {t('account.amount.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={editor.saving}>
              {editor.saving ? <Spinner /> : null}
              {t('account.amount.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
