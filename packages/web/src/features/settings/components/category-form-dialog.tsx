import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, createCategoryBodySchema, type UpdateCategoryBody } from '@kopiyka/shared';
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateCategory, useUpdateCategory } from '../../../api/categories.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  CATEGORY_ICON_NAMES,
  CATEGORY_SWATCHES,
  categoryIconLabel,
} from '../../../entities/categories/category-look.ts';
import { CategoryMark } from '../../../entities/categories/category-mark.tsx';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import { notify } from '../../../stores/notifications.ts';

const categoryFormSchema = z
  .object({ name: z.string(), color: z.string(), icon: z.string() })
  .transform((values, ctx) => {
    const body = createCategoryBodySchema.safeParse({ ...values, icon: values.icon || null });
    if (body.success) return body.data;
    for (const issue of body.error.issues) {
      ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
    }
    return z.NEVER;
  });
type CategoryFormValues = z.input<typeof categoryFormSchema>;
type CategoryFormOutput = z.output<typeof categoryFormSchema>;
const FIELDS = ['name', 'color', 'icon'] as const;

/** A colour as the field takes it, the same in every language. */
const HEX_EXAMPLE = '#3498db';

/** What the dialog is for: a new category (under `parent`, or at the top), or changing one. */
export type CategoryFormTarget =
  | { kind: 'create'; parent: Category | null; color: string }
  | { kind: 'edit'; category: Category };

export function CategoryFormDialog({ target, onClose }: { target: CategoryFormTarget; onClose: () => void }) {
  const t = useT();
  const title =
    target.kind === 'edit'
      ? t('categories.form.editTitle', { name: target.category.name })
      : target.parent
        ? t('categories.form.newSubTitle', { name: target.parent.name })
        : t('categories.form.newTitle');
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={target.kind === 'create' && target.parent ? t('categories.form.parentColour') : undefined}
    >
      <CategoryForm target={target} onClose={onClose} />
    </FormDialog>
  );
}

function CategoryForm({ target, onClose }: { target: CategoryFormTarget; onClose: () => void }) {
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const editing = target.kind === 'edit' ? target.category : null;
  const form = useForm<CategoryFormValues, unknown, CategoryFormOutput>({
    resolver: zodResolver(categoryFormSchema),
    mode: 'onTouched',
    defaultValues: editing
      ? { name: editing.name, color: editing.color, icon: editing.icon ?? '' }
      : { name: '', color: target.kind === 'create' ? target.color : '', icon: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const color = form.watch('color');
  const icon = form.watch('icon');
  const locked = editing?.type === 'internal';
  const t = useT();

  async function save(values: CategoryFormOutput): Promise<string> {
    if (!editing) {
      const parentId = target.kind === 'create' ? (target.parent?.id ?? null) : null;
      const created = await createCategory.mutateAsync({ ...values, parentId });
      return t('categories.form.added', { name: created.name });
    }
    // Only what changed is sent: the built-in category refuses any rename, even to its own name.
    const body: UpdateCategoryBody = {};
    if (values.name !== editing.name) body.name = values.name;
    if (values.color !== editing.color) body.color = values.color;
    if ((values.icon ?? null) !== editing.icon) body.icon = values.icon ?? null;
    if (Object.keys(body).length > 0) await updateCategory.mutateAsync({ id: editing.id, body });
    return t('categories.form.saved', { name: values.name });
  }

  const submission = useSubmission({
    send: save,
    failureMessage: (error) => formFailureMessage(form.setError, error, FIELDS),
    onSuccess: (done) => {
      notify('success', done);
      onClose();
    },
  });

  const pick = (field: 'color' | 'icon', value: string) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={editing ? t('categories.form.save') : t('categories.add')}
      submitting={isSubmitting}
    >
      <FormField
        id="category-name"
        label={t('groups.create.name')}
        hint={locked ? t('categories.internalNote') : undefined}
        error={errors.name?.message}
      >
        {(control) => (
          <Input
            {...control}
            data-autofocus={locked ? undefined : true}
            // Read-only, not disabled: a disabled field would drop out of the submitted values.
            readOnly={locked}
            className={locked ? 'text-muted-foreground' : undefined}
            autoComplete="off"
            {...form.register('name')}
          />
        )}
      </FormField>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium leading-none">{t('categories.form.colour')}</legend>
        <div className="grid grid-cols-8 gap-2">
          {CATEGORY_SWATCHES.map((swatch) => (
            <button
              key={swatch}
              type="button"
              aria-label={swatch}
              aria-pressed={color.toLowerCase() === swatch}
              onClick={() => pick('color', swatch)}
              className="aspect-square cursor-pointer rounded-full border-2 border-transparent ring-offset-2 ring-offset-card transition-transform hover:scale-110 aria-pressed:ring-2 aria-pressed:ring-foreground"
              style={{ backgroundColor: swatch }}
            />
          ))}
        </div>
        <FormField id="category-color" label={t('categories.form.hexColour')} error={errors.color?.message}>
          {(control) => (
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="size-10 shrink-0 rounded-lg border"
                style={{ backgroundColor: /^#[0-9a-f]{6}$/i.test(color) ? color : 'transparent' }}
              />
              <Input
                {...control}
                placeholder={HEX_EXAMPLE}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...form.register('color')}
              />
            </div>
          )}
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium leading-none">{t('categories.form.icon')}</legend>
        <div className="grid grid-cols-6 gap-1.5 sm:grid-cols-8">
          <IconChoice label={t('categories.form.noIcon')} pressed={icon === ''} onClick={() => pick('icon', '')}>
            <Ban aria-hidden="true" className="size-4 text-muted-foreground" />
          </IconChoice>
          {CATEGORY_ICON_NAMES.map((name) => (
            <IconChoice
              key={name}
              label={categoryIconLabel(name)}
              pressed={icon === name}
              onClick={() => pick('icon', name)}
            >
              <CategoryMark category={{ color, icon: name }} className="size-8" />
            </IconChoice>
          ))}
        </div>
        {errors.icon?.message ? <p className="text-sm text-destructive">{errors.icon.message}</p> : null}
      </fieldset>
    </DialogForm>
  );
}

type IconChoiceProps = { label: string; pressed: boolean; onClick: () => void; children: ReactNode };

function IconChoice({ label, pressed, onClick, children }: IconChoiceProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'flex aspect-square cursor-pointer items-center justify-center rounded-lg border border-transparent hover:bg-accent',
        pressed && 'border-primary bg-primary/10',
      )}
    >
      {children}
    </button>
  );
}
