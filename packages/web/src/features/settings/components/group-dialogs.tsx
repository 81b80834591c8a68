import { zodResolver } from '@hookform/resolvers/zod';
import { createAccountGroupBodySchema } from '@kopiyka/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateAccountGroup, useDeleteAccountGroup } from '../../../api/account-groups.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import type { AccountGroupNode, AccountTree } from '../../../entities/accounts/account-tree.ts';
import { GroupOptions } from '../../../entities/accounts/group-options.tsx';
import { ConfirmDialogContent } from '../../../entities/requests/confirm-dialog.tsx';
import { t, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

const groupFormSchema = z.object({ name: z.string(), parentGroupId: z.string() }).transform((values, ctx) => {
  const body = createAccountGroupBodySchema.safeParse({
    name: values.name,
    parentGroupId: values.parentGroupId === '' ? null : Number(values.parentGroupId),
  });
  if (body.success) return body.data;
  for (const issue of body.error.issues) {
    ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
  }
  return z.NEVER;
});
type GroupFormValues = z.input<typeof groupFormSchema>;

type CreateGroupDialogProps = {
  /** Open while set: the group the new one goes under ('' for the top level). */
  parentGroupId: string | null;
  tree: AccountTree;
  onClose: () => void;
};

export function CreateGroupDialog({ parentGroupId, tree, onClose }: CreateGroupDialogProps) {
  const t = useT();
  return (
    <FormDialog
      open={parentGroupId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={parentGroupId === '' ? t('groups.new') : t('groups.newSubgroup')}
      description={t('groups.create.description')}
    >
      {parentGroupId === null ? null : <CreateGroupForm parentGroupId={parentGroupId} tree={tree} onClose={onClose} />}
    </FormDialog>
  );
}

function CreateGroupForm({ parentGroupId, tree, onClose }: CreateGroupDialogProps & { parentGroupId: string }) {
  const createGroup = useCreateAccountGroup();
  const t = useT();
  const form = useForm<GroupFormValues, unknown, z.output<typeof groupFormSchema>>({
    resolver: zodResolver(groupFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', parentGroupId },
  });
  const { errors, isSubmitting } = form.formState;
  const submission = useSubmission({
    send: (body: z.output<typeof groupFormSchema>) => createGroup.mutateAsync(body),
    failureMessage: (error) => formFailureMessage(form.setError, error, ['name', 'parentGroupId']),
    onSuccess: (_group, body) => {
      notify('success', t('groups.created', { name: body.name }));
      onClose();
    },
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('groups.create.submit')}
      submitting={isSubmitting}
    >
      <FormField id="group-name" label={t('groups.create.name')} error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            data-autofocus
            placeholder={t('groups.create.namePlaceholder')}
            autoComplete="off"
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField id="group-parent" label={t('groups.create.inside')} error={errors.parentGroupId?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('parentGroupId')}>
            <GroupOptions tree={tree} noneLabel={t('groups.topLevel')} />
          </NativeSelect>
        )}
      </FormField>
    </DialogForm>
  );
}

type DeleteGroupDialogProps = {
  /** Open while set. */
  node: AccountGroupNode | null;
  /** The name of the group it sits in, or null at the top level. */
  parentName: string | null;
  onClose: () => void;
};

export function DeleteGroupDialog({ node, parentName, onClose }: DeleteGroupDialogProps) {
  return (
    <AlertDialog open={node !== null} onOpenChange={(open) => !open && onClose()}>
      {node ? <DeleteGroupContent node={node} parentName={parentName} onClose={onClose} /> : null}
    </AlertDialog>
  );
}

/** "2 accounts and 1 subgroup": what moves up when a group is deleted. */
function contentsOf(accounts: number, subgroups: number): string {
  const parts = [
    accounts > 0 ? t('groups.deleteDialog.accounts', { count: accounts }) : null,
    subgroups > 0 ? t('groups.deleteDialog.subgroups', { count: subgroups }) : null,
  ].filter((part) => part !== null);
  return parts.length === 2 ? t('groups.deleteDialog.and', { first: parts[0]!, second: parts[1]! }) : (parts[0] ?? '');
}

function DeleteGroupContent({ node, parentName, onClose }: DeleteGroupDialogProps & { node: AccountGroupNode }) {
  const deleteGroup = useDeleteAccountGroup();
  const { group, accounts, subgroups } = node;
  const t = useT();

  return (
    <ConfirmDialogContent
      title={t('groups.deleteDialog.title', { name: group.name })}
      description={
        accounts.length + subgroups.length > 0
          ? t('groups.deleteDialog.movesUp', {
              contents: contentsOf(accounts.length, subgroups.length),
              destination: parentName
                ? t('groups.deleteDialog.toParent', { name: parentName })
                : t('groups.deleteDialog.toTop'),
            })
          : t('groups.deleteDialog.empty')
      }
      confirmLabel={t('groups.delete')}
      confirmVariant="destructive"
      confirm={() => deleteGroup.mutateAsync(group.id)}
      pending={deleteGroup.isPending}
      onConfirmed={() => {
        notify('success', t('groups.deleted', { name: group.name }));
        onClose();
      }}
    />
  );
}
