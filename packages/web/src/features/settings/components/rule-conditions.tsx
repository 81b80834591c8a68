import {
  type Account,
  RULE_CONDITIONS_MAX,
  RULE_FIELDS,
  RULE_OPS_BY_FIELD,
  RULE_TEXT_MAX,
  type RuleField,
  type RuleOp,
  TRANSACTION_TYPES,
} from '@kopiyka/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type FieldError, useFieldArray, useWatch } from 'react-hook-form';
import { useAccounts } from '../../../api/accounts.ts';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ToggleChips } from '../../../components/ui/toggle-chips.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { RuleForm } from './rule-editor.tsx';
import { type ConditionDraft, isPicked, newCondition, VALUE_KIND, withField, withOp } from './rule-form.ts';
import { FIELD_LABELS, opLabel } from './rule-summary.ts';

type ConditionProps = {
  form: RuleForm;
  index: number;
  accounts: readonly Account[];
  /** The currency an amount is in, when the rule names one account. */
  currency: string | undefined;
  onRemove: (() => void) | null;
};

function ConditionFields({ form, index, accounts, currency, onRemove }: ConditionProps) {
  const t = useT();
  const id = useId();
  const draft = useWatch({ control: form.control, name: `conditions.${index}` }) as ConditionDraft;
  const { errors, isSubmitted } = form.formState;
  const error = errors.conditions?.[index];
  const problem = (error?.value as FieldError | undefined)?.message ?? error?.op?.message ?? error?.message;
  const number = index + 1;
  const valueLabel = t('rules.editor.value');

  function set(next: ConditionDraft) {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    // What was said of the value before is about another field or comparison.
    if (!isSubmitted) form.clearErrors(`conditions.${index}`);
    for (const key of ['field', 'op', 'value', 'picked'] as const) {
      if (next[key] !== draft[key]) form.setValue(`conditions.${index}.${key}`, next[key] as never, options);
    }
  }

  const kind = VALUE_KIND[draft.field];
  const list = draft.op === 'in';
  const control = {
    id: `${id}-value`,
    'aria-invalid': Boolean(problem),
    'aria-describedby': problem ? `${id}-error` : list && !isPicked(draft.field) ? `${id}-hint` : undefined,
  };
  const typeChoices = TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`transaction.kind.${type}`) }));
  const accountChoices = accounts.map((account) => ({ value: String(account.id), label: account.name }));

  let valueControl: ReactNode;
  if (list && isPicked(draft.field)) {
    valueControl = (
      <ToggleChips
        choices={kind === 'account' ? accountChoices : typeChoices}
        value={draft.picked}
        onChange={(picked) => set({ ...draft, picked })}
        labelledBy={`${id}-value-label`}
        invalid={Boolean(problem)}
      />
    );
  } else if (list) {
    valueControl = (
      <Textarea
        {...control}
        aria-labelledby={`${id}-value-label`}
        rows={3}
        {...form.register(`conditions.${index}.value`)}
      />
    );
  } else if (kind === 'amount') {
    valueControl = (
      <AmountInput
        {...control}
        aria-label={valueLabel}
        currency={currency}
        positive
        {...form.register(`conditions.${index}.value`)}
      />
    );
  } else if (kind === 'account' || kind === 'type') {
    valueControl = (
      <NativeSelect {...control} aria-label={valueLabel} {...form.register(`conditions.${index}.value`)}>
        <option value="" disabled>
          {kind === 'account' ? t('rules.editor.chooseAccount') : t('rules.editor.chooseType')}
        </option>
        {(kind === 'account' ? accountChoices : typeChoices).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    );
  } else {
    valueControl = (
      <Input
        {...control}
        aria-label={valueLabel}
        autoComplete="off"
        inputMode={kind === 'number' ? 'numeric' : undefined}
        maxLength={kind === 'text' ? RULE_TEXT_MAX : 4}
        placeholder={kind === 'number' ? t('rules.editor.mccPlaceholder') : undefined}
        {...form.register(`conditions.${index}.value`)}
      />
    );
  }

  return (
    <li>
      <fieldset
        aria-labelledby={`${id}-legend`}
        className="flex min-w-0 flex-col gap-2 rounded-lg border bg-background/40 p-3"
      >
        <div className="flex min-h-8 items-center justify-between gap-2">
          <span id={`${id}-legend`} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('rules.editor.condition', { number })}
          </span>
          {onRemove ? (
            <Button
              variant="ghost"
              size="icon"
              className="-my-1 -mr-1.5 size-8 text-muted-foreground"
              aria-label={t('rules.editor.removeCondition', { number })}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <NativeSelect
            aria-label={t('rules.editor.field')}
            value={draft.field}
            onChange={(event) => set(withField(draft, event.target.value as RuleField))}
          >
            {RULE_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(FIELD_LABELS[field])}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t('rules.editor.op')}
            value={draft.op}
            onChange={(event) => set(withOp(draft, event.target.value as RuleOp))}
          >
            {RULE_OPS_BY_FIELD[draft.field].map((op) => (
              <option key={op} value={op}>
                {opLabel(draft.field, op)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {list ? (
          <span id={`${id}-value-label`} className="text-sm">
            {kind === 'account'
              ? t('rules.editor.pickAccounts')
              : kind === 'type'
                ? t('rules.editor.pickTypes')
                : valueLabel}
          </span>
        ) : null}
        {valueControl}
        {problem ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {problem}
          </p>
        ) : list && !isPicked(draft.field) ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {kind === 'amount' ? t('rules.editor.linesAmountHint') : t('rules.editor.linesHint')}
          </p>
        ) : kind === 'amount' && !currency ? (
          <p className="text-xs text-muted-foreground">{t('rules.editor.amountHint')}</p>
        ) : null}
      </fieldset>
    </li>
  );
}

/**
 * The conditions of a rule: each a field, a comparison the field takes (the list follows the
 * field), and a value entered as the field takes it; whether all of them must hold or any.
 */
export function RuleConditions({ form }: { form: RuleForm }) {
  const t = useT();
  const accounts = useAccounts();
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const drafts = useWatch({ control: form.control, name: 'conditions' }) as ConditionDraft[];
  const match = useWatch({ control: form.control, name: 'match' });
  const { errors } = form.formState;
  const listError = errors.conditions?.root?.message ?? errors.conditions?.message;
  const all = accounts.data ?? [];
  // An amount is in the account's currency: named when the rule is about one account.
  const pinned = drafts.find((draft) => draft.field === 'accountId' && draft.op === 'equals' && draft.value !== '');
  const currency = all.find((account) => String(account.id) === pinned?.value)?.currencyCode;

  return (
    <section aria-labelledby="rule-conditions" className="flex flex-col gap-3">
      <h3 id="rule-conditions" className="text-sm font-semibold">
        {t('rules.editor.when')}
      </h3>
      {conditions.fields.length > 1 ? (
        <SegmentedControl
          aria-label={t('rules.editor.match')}
          value={match}
          onValueChange={(next) => form.setValue('match', next, { shouldDirty: true })}
          options={[
            { value: 'all', label: t('rules.editor.match.all') },
            { value: 'any', label: t('rules.editor.match.any') },
          ]}
        />
      ) : null}
      <ol className="flex flex-col gap-3">
        {conditions.fields.map((field, index) => (
          <ConditionFields
            key={field.id}
            form={form}
            index={index}
            accounts={all}
            currency={currency}
            onRemove={conditions.fields.length > 1 ? () => conditions.remove(index) : null}
          />
        ))}
      </ol>
      {listError ? <p className="text-sm text-destructive">{listError}</p> : null}
      {conditions.fields.length < RULE_CONDITIONS_MAX ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => conditions.append(newCondition(), { shouldFocus: false })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('rules.editor.addCondition')}
        </Button>
      ) : null}
    </section>
  );
}
