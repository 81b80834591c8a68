import type { ReactNode } from 'react';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { cn } from '../../lib/utils.ts';
import { LanguageSwitch } from './language-switch.tsx';

type AuthScreenProps = {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Wider card, for the welcome page's currency list. */
  wide?: boolean;
};

/** The centred card of the signed-out pages and of the welcome page. */
export function AuthScreen({ title, description, children, footer, wide = false }: AuthScreenProps) {
  useDocumentTitle(title);
  // The top padding keeps the card clear of the language and theme controls: a tall card (the
  // welcome page's on a phone) would otherwise slide under them.
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 pt-20 pb-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-15"
      />
      <div className="absolute top-4 right-4 flex items-center gap-2">
        <LanguageSwitch />
        <ThemeToggle />
      </div>
      <main className={cn('relative flex w-full flex-col items-center gap-6', wide ? 'max-w-lg' : 'max-w-sm')}>
        <Logo className="text-foreground" />
        <div className="w-full rounded-2xl border bg-card p-6 shadow-elevated sm:p-8">
          <div className="mb-6 flex flex-col gap-1.5 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {children}
        </div>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
      </main>
    </div>
  );
}
