import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChangePasswordBody,
  changePasswordBodySchema,
  type DeleteUserBody,
  deleteUserBodySchema,
} from '@kopiyka/shared';
import { LogOut, MonitorSmartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { browserTimeZone, signOut } from '../../api/auth.ts';
import { useBaseCurrencyChange } from '../../api/currencies.ts';
import { useUpdateUserSettings, useUserSettings } from '../../api/settings.ts';
import { useChangePassword, useDeleteUser, useSignOutEverywhere, useUser } from '../../api/user.ts';
import { ConfirmDialogContent } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { DialogForm, FormDialog } from '../../components/ui/form-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { NEW_PASSWORD_HINT } from '../../lib/credential-hints.ts';
import { formatDate } from '../../lib/dates.ts';
import { attempt } from '../../lib/form-errors.ts';
import { formFailureMessage, useSubmission } from '../../lib/submission.ts';
import { notify } from '../../stores/notifications.ts';
import { useSessionStore } from '../../stores/session.ts';

function AccountCard() {
  const user = useUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
        <CardDescription>Who is signed in on this device.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {user.data ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">Username</dt>
              <dd className="font-medium">{user.data.username}</dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">Member since</dt>
              <dd className="font-medium">{formatDate(user.data.createdAt)}</dd>
            </div>
          </dl>
        ) : user.isError ? (
          <p className="text-sm text-muted-foreground">Your account details could not be loaded.</p>
        ) : (
          <div role="status" aria-label="Loading your account" className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
        <div>
          <Button variant="outline" onClick={signOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Every zone this browser knows, with the saved one even if it does not (an older browser). */
function timeZoneChoices(saved: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(saved) ? known : [saved, ...known];
}

function TimeZoneCard() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const change = useBaseCurrencyChange();
  const regrouping = change.data?.state === 'running' && change.data.kind === 'timeZone';
  const saved = settings.data?.timeZone;
  const browser = browserTimeZone();

  async function choose(timeZone: string) {
    const refusal = await attempt(update.mutateAsync({ timeZone }));
    if (refusal === null) {
      notify('success', `Days, weeks and months now follow ${timeZone}.`);
      void change.refetch();
    } else if (refusal) notify('error', refusal);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone</CardTitle>
        <CardDescription>
          Where your days start and end: statistics, balance history and budgets count by it, and times show in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {settings.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : settings.isError || saved === undefined ? (
          <ErrorAlert>Your time zone could not be loaded. Reload the page to try again.</ErrorAlert>
        ) : (
          <>
            <FormField id="time-zone" label="Time zone">
              {(field) => (
                <NativeSelect
                  {...field}
                  value={saved}
                  disabled={update.isPending || regrouping}
                  onChange={(event) => void choose(event.target.value)}
                >
                  {timeZoneChoices(saved).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {regrouping ? (
              <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
                <Spinner />
                Regrouping your balances by the new days: {change.data?.done ?? 0} of {change.data?.total ?? 0} accounts
              </p>
            ) : saved !== browser ? (
              <p className="text-muted-foreground text-sm">
                This device is set to {browser}.{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => void choose(browser)}>
                  Use {browser}
                </Button>
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const username = useSessionStore((state) => state.user?.username);
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submission = useSubmission({
    send: (body: ChangePasswordBody) => changePassword.mutateAsync(body),
    // A wrong current password comes back naming its field, like a validation issue.
    failureMessage: (error) => formFailureMessage(form.setError, error, ['currentPassword', 'newPassword']),
    onSuccess: () => {
      form.reset();
      notify('success', 'Password changed. Your other devices have been signed out.');
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>You stay signed in here; every other device signs out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(submission.submit)} noValidate className="flex max-w-md flex-col gap-5">
          {/* Lets password managers tie the new password to this user. */}
          <input type="text" name="username" autoComplete="username" value={username ?? ''} hidden readOnly />
          <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput {...control} autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <FormField
            id="new-password"
            label="New password"
            hint={NEW_PASSWORD_HINT}
            error={errors.newPassword?.message}
          >
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />}
          </FormField>
          {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const signOutEverywhere = useSignOutEverywhere();
  const [open, setOpen] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Lost a phone, or signed in on a shared computer? Sign out everywhere, this device included.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" onClick={() => setOpen(true)}>
            <MonitorSmartphone aria-hidden="true" className="size-4" />
            Sign out everywhere
          </Button>
          {open ? (
            <ConfirmDialogContent
              title="Sign out everywhere?"
              description="Every device signed in to your account is signed out, this one too. You can sign in again with your password."
              confirmLabel="Sign out everywhere"
              confirm={() => signOutEverywhere.mutateAsync()}
              pending={signOutEverywhere.isPending}
              onConfirmed={() => notify('success', 'Signed out on every device.')}
            />
          ) : null}
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

function DeleteUserForm() {
  const deleteUser = useDeleteUser();
  const form = useForm<DeleteUserBody>({
    resolver: zodResolver(deleteUserBodySchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submission = useSubmission({
    send: (body: DeleteUserBody) => deleteUser.mutateAsync(body),
    failureMessage: (error) => formFailureMessage(form.setError, error, ['password']),
    onSuccess: () => notify('success', 'Your account and all its data have been deleted.'),
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      submitLabel="Delete my account"
      submitting={isSubmitting}
      submitVariant="destructive"
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Every account, transaction, budget and category of yours is removed.</li>
        <li>Your bank and exchange connections go too, with their keys.</li>
        <li>This cannot be undone.</li>
      </ul>
      <FormField id="delete-password" label="Your password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} data-autofocus autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
    </DialogForm>
  );
}

function DeleteUserCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Delete account</CardTitle>
        <CardDescription>Removes your user and everything you have recorded, for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account
        </Button>
        <FormDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete your account?"
          description="Enter your password to confirm. Everything is removed at once."
        >
          <DeleteUserForm />
        </FormDialog>
      </CardContent>
    </Card>
  );
}

export function UserSettings() {
  return (
    <div className="flex flex-col gap-4">
      <AccountCard />
      <TimeZoneCard />
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <DeleteUserCard />
    </div>
  );
}
