import { ArrowLeftRight, Bitcoin, LayoutDashboard, type LucideIcon, PiggyBank, Settings, Wallet } from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that belong to this section, so it stays highlighted on them. */
  alsoActiveOn?: readonly string[];
};

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/accounts', label: 'Accounts', icon: Wallet, alsoActiveOn: ['/account', '/create-account'] },
  { to: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
  { to: '/budgets', label: 'Budgets', icon: PiggyBank },
  { to: '/crypto', label: 'Crypto', icon: Bitcoin },
  { to: '/settings', label: 'Settings', icon: Settings },
];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((base) => isUnder(pathname, base));
}
