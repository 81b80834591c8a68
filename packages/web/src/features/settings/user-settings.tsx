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
import { requestSignOut } from '../../api/auth.ts';
import { useBaseCurrencyChange } from '../../api/currencies.ts';
import { useUpdateUserSettings, useUserSettings } from '../../api/settings.ts';
import { formFailureMessage, useSubmission } from '../../api/submission.ts';
import { useChangePassword, useDeleteUser, useSignOutEverywhere, useUser } from '../../api/user.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { DialogForm, FormDialog } from '../../components/ui/form-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SwitchField } from '../../components/ui/switch-field.tsx';
import { ConfirmDialogContent } from '../../entities/requests/confirm-dialog.tsx';
import { LanguageSwitch } from '../../entities/settings/language-switch.tsx';
import { newPasswordHint } from '../../lib/credential-hints.ts';
import { formatDate } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { browserTimeZone } from '../../lib/locale.ts';
import { currentZoneName } from '../../lib/time-zones.ts';
import { notify } from '../../stores/notifications.ts';
import { useSessionStore } from '../../stores/session.ts';
import { BackupCard } from './components/backup-card.tsx';
import { TimeZonePicker, useTimeZoneChoices } from './components/time-zone-picker.tsx';

function AccountCard() {
  const t = useT();
  const user = useUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('user.account.title')}</CardTitle>
        <CardDescription>{t('user.account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {user.data ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">{t('auth.username')}</dt>
              <dd className="font-medium">{user.data.username}</dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">{t('user.account.memberSince')}</dt>
              <dd className="font-medium">{formatDate(user.data.createdAt)}</dd>
            </div>
          </dl>
        ) : user.isError ? (
          <p className="text-sm text-muted-foreground">{t('user.account.loadError')}</p>
        ) : (
          <div role="status" aria-label={t('user.account.loading')} className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
        <div>
          <Button variant="outline" onClick={requestSignOut}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('shell.signOut')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function TimeZoneCard() {
  const t = useT();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const change = useBaseCurrencyChange();
  const regrouping = change.data?.state === 'running' && change.data.kind === 'timeZone';
  const saved = settings.data?.timeZone;
  const browser = browserTimeZone();
  const zones = useTimeZoneChoices(saved ?? browser);

  const submission = useSubmission({
    send: (timeZone: string) => update.mutateAsync({ timeZone }),
    onSuccess: (_settings, timeZone) => {
      notify('success', t('settings.timeZone.saved', { timeZone: zones.describe(timeZone) }));
      void change.refetch();
    },
  });

  async function choose(timeZone: string) {
    const refusal = await submission.submit(timeZone);
    if (refusal) notify('error', refusal);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.timeZone.title')}</CardTitle>
        <CardDescription>{t('settings.timeZone.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {settings.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : settings.isError || saved === undefined ? (
          <ErrorAlert>{t('settings.timeZone.loadError')}</ErrorAlert>
        ) : (
          <>
            <FormField id="time-zone" label={t('settings.timeZone.title')}>
              {(field) => (
                <TimeZonePicker
                  {...field}
                  value={saved}
                  choices={zones.choices}
                  disabled={update.isPending || regrouping}
                  onChange={(zone) => void choose(zone)}
                />
              )}
            </FormField>
            {regrouping ? (
              <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
                <Spinner />
                {t('settings.timeZone.regrouping', { done: change.data?.done ?? 0, total: change.data?.total ?? 0 })}
              </p>
            ) : currentZoneName(saved) !== browser ? (
              <p className="text-muted-foreground text-sm">
                {t('settings.timeZone.device', { timeZone: zones.describe(browser) })}{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => void choose(browser)}>
                  {t('settings.timeZone.useDevice', { timeZone: zones.describe(browser) })}
                </Button>
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Whether the Binance holdings count in the dashboard's total balance and trend. */
function CryptoInTotalCard() {
  const t = useT();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const submission = useSubmission({
    send: (includeCryptoInTotal: boolean) => update.mutateAsync({ includeCryptoInTotal }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('crypto.inTotal.title')}</CardTitle>
        <CardDescription>{t('crypto.inTotal.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {settings.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : settings.isError ? (
          <ErrorAlert>{t('crypto.inTotal.loadError')}</ErrorAlert>
        ) : (
          <SwitchField
            label={t('crypto.inTotal.label')}
            hint={t('crypto.inTotal.hint')}
            checked={settings.data.includeCryptoInTotal}
            disabled={update.isPending}
            onCheckedChange={(checked) => void submission.submit(checked)}
          />
        )}
        {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const t = useT();
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
      notify('success', t('user.password.changed'));
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('user.password.title')}</CardTitle>
        <CardDescription>{t('user.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(submission.submit)} noValidate className="flex max-w-md flex-col gap-5">
          {/* Lets password managers tie the new password to this user. */}
          <input type="text" name="username" autoComplete="username" value={username ?? ''} hidden readOnly />
          <FormField id="current-password" label={t('user.password.current')} error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput {...control} autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <FormField
            id="new-password"
            label={t('user.password.new')}
            hint={newPasswordHint()}
            error={errors.newPassword?.message}
          >
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />}
          </FormField>
          {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {t('user.password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const t = useT();
  const signOutEverywhere = useSignOutEverywhere();
  const [open, setOpen] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('user.sessions.title')}</CardTitle>
        <CardDescription>{t('user.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" onClick={() => setOpen(true)}>
            <MonitorSmartphone aria-hidden="true" className="size-4" />
            {t('user.sessions.signOutEverywhere')}
          </Button>
          {open ? (
            <ConfirmDialogContent
              title={t('user.sessions.confirmTitle')}
              description={t('user.sessions.confirmDescription')}
              confirmLabel={t('user.sessions.signOutEverywhere')}
              confirm={() => signOutEverywhere.mutateAsync()}
              pending={signOutEverywhere.isPending}
              onConfirmed={() => notify('success', t('user.sessions.done'))}
            />
          ) : null}
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

function DeleteUserForm() {
  const t = useT();
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
    onSuccess: () => notify('success', t('user.delete.done')),
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('user.delete.submit')}
      submitting={isSubmitting}
      submitVariant="destructive"
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>{t('user.delete.removesData')}</li>
        <li>{t('user.delete.removesConnections')}</li>
        <li>{t('user.delete.permanent')}</li>
      </ul>
      <FormField id="delete-password" label={t('user.delete.password')} error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} data-autofocus autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
    </DialogForm>
  );
}

function DeleteUserCard() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t('user.delete.title')}</CardTitle>
        <CardDescription>{t('user.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('user.delete.title')}
        </Button>
        <FormDialog
          open={open}
          onOpenChange={setOpen}
          title={t('user.delete.confirmTitle')}
          description={t('user.delete.confirmDescription')}
        >
          <DeleteUserForm />
        </FormDialog>
      </CardContent>
    </Card>
  );
}

/** Issue 16: the interface's language, saved as the user's so it follows them to any device. */
function LanguageCard() {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.label')}</CardTitle>
        <CardDescription>{t('user.language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSwitch className="w-full max-w-xs" />
      </CardContent>
    </Card>
  );
}

export function UserSettings() {
  return (
    <div className="flex flex-col gap-4">
      <AccountCard />
      <LanguageCard />
      <TimeZoneCard />
      <CryptoInTotalCard />
      <ChangePasswordCard />
      <BackupCard />
      <SignOutEverywhereCard />
      <DeleteUserCard />
    </div>
  );
}
