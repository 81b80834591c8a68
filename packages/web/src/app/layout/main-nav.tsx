import { Link, useLocation } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { isNavItemActive, NAV_ITEMS } from './nav-items.ts';

/** How each place lists the sections: a column in the sidebar, a row of icons over labels at the bottom. */
const NAV_STYLES = {
  sidebar: {
    list: 'flex flex-col gap-1',
    link: 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
    current: 'bg-primary/12 text-primary',
    other: 'text-muted-foreground hover:bg-accent hover:text-foreground',
    icon: 'size-[1.125rem]',
    label: '',
  },
  'bottom-bar': {
    // Seven to a phone's width in 10 px type: equal columns (55 px each at 390), except that a
    // longer name ("Transactions", 62 px; "Параметри", 59 px) takes its width from the others
    // where they have room to spare, from 340 px up; below that a name too long ends in an ellipsis.
    // Names keep 2 px from each other and from the screen's edges.
    list: 'grid grid-cols-7 min-[340px]:grid-cols-[repeat(7,minmax(min-content,1fr))]',
    link: 'flex h-16 flex-col items-center justify-center gap-1 px-0.5 text-[0.625rem] font-medium transition-colors',
    current: 'text-primary',
    other: 'text-muted-foreground hover:text-foreground',
    icon: 'size-5',
    label: 'w-full truncate text-center',
  },
};

type MainNavProps = {
  placement: keyof typeof NAV_STYLES;
  /** Where the nav itself sits on the page. */
  className: string;
};

/** The app's sections as links, the one the user is in marked as current. */
export function MainNav({ placement, className }: MainNavProps) {
  const { pathname } = useLocation();
  const styles = NAV_STYLES[placement];
  const t = useT();
  return (
    <nav aria-label={t('nav.main')} className={className}>
      <ul className={styles.list}>
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(styles.link, active ? styles.current : styles.other)}
              >
                <item.icon aria-hidden="true" className={styles.icon} />
                <span className={styles.label || undefined}>{t(item.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
