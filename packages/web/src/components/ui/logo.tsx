import { cn } from '../../lib/utils.ts';

/** The Kopiyka mark: a coin with a K, in the primary colour of the theme. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <circle cx="16" cy="16" r="15" className="fill-primary" />
      <circle cx="16" cy="16" r="11" fill="none" strokeWidth="1.6" className="stroke-primary-foreground/45" />
      <path
        d="M12.5 10v12M12.5 16.5l6-6.5M14.6 14.6l4.4 7.4"
        fill="none"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-primary-foreground"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-lg font-semibold tracking-tight">Kopiyka</span>
    </span>
  );
}
