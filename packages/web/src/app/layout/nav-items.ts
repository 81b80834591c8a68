import {
  ArrowLeftRight,
  Bitcoin,
  LayoutDashboard,
  type LucideIcon,
  PiggyBank,
  Repeat,
  Settings,
  Wallet,
} from 'lucide-react';
import type { MessageKey } from '../../lib/i18n.ts';

export type NavItem = {
  to: string;
  label: MessageKey;
  icon: LucideIcon;
  /** Other paths that belong to this section, so it stays highlighted on them. */
  alsoActiveOn?: readonly string[];
};

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/accounts', label: 'nav.accounts', icon: Wallet, alsoActiveOn: ['/account', '/create-account'] },
  { to: '/transactions', label: 'nav.transactions', icon: ArrowLeftRight },
  { to: '/recurring', label: 'nav.recurring', icon: Repeat },
  { to: '/budgets', label: 'nav.budgets', icon: PiggyBank },
  { to: '/crypto', label: 'nav.crypto', icon: Bitcoin },
  { to: '/settings', label: 'nav.settings', icon: Settings },
];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((base) => isUnder(pathname, base));
}
