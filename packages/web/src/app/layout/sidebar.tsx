import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { requestSignOut } from '../../api/auth.ts';
import { useBaseCurrency } from '../../api/currencies.ts';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSessionStore } from '../../stores/session.ts';
import { MainNav } from './main-nav.tsx';
import { SidebarAccounts } from './sidebar-accounts.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** The main navigation from 768 px up, with the user's accounts below it; the middle scrolls. */
export function Sidebar() {
  const user = useSessionStore((state) => state.user);
  const baseCurrency = useBaseCurrency();
  const t = useT();
  return (
    <aside className="fixed top-(--connection-notice-height,0px) bottom-0 left-0 z-30 hidden w-64 flex-col border-r bg-card md:flex">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/dashboard" aria-label={t('shell.homeLink')} className="rounded-md">
          <Logo />
        </Link>
      </div>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        <MainNav placement="sidebar" className="px-3 py-3" />
        <SidebarAccounts />
      </div>
      {user ? (
        <div className="flex items-center gap-3 border-t px-4 py-3">
          <UserAvatar username={user.username} />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium" title={user.username}>
              {user.username}
            </span>
            {baseCurrency ? (
              <span className="text-xs text-muted-foreground">
                {t('shell.baseCurrency', { code: baseCurrency.currency.code })}
              </span>
            ) : null}
          </div>
          <Button
            variant="ghost"
            size="icon"
            onClick={requestSignOut}
            aria-label={t('shell.signOut')}
            title={t('shell.signOut')}
            className="size-9 text-muted-foreground hover:text-foreground"
          >
            <LogOut aria-hidden="true" className="size-[1.125rem]" />
          </Button>
        </div>
      ) : null}
    </aside>
  );
}
