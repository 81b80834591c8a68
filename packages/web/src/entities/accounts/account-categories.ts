import type { AccountCategory } from '@kopiyka/shared';
import {
  Banknote,
  BanknoteArrowDown,
  Bitcoin,
  CreditCard,
  Gift,
  HandCoins,
  House,
  Landmark,
  type LucideIcon,
  PiggyBank,
  ShieldCheck,
  TrendingUp,
  Wallet,
} from 'lucide-react';

export type AccountCategoryInfo = { label: string; icon: LucideIcon };

/** How each of the twelve account categories is named and drawn, in the order the chooser lists them. */
export const ACCOUNT_CATEGORY_INFO: Record<AccountCategory, AccountCategoryInfo> = {
  general: { label: 'General', icon: Wallet },
  cash: { label: 'Cash', icon: Banknote },
  'current-account': { label: 'Current account', icon: Landmark },
  'credit-card': { label: 'Credit card', icon: CreditCard },
  saving: { label: 'Savings', icon: PiggyBank },
  bonus: { label: 'Bonus', icon: Gift },
  insurance: { label: 'Insurance', icon: ShieldCheck },
  investment: { label: 'Investment', icon: TrendingUp },
  loan: { label: 'Loan', icon: HandCoins },
  mortgage: { label: 'Mortgage', icon: House },
  overdraft: { label: 'Overdraft', icon: BanknoteArrowDown },
  crypto: { label: 'Crypto', icon: Bitcoin },
};

/**
 * Categories whose accounts usually lend money. Any account may have a credit limit; for these the
 * form explains it in the bank's terms, for the others as the rarer case it is.
 */
const CREDIT_CATEGORIES: ReadonlySet<AccountCategory> = new Set(['credit-card', 'overdraft', 'loan']);

export function isCreditCategory(category: AccountCategory): boolean {
  return CREDIT_CATEGORIES.has(category);
}
