import { LogoMark } from '../components/ui/logo.tsx';
import { useT } from '../lib/i18n.ts';

/** Shown while the first route loads (the session is being restored). */
export function AppLoading() {
  const t = useT();
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <LogoMark className="size-12 animate-pulse" />
      <span className="text-sm text-muted-foreground">{t('shell.loadingApp')}</span>
    </div>
  );
}
