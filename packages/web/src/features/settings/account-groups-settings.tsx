import {
  type Account,
  type UpdateAccountBody,
  type UpdateAccountGroupBody,
  updateAccountGroupBodySchema,
} from '@kopiyka/shared';
import { FolderInput, FolderMinus, FolderPlus, Layers, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUpdateAccountGroup } from '../../api/account-groups.ts';
import { useUpdateAccount } from '../../api/accounts.ts';
import { loadFailureText } from '../../api/errors.ts';
import { useSubmission } from '../../api/submission.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineEdit } from '../../components/ui/inline-edit.tsx';
import { Money } from '../../components/ui/money.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { RowActions } from '../../components/ui/row-actions.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TruncatedName } from '../../components/ui/truncated-name.tsx';
import { AccountIcon } from '../../entities/accounts/account-icon.tsx';
import {
  type AccountGroupNode,
  type AccountTree,
  groupChoices,
  ownMoney,
} from '../../entities/accounts/account-tree.ts';
import { GroupOptions } from '../../entities/accounts/group-options.tsx';
import { useAccountTree } from '../../entities/accounts/use-account-tree.ts';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { notify } from '../../stores/notifications.ts';
import { CreateGroupDialog, DeleteGroupDialog } from './components/group-dialogs.tsx';
import { MoveDialog } from './components/move-dialog.tsx';

type Actions = {
  addSubgroup: (node: AccountGroupNode) => void;
  moveGroup: (node: AccountGroupNode) => void;
  deleteGroup: (node: AccountGroupNode) => void;
  moveAccount: (account: Account) => void;
  removeFromGroup: (account: Account) => void;
};

function AccountRow({ account, actions }: { account: Account; actions: Actions }) {
  const t = useT();
  return (
    <li className={cn('flex items-center gap-3 py-1.5 pr-1 pl-2', !account.isEnabled && 'opacity-60')}>
      <AccountIcon category={account.accountCategory} className="size-8 [&_svg]:size-4" />
      {/* Name and amount side by side from 640 px; on phones the amount goes under the name, which keeps its room. */}
      <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
        <Link
          to={`/account/${account.id}`}
          className="flex min-w-0 text-sm underline-offset-4 hover:text-primary hover:underline sm:flex-1"
        >
          <TruncatedName name={account.name} />
        </Link>
        <Money
          minor={ownMoney(account)}
          currency={account.currencyCode}
          className="text-xs text-muted-foreground sm:text-sm"
        />
      </div>
      <RowActions label={t('groups.accountActions', { name: account.name })}>
        <DropdownMenuItem onSelect={() => actions.moveAccount(account)}>
          <FolderInput aria-hidden="true" />
          {t('groups.moveToGroup')}
        </DropdownMenuItem>
        {account.accountGroupId === null ? null : (
          <DropdownMenuItem onSelect={() => actions.removeFromGroup(account)}>
            <FolderMinus aria-hidden="true" />
            {t('groups.removeFromGroup')}
          </DropdownMenuItem>
        )}
      </RowActions>
    </li>
  );
}

/** A change to be saved, and what to say once it is. */
type Change<Body> = { id: number; body: Body; done: string };

function useSaveGroup() {
  const updateGroup = useUpdateAccountGroup();
  return useSubmission({
    send: ({ id, body }: Change<UpdateAccountGroupBody>) => updateGroup.mutateAsync({ id, body }),
    onSuccess: (_group, { done }) => notify('success', done),
  });
}

function useSaveAccount() {
  const updateAccount = useUpdateAccount();
  return useSubmission({
    send: ({ id, body }: Change<UpdateAccountBody>) => updateAccount.mutateAsync({ id, body }),
    onSuccess: (_account, { done }) => notify('success', done),
  });
}

function GroupItem({ node, actions }: { node: AccountGroupNode; actions: Actions }) {
  const saveGroup = useSaveGroup();
  const { group } = node;
  const empty = node.accounts.length === 0 && node.subgroups.length === 0;
  const t = useT();
  return (
    <li className="flex flex-col">
      <div className="flex items-center gap-2 rounded-lg py-1 pl-2 hover:bg-accent/50">
        <Layers aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <InlineEdit
          label={t('groups.name')}
          value={group.name}
          textClassName="font-medium"
          className="min-w-0 flex-1"
          validate={(name) => {
            const checked = updateAccountGroupBodySchema.safeParse({ name });
            return checked.success ? null : (checked.error.issues[0]?.message ?? null);
          }}
          onSave={(name) => saveGroup.submit({ id: group.id, body: { name }, done: t('groups.renamed', { name }) })}
        />
        <span className="shrink-0 text-xs text-muted-foreground">
          {t('accounts.count', { count: node.accountCount })}
        </span>
        <RowActions label={t('groups.groupActions', { name: group.name })}>
          <DropdownMenuItem onSelect={() => actions.addSubgroup(node)}>
            <FolderPlus aria-hidden="true" />
            {t('groups.addSubgroup')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.moveGroup(node)}>
            <FolderInput aria-hidden="true" />
            {t('groups.moveTo')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => actions.deleteGroup(node)}>
            <Trash2 aria-hidden="true" />
            {t('groups.delete')}
          </DropdownMenuItem>
        </RowActions>
      </div>
      {empty ? (
        <p className="ml-6 border-l py-1.5 pl-4 text-xs text-muted-foreground">{t('groups.noAccounts')}</p>
      ) : (
        <div className="ml-4 border-l pl-2">
          {node.accounts.length > 0 ? (
            <ul aria-label={t('groups.accountsIn', { name: group.name })}>
              {node.accounts.map((account) => (
                <AccountRow key={account.id} account={account} actions={actions} />
              ))}
            </ul>
          ) : null}
          {node.subgroups.length > 0 ? (
            <ul aria-label={t('groups.subgroupsOf', { name: group.name })}>
              {node.subgroups.map((subgroup) => (
                <GroupItem key={subgroup.group.id} node={subgroup} actions={actions} />
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </li>
  );
}

type Dialog =
  | { kind: 'create'; parentGroupId: string }
  | { kind: 'move-group'; node: AccountGroupNode }
  | { kind: 'delete'; node: AccountGroupNode }
  | { kind: 'move-account'; account: Account }
  | null;

function groupName(tree: AccountTree, id: number | null): string | null {
  if (id === null) return null;
  return groupChoices(tree).find(({ node }) => node.group.id === id)?.node.group.name ?? null;
}

function GroupsManager({ tree }: { tree: AccountTree }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const saveGroup = useSaveGroup();
  const saveAccount = useSaveAccount();
  const close = () => setDialog(null);
  const t = useT();

  const actions: Actions = {
    addSubgroup: (node) => setDialog({ kind: 'create', parentGroupId: String(node.group.id) }),
    moveGroup: (node) => setDialog({ kind: 'move-group', node }),
    deleteGroup: (node) => setDialog({ kind: 'delete', node }),
    moveAccount: (account) => setDialog({ kind: 'move-account', account }),
    removeFromGroup: async (account) => {
      const refusal = await saveAccount.submit({
        id: account.id,
        body: { accountGroupId: null },
        done: t('groups.accountUngrouped', { name: account.name }),
      });
      if (refusal) notify('error', refusal);
    },
  };

  const movingGroup = dialog?.kind === 'move-group' ? dialog.node.group : null;
  const movingAccount = dialog?.kind === 'move-account' ? dialog.account : null;
  const deleting = dialog?.kind === 'delete' ? dialog.node : null;

  return (
    <>
      <div className="flex flex-col gap-4">
        <div>
          <Button onClick={() => setDialog({ kind: 'create', parentGroupId: '' })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('groups.new')}
          </Button>
        </div>
        {tree.groups.length === 0 ? (
          <EmptyState
            icon={Layers}
            title={t('groups.empty.title')}
            description={t('groups.empty.description')}
            className="rounded-lg border border-dashed"
          />
        ) : (
          <ul aria-label={t('page.accountGroups')} className="flex flex-col gap-1">
            {tree.groups.map((node) => (
              <GroupItem key={node.group.id} node={node} actions={actions} />
            ))}
          </ul>
        )}
        {tree.ungrouped.length > 0 ? (
          <section aria-labelledby="ungrouped-accounts" className="flex flex-col gap-1 border-t pt-4">
            <h3 id="ungrouped-accounts" className="px-2 text-sm font-medium text-muted-foreground">
              {t('sidebar.ungrouped')}
            </h3>
            <ul>
              {tree.ungrouped.map((account) => (
                <AccountRow key={account.id} account={account} actions={actions} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <CreateGroupDialog
        parentGroupId={dialog?.kind === 'create' ? dialog.parentGroupId : null}
        tree={tree}
        onClose={close}
      />
      <DeleteGroupDialog
        node={deleting}
        parentName={deleting ? groupName(tree, deleting.group.parentGroupId) : null}
        onClose={close}
      />
      {movingGroup ? (
        <MoveDialog
          title={t('groups.moveGroup.title', { name: movingGroup.name })}
          description={t('groups.moveGroup.description')}
          label={t('groups.moveGroup.label')}
          initialValue={String(movingGroup.parentGroupId ?? '')}
          // A group cannot go inside itself or its own subgroups: those are not offered.
          options={<GroupOptions tree={tree} excludeId={movingGroup.id} noneLabel={t('groups.topLevel')} />}
          onMove={(value) => {
            const parentGroupId = value === '' ? null : Number(value);
            return saveGroup.submit({
              id: movingGroup.id,
              body: { parentGroupId },
              done:
                parentGroupId === null
                  ? t('groups.moveGroup.toTop', { name: movingGroup.name })
                  : t('groups.moveGroup.done', { name: movingGroup.name, group: groupName(tree, parentGroupId) ?? '' }),
            });
          }}
          onClose={close}
        />
      ) : null}
      {movingAccount ? (
        <MoveDialog
          title={t('groups.moveAccount.title', { name: movingAccount.name })}
          description={t('groups.moveAccount.description')}
          label={t('groups.moveAccount.label')}
          initialValue={String(movingAccount.accountGroupId ?? '')}
          options={<GroupOptions tree={tree} />}
          onMove={(value) => {
            const accountGroupId = value === '' ? null : Number(value);
            return saveAccount.submit({
              id: movingAccount.id,
              body: { accountGroupId },
              done:
                accountGroupId === null
                  ? t('groups.accountUngrouped', { name: movingAccount.name })
                  : t('groups.moveAccount.done', {
                      name: movingAccount.name,
                      group: groupName(tree, accountGroupId) ?? '',
                    }),
            });
          }}
          onClose={close}
        />
      ) : null}
    </>
  );
}

export function AccountGroupsSettings() {
  const state = useAccountTree();
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('page.accountGroups')}</CardTitle>
        <CardDescription>{t('groups.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {state.status === 'success' ? (
          <GroupsManager tree={state.tree} />
        ) : state.status === 'error' ? (
          <EmptyState
            icon={Layers}
            title={t('groups.loadError')}
            description={loadFailureText(state.error)}
            action={<RetryButton onRetry={state.retry} retrying={state.retrying} />}
          />
        ) : (
          <div role="status" aria-label={t('groups.loading')} className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
