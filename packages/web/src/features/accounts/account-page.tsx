import {
  ACCOUNT_CATEGORIES,
  type Account,
  type AccountCategory,
  type UpdateAccountBody,
  updateAccountBodySchema,
} from '@kopiyka/shared';
import { Upload, Wallet } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useAccount, useUpdateAccount } from '../../api/accounts.ts';
import { useBaseCurrencyCode, useUserCurrencies } from '../../api/currencies.ts';
import { useSubmission } from '../../api/submission.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { InlineEdit } from '../../components/ui/inline-edit.tsx';
import { Money } from '../../components/ui/money.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ACCOUNT_CATEGORY_INFO } from '../../entities/accounts/account-categories.ts';
import { AccountIcon } from '../../entities/accounts/account-icon.tsx';
import { groupChoices, ownMoney, refOwnMoney } from '../../entities/accounts/account-tree.ts';
import { GroupOptions } from '../../entities/accounts/group-options.tsx';
import { useAccountTree } from '../../entities/accounts/use-account-tree.ts';
import { currencyName } from '../../entities/currencies/currency-name.ts';
import { BankBadge } from '../../entities/monobank/bank-badge.tsx';
import { DangerZoneCard, DetailNotFound, DetailPage, useDetailId } from '../../entities/requests/detail-page.tsx';
import { TransactionList } from '../../entities/transactions/transaction-list.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { IMPORT_PATH } from '../../lib/paths.ts';
import { notify } from '../../stores/notifications.ts';
import { AccountBalanceTrend } from './components/account-balance-trend.tsx';
import { AmountSetting } from './components/amount-setting.tsx';
import { DeleteAccountButton } from './components/delete-account-dialog.tsx';

/** The message the shared contract gives for `body`, or null when it is acceptable. */
function contractProblem(body: UpdateAccountBody): string | null {
  const checked = updateAccountBodySchema.safeParse(body);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** Saves a change and says so: a toast when it worked, the server's reason (for the caller to show) when not. */
function useAccountSaver(account: Account) {
  const update = useUpdateAccount();
  const submission = useSubmission({
    send: ({ body }: { body: UpdateAccountBody; done: string }) => update.mutateAsync({ id: account.id, body }),
    onSuccess: (_account, { done }) => notify('success', done),
  });
  return {
    pending: update.isPending,
    save: (body: UpdateAccountBody, done: string) => submission.submit({ body, done }),
    /** For controls with no room for a message of their own: the refusal becomes a toast. */
    saveOrNotify: async (body: UpdateAccountBody, done: string) => {
      const refusal = await submission.submit({ body, done });
      if (refusal) notify('error', refusal);
    },
  };
}

/** The way back to the list, named in the current language. */
function useAccountsList() {
  const t = useT();
  return { path: '/accounts', label: t('account.allAccounts') };
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function AccountHeader({ account, baseCode }: { account: Account; baseCode: string | undefined }) {
  const { save } = useAccountSaver(account);
  const refValue = refOwnMoney(account);
  const foreign = baseCode !== undefined && account.currencyCode !== baseCode;
  const t = useT();
  return (
    <Card className={account.isEnabled ? undefined : 'border-dashed'}>
      <CardContent className="flex flex-col gap-5">
        <div className="flex items-start gap-3">
          <AccountIcon category={account.accountCategory} className="size-12" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <InlineEdit
              label={t('account.name')}
              value={account.name}
              textClassName="text-xl font-semibold tracking-tight"
              validate={(name) => contractProblem({ name })}
              onSave={(name) => save({ name }, t('account.renamed', { name }))}
            />
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>
                {t(ACCOUNT_CATEGORY_INFO[account.accountCategory].label)} · {account.currencyCode}
              </span>
              {account.type === 'monobank' ? <BankBadge /> : null}
              {account.isEnabled ? null : <Badge>{t('account.hidden')}</Badge>}
            </div>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm text-muted-foreground">{t('account.ownMoney')}</span>
          <Money
            wrap
            minor={ownMoney(account)}
            currency={account.currencyCode}
            className="text-3xl font-semibold tracking-tight"
          />
        </div>
        <dl className="grid grid-cols-2 gap-4 border-t pt-4 sm:grid-cols-3">
          <Figure label={t('account.balance')}>
            <Money minor={account.currentBalance} currency={account.currencyCode} />
          </Figure>
          {account.creditLimit > 0 ? (
            <Figure label={t('account.creditLimit')}>
              <Money minor={account.creditLimit} currency={account.currencyCode} />
            </Figure>
          ) : null}
          {foreign ? (
            <Figure label={t('account.ownMoneyIn', { currency: baseCode })}>
              {refValue === null ? (
                <span className="text-muted-foreground">{t('account.noRate')}</span>
              ) : (
                <Money minor={refValue} currency={baseCode} />
              )}
            </Figure>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function DetailsCard({ account }: { account: Account }) {
  const { save, saveOrNotify, pending } = useAccountSaver(account);
  const userCurrencies = useUserCurrencies();
  const categoryId = useId();
  const t = useT();
  const currency = userCurrencies.data?.find((userCurrency) => userCurrency.currencyId === account.currencyId);
  const fromBank = account.type === 'monobank' ? t('account.fromBank') : undefined;
  const code = account.currencyCode;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.details')}</CardTitle>
      </CardHeader>
      <CardContent className="divide-y py-2">
        <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:gap-6">
          <label htmlFor={categoryId} className="text-sm font-medium sm:w-48 sm:shrink-0">
            {t('account.category')}
          </label>
          <NativeSelect
            id={categoryId}
            className="sm:max-w-64 sm:flex-1"
            value={account.accountCategory}
            disabled={pending}
            onChange={(event) => {
              const accountCategory = event.target.value as AccountCategory;
              void saveOrNotify(
                { accountCategory },
                t('account.categorySet', { category: t(ACCOUNT_CATEGORY_INFO[accountCategory].label).toLowerCase() }),
              );
            }}
          >
            {ACCOUNT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(ACCOUNT_CATEGORY_INFO[category].label)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-0.5 py-4 sm:flex-row sm:items-center sm:gap-6">
          <span className="text-sm font-medium sm:w-48 sm:shrink-0">{t('account.currency')}</span>
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono font-semibold">{code}</span>
            {currency ? <span className="text-muted-foreground">{currencyName(currency.currency)}</span> : null}
            <span className="text-xs text-muted-foreground">{t('account.currencyFixed')}</span>
          </span>
        </div>
        <AmountSetting
          label={t('account.openingBalance')}
          value={account.openingBalance}
          currency={code}
          hint={t(fromBank ? 'account.openingHint.bank' : 'account.openingHint.own', {
            day: formatShortDate(account.openingAt),
          })}
          readOnlyReason={fromBank}
          validate={(openingBalance) => contractProblem({ openingBalance })}
          onSave={(openingBalance) => save({ openingBalance }, t('account.openingUpdated'))}
        />
        <AmountSetting
          label={t('account.currentBalance')}
          value={account.currentBalance}
          currency={code}
          hint={fromBank ? undefined : t('account.currentHint')}
          readOnlyReason={fromBank}
          validate={(currentBalance) => contractProblem({ currentBalance })}
          onSave={(currentBalance) => save({ currentBalance }, t('account.balanceUpdated'))}
        />
        <AmountSetting
          label={t('account.creditLimit')}
          value={account.creditLimit}
          currency={code}
          hint={fromBank ? undefined : t('account.creditHint')}
          positive
          readOnlyReason={fromBank}
          validate={(creditLimit) => contractProblem({ creditLimit })}
          onSave={(creditLimit) => save({ creditLimit }, t('account.creditUpdated'))}
        />
      </CardContent>
    </Card>
  );
}

function SettingsCard({ account }: { account: Account }) {
  const { saveOrNotify, pending } = useAccountSaver(account);
  const groups = useAccountTree();
  const visibilityId = useId();
  const groupId = useId();
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.settings')}</CardTitle>
      </CardHeader>
      <CardContent className="divide-y py-2">
        <div className="flex items-center justify-between gap-4 py-4">
          <div className="flex flex-col gap-0.5">
            <label id={`${visibilityId}-label`} htmlFor={visibilityId} className="text-sm font-medium">
              {t('account.show')}
            </label>
            <span className="text-xs text-muted-foreground">{t('account.showHint')}</span>
          </div>
          <Switch
            id={visibilityId}
            aria-labelledby={`${visibilityId}-label`}
            checked={account.isEnabled}
            disabled={pending}
            onCheckedChange={(isEnabled) =>
              void saveOrNotify({ isEnabled }, isEnabled ? t('account.shown') : t('account.hiddenDone'))
            }
          />
        </div>
        <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:gap-6">
          <div className="flex flex-col gap-0.5 sm:w-48 sm:shrink-0">
            <label htmlFor={groupId} className="text-sm font-medium">
              {t('account.group')}
            </label>
            <Link to="/settings/accounts" className="text-xs text-primary underline-offset-4 hover:underline">
              {t('account.manageGroups')}
            </Link>
          </div>
          {groups.status === 'success' ? (
            <NativeSelect
              id={groupId}
              className="sm:max-w-64 sm:flex-1"
              value={String(account.accountGroupId ?? '')}
              disabled={pending}
              onChange={(event) => {
                const value = event.target.value;
                const group = groupChoices(groups.tree).find(({ node }) => String(node.group.id) === value)?.node.group;
                void saveOrNotify(
                  { accountGroupId: group?.id ?? null },
                  group ? t('account.movedTo', { group: group.name }) : t('account.ungrouped'),
                );
              }}
            >
              <GroupOptions tree={groups.tree} />
            </NativeSelect>
          ) : groups.status === 'error' ? (
            <RetryButton onRetry={groups.retry} retrying={groups.retrying} />
          ) : (
            <Skeleton className="h-10 sm:max-w-64 sm:flex-1" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** A bank account's rows come from the bank: it offers no file import, and says why. */
function TransactionsCard({ accountId, fromBank }: { accountId: number; fromBank: boolean }) {
  const filters = useMemo(() => ({ accountIds: [accountId] }), [accountId]);
  const t = useT();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t('account.transactions')}</CardTitle>
          <CardDescription>
            {fromBank ? t('account.transactionsFromBank') : t('account.transactionsDescription')}
          </CardDescription>
        </div>
        {fromBank ? null : (
          <Button asChild variant="outline" size="sm">
            <Link to={`${IMPORT_PATH}?accountId=${accountId}`}>
              <Upload aria-hidden="true" className="size-4" />
              {t('account.importCsv')}
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <TransactionList filters={filters} />
      </CardContent>
    </Card>
  );
}

function AccountSkeleton() {
  return (
    <>
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </>
  );
}

function AccountView({ id }: { id: number }) {
  const account = useAccount(id);
  const baseCode = useBaseCurrencyCode();
  const list = useAccountsList();
  const t = useT();
  return (
    <DetailPage
      query={account}
      list={list}
      noun="account"
      name={(a) => a.name}
      icon={Wallet}
      placeholder={<AccountSkeleton />}
    >
      {(data) => (
        // Two columns from 1024 px; in one column the settings come before the transactions and the
        // danger zone last, so the columns dissolve (`contents`) and `order` sorts their cards.
        <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <div className="contents lg:flex lg:flex-col lg:gap-4">
            <AccountHeader account={data} baseCode={baseCode} />
            <DetailsCard account={data} />
            <AccountBalanceTrend accountId={data.id} />
            <div className="order-1 lg:order-none">
              <TransactionsCard accountId={data.id} fromBank={data.type === 'monobank'} />
            </div>
          </div>
          <div className="contents lg:flex lg:flex-col lg:gap-4">
            <SettingsCard account={data} />
            <div className="order-2 lg:order-none">
              <DangerZoneCard description={t('account.dangerZone')}>
                <DeleteAccountButton account={data} />
              </DangerZoneCard>
            </div>
          </div>
        </div>
      )}
    </DetailPage>
  );
}

export function AccountPage() {
  const id = useDetailId();
  const list = useAccountsList();
  return id === null ? <DetailNotFound list={list} noun="account" /> : <AccountView key={id} id={id} />;
}
