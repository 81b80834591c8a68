import { zodResolver } from '@hookform/resolvers/zod';
import { createAccountGroupBodySchema } from '@kopiyka/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateAccountGroup, useDeleteAccountGroup } from '../../../api/account-groups.ts';
import { ConfirmDialogContent } from '../../../components/confirm-dialog.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import type { AccountGroupNode, AccountTree } from '../../../entities/accounts/account-tree.ts';
import { GroupOptions } from '../../../entities/accounts/group-options.tsx';
import { formFailureMessage, useSubmission } from '../../../lib/submission.ts';
import { plural } from '../../../lib/utils.ts';
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
  return (
    <FormDialog
      open={parentGroupId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={parentGroupId === '' ? 'New group' : 'New subgroup'}
      description="Accounts you put in it are listed together, with their total."
    >
      {parentGroupId === null ? null : <CreateGroupForm parentGroupId={parentGroupId} tree={tree} onClose={onClose} />}
    </FormDialog>
  );
}

function CreateGroupForm({ parentGroupId, tree, onClose }: CreateGroupDialogProps & { parentGroupId: string }) {
  const createGroup = useCreateAccountGroup();
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
      notify('success', `Group “${body.name}” created.`);
      onClose();
    },
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      submitLabel="Create group"
      submitting={isSubmitting}
    >
      <FormField id="group-name" label="Name" error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            data-autofocus
            placeholder="e.g. Family, Savings"
            autoComplete="off"
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField id="group-parent" label="Inside" error={errors.parentGroupId?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('parentGroupId')}>
            <GroupOptions tree={tree} noneLabel="Top level" />
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

function DeleteGroupContent({ node, parentName, onClose }: DeleteGroupDialogProps & { node: AccountGroupNode }) {
  const deleteGroup = useDeleteAccountGroup();
  const { group, accounts, subgroups } = node;
  const destination = parentName ? `“${parentName}”` : 'the top level';
  const contents = [
    accounts.length > 0 ? plural(accounts.length, 'account') : null,
    subgroups.length > 0 ? plural(subgroups.length, 'subgroup') : null,
  ].filter(Boolean);

  return (
    <ConfirmDialogContent
      title={`Delete the group “${group.name}”?`}
      description={
        contents.length > 0
          ? `Its ${contents.join(' and ')} move up a level, to ${destination}. No account is deleted.`
          : 'The group is empty. No account is deleted.'
      }
      confirmLabel="Delete group"
      confirmVariant="destructive"
      confirm={() => deleteGroup.mutateAsync(group.id)}
      pending={deleteGroup.isPending}
      onConfirmed={() => {
        notify('success', `Group “${group.name}” deleted.`);
        onClose();
      }}
    />
  );
}
