import type { Account } from '@kopiyka/shared';
import type { ComponentProps } from 'react';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { formatMoney } from '../../lib/money.ts';
import { outOfWalletLabel } from '../transactions/describe.ts';
import { ownMoney } from './account-tree.ts';

/** The pseudo account for money that leaves (or enters) the wallet: a select's value. */
export const OUT_OF_WALLET = 'out';

/**
 * The accounts a new transaction (or a schedule of them) may use: enabled manual ones, bank
 * accounts taking only imports; `keep` lets through those a saved one uses already.
 */
export function selectableAccounts(accounts: readonly Account[], keep: readonly number[] = []): Account[] {
  return accounts.filter((account) => (account.isEnabled && account.type === 'system') || keep.includes(account.id));
}

type AccountSelectProps = Omit<ComponentProps<typeof NativeSelect>, 'children'> & {
  accounts: readonly Account[];
  /** Offers the "Out of wallet" pseudo account after the real ones. */
  outOfWallet?: boolean;
  placeholder: string;
};

/** The platform's own picker of accounts, each with the own money it holds. */
export function AccountSelect({ accounts, outOfWallet = false, placeholder, ...props }: AccountSelectProps) {
  return (
    <NativeSelect {...props}>
      <option value="" disabled>
        {placeholder}
      </option>
      {accounts.map((account) => (
        <option key={account.id} value={String(account.id)}>
          {`${account.name} · ${formatMoney(ownMoney(account), account.currencyCode)}`}
        </option>
      ))}
      {outOfWallet ? <option value={OUT_OF_WALLET}>{outOfWalletLabel()}</option> : null}
    </NativeSelect>
  );
}
