import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';

/** A link to another site (a bank's, an exchange's), opened in a new tab, which it says. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('common.newTab')}</span>
    </a>
  );
}

/**
 * Steps to follow elsewhere (in a bank's or an exchange's app) to make a credential, each after its
 * number, and what becomes of the credential here.
 */
export function Instructions({ steps, safety }: { steps: readonly ReactNode[]; safety: string }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={String(index)} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
      <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{safety}</span>
      </p>
    </div>
  );
}
