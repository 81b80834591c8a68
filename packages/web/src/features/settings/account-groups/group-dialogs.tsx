import { zodResolver } from '@hookform/resolvers/zod';
import { createAccountGroupBodySchema } from '@kopiyka/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateAccountGroup, useDeleteAccountGroup } from '../../../api/account-groups.ts';
import { inlineErrorMessage } from '../../../api/errors.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../../components/ui/dialog.tsx';
import { focusMarkedField } from '../../../components/ui/dialog-focus.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { plural } from '../../../lib/utils.ts';
import { notify } from '../../../stores/notifications.ts';
import type { AccountGroupNode, AccountTree } from '../../accounts/account-tree.ts';
import { GroupOptions } from '../../accounts/group-options.tsx';

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
    <Dialog open={parentGroupId !== null} onOpenChange={(open) => !open && onClose()}>
      {parentGroupId === null ? null : (
        <DialogContent onOpenAutoFocus={focusMarkedField}>
          <DialogHeader
            title={parentGroupId === '' ? 'New group' : 'New subgroup'}
            description="Accounts you put in it are listed together, with their total."
          />
          <CreateGroupForm parentGroupId={parentGroupId} tree={tree} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CreateGroupForm({ parentGroupId, tree, onClose }: CreateGroupDialogProps & { parentGroupId: string }) {
  const createGroup = useCreateAccountGroup();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<GroupFormValues, unknown, z.output<typeof groupFormSchema>>({
    resolver: zodResolver(groupFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', parentGroupId },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await createGroup.mutateAsync(body);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error, ['name', 'parentGroupId']))
        setFormError(inlineErrorMessage(error));
      return;
    }
    notify('success', `Group “${body.name}” created.`);
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
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
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Create group
        </Button>
      </DialogFooter>
    </form>
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
  const [error, setError] = useState<string | null>(null);
  const { group, accounts, subgroups } = node;
  const destination = parentName ? `“${parentName}”` : 'the top level';
  const contents = [
    accounts.length > 0 ? plural(accounts.length, 'account') : null,
    subgroups.length > 0 ? plural(subgroups.length, 'subgroup') : null,
  ].filter(Boolean);

  async function remove() {
    setError(null);
    try {
      await deleteGroup.mutateAsync(group.id);
    } catch (failure) {
      setError(inlineErrorMessage(failure));
      return;
    }
    notify('success', `Group “${group.name}” deleted.`);
    onClose();
  }

  return (
    <AlertDialogContent
      title={`Delete the group “${group.name}”?`}
      description={
        contents.length > 0
          ? `Its ${contents.join(' and ')} move up a level, to ${destination}. No account is deleted.`
          : 'The group is empty. No account is deleted.'
      }
      actions={
        <>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <Button variant="destructive" onClick={remove} disabled={deleteGroup.isPending}>
            {deleteGroup.isPending ? <Spinner /> : null}
            Delete group
          </Button>
        </>
      }
    >
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </AlertDialogContent>
  );
}
