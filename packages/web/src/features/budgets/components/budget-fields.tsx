import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { DayKey } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import {
  BUDGET_DATE_PRESET_LABELS,
  BUDGET_DATE_PRESETS,
  type BudgetDatePreset,
  budgetPresetDates,
  matchingPreset,
} from '../../../lib/periods.ts';
import { type BudgetFormOutput, type BudgetFormValues, dateFields } from './budget-form.ts';
import { CategoriesField } from './categories-field.tsx';

export type BudgetForm = UseFormReturn<BudgetFormValues, unknown, BudgetFormOutput>;

/** Ids of the fields, per form: the create dialog and a budget's page may both be on screen. */
function useFieldId(field: string) {
  return `${useId()}-${field}`;
}

export function NameField({ form, autoFocus = false }: { form: BudgetForm; autoFocus?: boolean }) {
  const id = useFieldId('name');
  const t = useT();
  return (
    <FormField id={id} label={t('budget.field.name')} error={form.formState.errors.name?.message}>
      {(control) => (
        <Input
          {...control}
          data-autofocus={autoFocus || undefined}
          placeholder={t('budget.field.namePlaceholder')}
          autoComplete="off"
          {...form.register('name')}
        />
      )}
    </FormField>
  );
}

export function LimitField({ form, currency }: { form: BudgetForm; currency: string }) {
  const id = useFieldId('limit');
  const t = useT();
  return (
    <FormField
      id={id}
      label={t('budget.field.limit')}
      hint={t('budget.field.limitHint', { currency })}
      error={form.formState.errors.limit?.message}
    >
      {(control) => <AmountInput {...control} currency={currency} positive {...form.register('limit')} />}
    </FormField>
  );
}

export function DatesField({ form, today }: { form: BudgetForm; today: DayKey }) {
  const startId = useFieldId('start');
  const endId = useFieldId('end');
  const t = useT();
  const { errors, isSubmitted } = form.formState;
  const startDate = form.watch('startDate');
  const endDate = form.watch('endDate');
  const chosen = matchingPreset({ startDate: startDate || null, endDate: endDate || null }, today);
  const apply = (preset: BudgetDatePreset) => {
    const fields = dateFields(budgetPresetDates(preset, today));
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    form.setValue('startDate', fields.startDate, options);
    form.setValue('endDate', fields.endDate, options);
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium leading-none">{t('budget.field.dates')}</legend>
      <div className="flex flex-wrap gap-2">
        {BUDGET_DATE_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant="outline"
            aria-pressed={preset === chosen}
            onClick={() => apply(preset)}
            className="aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:text-primary"
          >
            {t(BUDGET_DATE_PRESET_LABELS[preset])}
          </Button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={startId} label={t('budget.field.starts')} error={errors.startDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
        </FormField>
        <FormField id={endId} label={t('budget.field.ends')} error={errors.endDate?.message}>
          {(control) => <Input {...control} type="date" min={startDate || undefined} {...form.register('endDate')} />}
        </FormField>
      </div>
    </fieldset>
  );
}

export function CategoriesFormField({ form }: { form: BudgetForm }) {
  const id = useFieldId('categories');
  const t = useT();
  return (
    <Controller
      control={form.control}
      name="categoryIds"
      render={({ field, fieldState }) => (
        <FormField
          id={id}
          label={t('budget.field.categories')}
          hint={t('budget.field.categoriesHint')}
          error={fieldState.error?.message}
        >
          {(control) => (
            <CategoriesField {...control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          )}
        </FormField>
      )}
    />
  );
}

export function AutoIncludeField({ form }: { form: BudgetForm }) {
  const id = useFieldId('auto-include');
  const t = useT();
  return (
    <Controller
      control={form.control}
      name="autoInclude"
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label id={`${id}-label`} htmlFor={id}>
              {t('budget.field.autoInclude')}
            </Label>
            <p className="text-xs text-muted-foreground">{t('budget.field.autoIncludeHint')}</p>
          </div>
          <Switch
            id={id}
            aria-labelledby={`${id}-label`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        </div>
      )}
    />
  );
}
