import { zodResolver } from '@hookform/resolvers/zod';
import { RULE_NAME_MAX, type Rule } from '@kopiyka/shared';
import { X } from 'lucide-react';
import { Controller, type FieldError, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { hasErrorCode, inlineErrorMessage } from '../../../api/errors.ts';
import { useCreateRule, useUpdateRule } from '../../../api/rules.ts';
import { useSubmission } from '../../../api/submission.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeader } from '../../../components/ui/dialog.tsx';
import { focusMarkedField } from '../../../components/ui/dialog-focus.ts';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useApplyOffer } from '../../../entities/rules/apply-offer.ts';
import { TagsField } from '../../../entities/tags/tag-toggles.tsx';
import { NoteField } from '../../../entities/transactions/note-field.tsx';
import { CategoryPicker } from '../../../entities/transactions/pickers.tsx';
import { issueText, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';
import { RuleConditions } from './rule-conditions.tsx';
import {
  actionFieldsOf,
  issueFormPath,
  type RuleFormOutput,
  type RuleFormValues,
  ruleChanges,
  ruleFormSchema,
  ruleFormValues,
} from './rule-form.ts';
import { RulePreview } from './rule-preview.tsx';

export type RuleForm = UseFormReturn<RuleFormValues, unknown, RuleFormOutput>;

/** What the editor is open for: a new rule, or one to change. */
export type RuleEditorTarget = { mode: 'create' } | { mode: 'edit'; rule: Rule };

/** A rule's name, conditions (with the rows they match now) and actions, in a dialog. */
export function RuleEditorDialog({ target, onClose }: { target: RuleEditorTarget | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl lg:max-w-4xl" onOpenAutoFocus={focusMarkedField}>
        <DialogHeader
          title={target?.mode === 'edit' ? t('rules.editor.editTitle') : t('rules.editor.newTitle')}
          description={t('rules.editor.description')}
        />
        {target ? <RuleEditorForm target={target} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** An issue with no field of its own: the actions as a whole ("a rule needs at least one action"). */
type ActionsError = { actions?: FieldError };

function RuleEditorForm({ target, onDone }: { target: RuleEditorTarget; onDone: () => void }) {
  const rule = target.mode === 'edit' ? target.rule : undefined;
  const t = useT();
  const form: RuleForm = useForm<RuleFormValues, unknown, RuleFormOutput>({
    resolver: zodResolver(ruleFormSchema),
    // Checked when sent, then as it changes: checked as each field is left, a condition just added
    // (its list is checked whole) would say at once that its empty value is wrong.
    mode: 'onSubmit',
    defaultValues: ruleFormValues(rule),
  });
  const createRule = useCreateRule();
  const updateRule = useUpdateRule();
  const offerToApply = useApplyOffer();
  const { errors } = form.formState;
  const actionsError = (errors as ActionsError).actions?.message;
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const note = useWatch({ control: form.control, name: 'note' });

  /** The server's issues on the fields they name (a condition's value, an action's category); what is left, said under the form. */
  function failureMessage(error: unknown, body: RuleFormOutput): string | null {
    if (!hasErrorCode(error, 'VALIDATION_ERROR', 'NOT_FOUND')) return inlineErrorMessage(error);
    const actionFields = actionFieldsOf(body.actions);
    const placed = error.details.map((issue) => issueFormPath(issue.path.split('.'), actionFields));
    error.details.forEach((issue, index) => {
      form.setError(
        placed[index] as never,
        { type: 'server', message: issueText(issue) },
        { shouldFocus: index === 0 },
      );
    });
    return error.details.length > 0 ? null : inlineErrorMessage(error);
  }

  const submission = useSubmission({
    send: (body: RuleFormOutput) =>
      rule ? updateRule.mutateAsync({ id: rule.id, body: ruleChanges(rule, body) }) : createRule.mutateAsync(body),
    failureMessage,
    onSuccess: (saved) => {
      onDone();
      if (rule) notify('success', t('rules.saved', { name: saved.name }));
      // A new rule runs on what arrives from now on: the past is offered, not changed unasked.
      else void offerToApply(saved, t('rules.created', { name: saved.name }));
    },
  });
  /** A change to the actions answers "a rule needs at least one action". */
  const actionChanged = () => form.clearErrors('actions' as never);

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={rule ? t('rules.editor.save') : t('rules.editor.create')}
      submitting={form.formState.isSubmitting}
    >
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-x-6">
        <FormField id="rule-name" label={t('rules.editor.name')} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              data-autofocus
              autoComplete="off"
              maxLength={RULE_NAME_MAX}
              placeholder={t('rules.editor.namePlaceholder')}
              {...form.register('name')}
            />
          )}
        </FormField>

        <RuleConditions form={form} />
        {/* On a phone under the conditions it follows; beside the form on a wide screen, in view while they are typed. */}
        <RulePreview form={form} className="lg:sticky lg:top-0 lg:col-start-2 lg:row-span-3 lg:row-start-1" />

        <section aria-labelledby="rule-actions" className="flex flex-col gap-4 lg:col-start-1">
          <div className="flex flex-col gap-1">
            <h3 id="rule-actions" className="text-sm font-semibold">
              {t('rules.editor.then')}
            </h3>
            <p className="text-xs text-muted-foreground">{t('rules.editor.thenHint')}</p>
          </div>
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <FormField id="rule-category" label={t('rules.editor.category')} error={errors.categoryId?.message}>
                {(control) => (
                  <div className="flex items-center gap-2">
                    <div className="min-w-0 flex-1">
                      <CategoryPicker
                        {...control}
                        value={field.value}
                        placeholder={t('rules.editor.categoryNone')}
                        onChange={(next) => {
                          field.onChange(next);
                          actionChanged();
                        }}
                      />
                    </div>
                    {categoryId !== null ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('rules.editor.categoryClear')}
                        onClick={() => field.onChange(null)}
                      >
                        <X aria-hidden="true" className="size-4" />
                      </Button>
                    ) : null}
                  </div>
                )}
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="tagIds"
            render={({ field }) => (
              <TagsField
                labelId="rule-tags-label"
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  actionChanged();
                }}
                error={errors.tagIds?.message}
              />
            )}
          />
          <NoteField
            id="rule-note"
            placeholder={t('rules.editor.notePlaceholder')}
            error={errors.note?.message}
            registration={form.register('note', { onChange: actionChanged })}
            length={note.length > 0 ? note.length : undefined}
          />
          {actionsError ? (
            <p role="alert" className="text-sm text-destructive">
              {actionsError}
            </p>
          ) : null}
        </section>
      </div>
    </DialogForm>
  );
}
