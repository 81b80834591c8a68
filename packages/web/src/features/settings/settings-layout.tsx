import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';

const TABS = [
  { to: 'categories', label: 'page.categories' },
  { to: 'currencies', label: 'page.currencies' },
  { to: 'accounts', label: 'page.accountGroups' },
  { to: 'tags', label: 'page.tags' },
  { to: 'rules', label: 'page.rules' },
  { to: 'bank', label: 'page.bank' },
  { to: 'user', label: 'page.user' },
] as const;

/** /settings and its sections, as tabs that are links (each section has its own address). */
export function SettingsLayout() {
  const t = useT();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: the one open is brought into view (Rules, Bank, User are past the edge).
  useEffect(() => {
    const active = pathname ? nav.current?.querySelector<HTMLElement>('[aria-current="page"]') : null;
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="flex flex-col gap-6">
      <nav ref={nav} aria-label={t('settings.sections')} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
        <ul className="flex min-w-max border-b sm:gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    '-mb-px flex h-10 items-center border-b-2 px-2 text-[0.8125rem] font-medium transition-colors sm:px-3 sm:text-sm',
                    isActive
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
