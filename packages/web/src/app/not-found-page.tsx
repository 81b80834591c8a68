import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useT } from '../lib/i18n.ts';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('shell.notFound.title'));
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Compass aria-hidden="true" className="size-6" />
      </span>
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold">{t('shell.notFound.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('shell.notFound.description')}</p>
      </div>
      <Button asChild>
        <Link to="/">{t('shell.goToStart')}</Link>
      </Button>
    </main>
  );
}
