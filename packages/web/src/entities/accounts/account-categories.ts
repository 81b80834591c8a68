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
import type { MessageKey } from '../../lib/i18n.ts';

/** `label` names the category in the catalogue. */
export type AccountCategoryInfo = { label: MessageKey; icon: LucideIcon };

/** How each of the twelve account categories is named and drawn, in the order the chooser lists them. */
export const ACCOUNT_CATEGORY_INFO: Record<AccountCategory, AccountCategoryInfo> = {
  general: { label: 'accountCategory.general', icon: Wallet },
  cash: { label: 'accountCategory.cash', icon: Banknote },
  'current-account': { label: 'accountCategory.currentAccount', icon: Landmark },
  'credit-card': { label: 'accountCategory.creditCard', icon: CreditCard },
  saving: { label: 'accountCategory.saving', icon: PiggyBank },
  bonus: { label: 'accountCategory.bonus', icon: Gift },
  insurance: { label: 'accountCategory.insurance', icon: ShieldCheck },
  investment: { label: 'accountCategory.investment', icon: TrendingUp },
  loan: { label: 'accountCategory.loan', icon: HandCoins },
  mortgage: { label: 'accountCategory.mortgage', icon: House },
  overdraft: { label: 'accountCategory.overdraft', icon: BanknoteArrowDown },
  crypto: { label: 'accountCategory.crypto', icon: Bitcoin },
};

/**
 * Categories whose accounts usually lend money. Any account may have a credit limit; for these the
 * form explains it in the bank's terms, for the others as the rarer case it is.
 */
const CREDIT_CATEGORIES: ReadonlySet<AccountCategory> = new Set(['credit-card', 'overdraft', 'loan']);

export function isCreditCategory(category: AccountCategory): boolean {
  return CREDIT_CATEGORIES.has(category);
}
