import { Link, Outlet, useNavigation } from 'react-router';
import { useBaseCurrencyChangeWatcher } from '../../api/currencies.ts';
import { useBankJobsWatcher, useServerEvents } from '../../api/events.ts';
import { useFinancialSync } from '../../api/financial-sync.ts';
import { useOutboxSender } from '../../api/outbox.ts';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';
import { SyncButton } from '../../entities/monobank/sync-button.tsx';
import { TokenInvalidBanner } from '../../entities/monobank/token-invalid-banner.tsx';
import { AddTransactionButton } from '../../entities/transactions/add-transaction-button.tsx';
import { BankDialogHost } from '../../features/bank/bank-dialog-host.tsx';
import { RecurringDialogHost } from '../../features/recurring/recurring-dialog-host.tsx';
import { TransactionDialogHost } from '../../features/transactions/transaction-dialog.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useT } from '../../lib/i18n.ts';
import { BottomNav } from './bottom-nav.tsx';
import { usePageTitle } from './page-title.ts';
import { Sidebar } from './sidebar.tsx';
import { SignOutQuestion } from './sign-out-question.tsx';
import { UserMenu } from './user-menu.tsx';

/** The frame of every signed-in page: sidebar (or bottom bar on phones), header, content. */
export function AppShell() {
  const { title, tabTitles } = usePageTitle();
  const t = useT();
  useDocumentTitle(...tabTitles);
  const navigating = useNavigation().state !== 'idle';
  useBaseCurrencyChangeWatcher();
  // The bank: news from the server as it happens, the financial sync when due, and jobs that end.
  useServerEvents();
  useFinancialSync();
  useBankJobsWatcher();
  // Transactions kept on this device without a connection go out once there is one (issue 39).
  useOutboxSender();
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('shell.skipToContent')}
      </a>
      <Sidebar />
      <div className="flex min-h-dvh flex-col md:pl-64">
        <header className="sticky top-(--connection-notice-height,0px) z-20 flex h-16 shrink-0 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur sm:gap-3 md:px-8">
          <Link to="/dashboard" aria-label={t('shell.homeLink')} className="rounded-md md:hidden">
            <LogoMark />
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight md:text-xl">{title}</h1>
          <SyncButton />
          <AddTransactionButton compact />
          <ThemeToggle />
          <UserMenu className="md:hidden" />
          {navigating ? (
            <div
              role="progressbar"
              aria-label={t('shell.loadingPage')}
              className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden"
            >
              <div className="h-full w-1/3 animate-pulse bg-primary" />
            </div>
          ) : null}
        </header>
        <main id="main" className="flex-1 px-4 pt-6 pb-24 md:px-8 md:pb-10">
          <div className="mx-auto w-full max-w-6xl">
            <TokenInvalidBanner className="mb-6" />
            <Outlet />
          </div>
        </main>
      </div>
      <BottomNav />
      <TransactionDialogHost />
      <BankDialogHost />
      <RecurringDialogHost />
      <SignOutQuestion />
    </div>
  );
}
