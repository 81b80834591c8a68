import type { BudgetPeriod } from '@kopiyka/shared';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { MonthSwitcher } from '../../../components/month-switcher.tsx';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import type { DayKey } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import {
  BUDGET_DATE_PRESET_LABELS,
  BUDGET_DATE_PRESETS,
  type BudgetDatePreset,
  budgetPresetDates,
  matchingPreset,
  monthStart,
} from '../../../lib/periods.ts';
import { type BudgetFormOutput, type BudgetFormValues, dateFields, periodDates } from './budget-form.ts';
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

function DatesField({ form, today }: { form: BudgetForm; today: DayKey }) {
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

/** The first month of a monthly budget: a month switcher that may go either way, months to come too. */
function FirstMonthField({ form }: { form: BudgetForm }) {
  const t = useT();
  const { errors, isSubmitted } = form.formState;
  const startDate = form.watch('startDate');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{t('budget.field.firstMonth')}</legend>
      <MonthSwitcher
        month={startDate.slice(0, 7)}
        latest={null}
        onChange={(month) =>
          form.setValue('startDate', monthStart(month), { shouldDirty: true, shouldValidate: isSubmitted })
        }
        className="self-start"
      />
      {errors.startDate ? (
        <p className="text-sm text-destructive">{errors.startDate.message}</p>
      ) : (
        <p className="text-xs text-muted-foreground">{t('budget.field.firstMonthHint')}</p>
      )}
    </fieldset>
  );
}

/**
 * When the budget counts: its dates, or every month from a first one, with or without carrying
 * what a month left into the next. Turning it monthly keeps the month the dates started in.
 */
export function PeriodFields({ form, today }: { form: BudgetForm; today: DayKey }) {
  const t = useT();
  const period = form.watch('period');
  const choose = (next: BudgetPeriod) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    const dates = periodDates(next, form.getValues(), today);
    form.setValue('period', next, options);
    form.setValue('startDate', dates.startDate, options);
    form.setValue('endDate', dates.endDate, options);
  };
  return (
    <div className="flex flex-col gap-4">
      <SwitchField
        label={t('budget.field.monthly')}
        hint={t('budget.field.monthlyHint')}
        checked={period === 'month'}
        onCheckedChange={(monthly) => choose(monthly ? 'month' : 'once')}
      />
      {period === 'month' ? (
        <>
          <FirstMonthField form={form} />
          <Controller
            control={form.control}
            name="rollover"
            render={({ field }) => (
              <SwitchField
                label={t('budget.field.rollover')}
                hint={t('budget.field.rolloverHint')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </>
      ) : (
        <DatesField form={form} today={today} />
      )}
    </div>
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
