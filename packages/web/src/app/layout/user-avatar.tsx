import { cn } from '../../lib/utils.ts';

/** The first letter of the username on a tinted disc. */
export function UserAvatar({ username, className }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary uppercase',
        className,
      )}
    >
      {username.slice(0, 1)}
    </span>
  );
}
