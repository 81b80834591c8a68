import type { Account } from '@kopiyka/shared';
import type { ComponentProps } from 'react';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ownMoney } from '../../../entities/accounts/account-tree.ts';
import { outOfWalletLabel } from '../../../entities/transactions/describe.ts';
import { formatMoney } from '../../../lib/money.ts';
import { OUT_OF_WALLET } from './transaction-form.ts';

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
