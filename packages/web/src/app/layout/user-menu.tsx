import { LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { requestSignOut } from '../../api/auth.ts';
import { useClickOutside } from '../../hooks/use-click-outside.ts';
import { tRich, useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { useSessionStore } from '../../stores/session.ts';
import { UserAvatar } from './user-avatar.tsx';

/** On phones the sidebar is gone: the user's name and sign-out live behind the avatar in the header. */
export function UserMenu({ className }: { className?: string }) {
  const user = useSessionStore((state) => state.user);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  useClickOutside(ref, () => setOpen(false), open);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!user) return null;
  const itemClass =
    'flex w-full cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-foreground hover:bg-accent';
  return (
    <div ref={ref} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('shell.accountMenu')}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="flex cursor-pointer rounded-full"
      >
        <UserAvatar username={user.username} />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full right-0 z-40 mt-2 w-56 animate-fade-in rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-elevated"
        >
          <p className="truncate px-2.5 py-2 text-xs text-muted-foreground">
            {tRich('shell.signedInAs', {
              username: user.username,
              name: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
            })}
          </p>
          <Link to="/settings/user" onClick={() => setOpen(false)} className={itemClass}>
            <UserRound aria-hidden="true" className="size-4" />
            {t('shell.yourAccount')}
          </Link>
          <button type="button" onClick={requestSignOut} className={itemClass}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('shell.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
