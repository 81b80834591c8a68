import { type createBrowserRouter, Outlet, type RouteObject, redirect } from 'react-router';
import { logout } from '../api/session.ts';
import { TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import type { MessageKey } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { HOME_PATH, leadsToDashboard, rememberLeftPage, SIGN_IN_PATH } from '../lib/paths.ts';
import { local } from '../lib/storage.ts';
import { useSessionStore } from '../stores/session.ts';
import { AppLoading } from './app-loading.tsx';
import { signInPath } from './guards.ts';
import type { RouteHandle } from './layout/page-title.ts';
import { forwardTo, guestOnly, preloadDashboard, requireSession } from './loaders.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SignedIn } from './signed-in.tsx';

const titled = (title: MessageKey, tabTitle?: MessageKey): RouteHandle => ({ title, tabTitle });

/*
 * Every page, the signed-in frame too, is its own chunk, fetched when first opened: the first load
 * carries only the router, the session and the texts; until a page's code arrives the previous page
 * stays (with the shell's progress bar), or on the first load the app's loading screen.
 * Each loader is one module's import, so a chunk can be fetched ahead of its route (`preload…`).
 */
const page = (load: () => Promise<RouteObject['Component']>) => async () => ({ Component: await load() });
const loadSession = () => import('./session.ts');
const loadAppShell = async () => (await import('./layout/app-shell.tsx')).AppShell;
const loadDashboardPage = async () => (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage;
const SignInPage = page(async () => {
  const SignIn = (await import('../features/auth/sign-in-page.tsx')).SignInPage;
  // Signing in leads to the dashboard: its code comes while the visitor types.
  preloadSignedIn(HOME_PATH);
  return SignIn;
});
const SignUpPage = page(async () => (await import('../features/auth/sign-up-page.tsx')).SignUpPage);
const WelcomePage = page(async () => (await import('../features/welcome/welcome-page.tsx')).WelcomePage);
const AppShell = page(loadAppShell);
const DashboardPage = page(loadDashboardPage);
const AccountsPage = page(async () => (await import('../features/accounts/accounts-page.tsx')).AccountsPage);
const AccountPage = page(async () => (await import('../features/accounts/account-page.tsx')).AccountPage);
const CreateAccountPage = page(
  async () => (await import('../features/accounts/create-account-page.tsx')).CreateAccountPage,
);
const CryptoPage = page(async () => (await import('../features/crypto/crypto-page.tsx')).CryptoPage);
const BudgetsPage = page(async () => (await import('../features/budgets/budgets-page.tsx')).BudgetsPage);
const BudgetPage = page(async () => (await import('../features/budgets/budget-page.tsx')).BudgetPage);
const RecurringPage = page(async () => (await import('../features/recurring/recurring-page.tsx')).RecurringPage);
const TransactionsPage = page(
  async () => (await import('../features/transactions/transactions-page.tsx')).TransactionsPage,
);
const ImportPage = page(async () => (await import('../features/import/import-page.tsx')).ImportPage);
const SettingsLayout = page(async () => (await import('../features/settings/settings-layout.tsx')).SettingsLayout);
const CategoriesSettings = page(
  async () => (await import('../features/settings/categories-settings.tsx')).CategoriesSettings,
);
const CurrenciesSettings = page(
  async () => (await import('../features/settings/currencies-settings.tsx')).CurrenciesSettings,
);
const AccountGroupsSettings = page(
  async () => (await import('../features/settings/account-groups-settings.tsx')).AccountGroupsSettings,
);
const TagsSettings = page(async () => (await import('../features/settings/tags-settings.tsx')).TagsSettings);
const RulesSettings = page(async () => (await import('../features/settings/rules-settings.tsx')).RulesSettings);
const UserSettings = page(async () => (await import('../features/settings/user-settings.tsx')).UserSettings);
const BankSettings = page(async () => (await import('../features/bank/bank-settings.tsx')).BankSettings);

/** The signed-in pages, gone in the same render as the session (see SignedIn). */
const signedIn = (
  <SignedIn>
    <Outlet />
  </SignedIn>
);

/** The route table. */
export const routes: RouteObject[] = [
  {
    element: <ScrollToTop />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      // These only forward (their loaders always redirect), hence no element.
      // The root leads home, or to /welcome while there is no base currency.
      { index: true, loader: requireSession, element: null },
      // Analytics is disabled: straight back to the root.
      { path: 'analytics', loader: () => redirect('/'), element: null },
      { path: 'auth', loader: forwardTo(SIGN_IN_PATH), element: null },
      {
        loader: guestOnly,
        children: [
          { path: 'sign-in', lazy: SignInPage },
          { path: 'sign-up', lazy: SignUpPage },
        ],
      },
      { loader: requireSession, element: signedIn, children: [{ path: 'welcome', lazy: WelcomePage }] },
      {
        loader: requireSession,
        element: signedIn,
        children: [
          {
            lazy: AppShell,
            children: [
              {
                // Inside the shell, so a failing page keeps the navigation around its error.
                errorElement: <RouteError />,
                children: [
                  { path: 'dashboard', loader: preloadDashboard, lazy: DashboardPage, handle: titled('nav.dashboard') },
                  { path: 'accounts', lazy: AccountsPage, handle: titled('nav.accounts') },
                  { path: 'account/:id', lazy: AccountPage, handle: titled('page.account', 'nav.accounts') },
                  { path: 'create-account', lazy: CreateAccountPage, handle: titled('page.newAccount') },
                  { path: 'crypto', lazy: CryptoPage, handle: titled('nav.crypto') },
                  { path: 'budgets', lazy: BudgetsPage, handle: titled('nav.budgets') },
                  { path: 'budgets/:id', lazy: BudgetPage, handle: titled('page.budget', 'nav.budgets') },
                  { path: 'transactions', lazy: TransactionsPage, handle: titled('nav.transactions') },
                  { path: 'recurring', lazy: RecurringPage, handle: titled('page.recurring') },
                  { path: 'import', lazy: ImportPage, handle: titled('page.import') },
                  {
                    path: 'settings',
                    lazy: SettingsLayout,
                    handle: titled('nav.settings'),
                    children: [
                      { index: true, loader: forwardTo('/settings/categories'), element: null },
                      { path: 'categories', lazy: CategoriesSettings, handle: titled('page.categories') },
                      { path: 'currencies', lazy: CurrenciesSettings, handle: titled('page.currencies') },
                      { path: 'accounts', lazy: AccountGroupsSettings, handle: titled('page.accountGroups') },
                      { path: 'tags', lazy: TagsSettings, handle: titled('page.tags') },
                      { path: 'rules', lazy: RulesSettings, handle: titled('page.rules') },
                      { path: 'bank', lazy: BankSettings, handle: titled('page.bank') },
                      { path: 'user', lazy: UserSettings, handle: titled('page.user') },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The code a signed-in page at `pathname` opens with, fetched ahead: while someone signs in (for the
 * dashboard), and on a load with a stored token beside the texts instead of after them.
 */
export function preloadSignedIn(pathname: string): void {
  const loads = [loadSession, loadAppShell];
  if (leadsToDashboard(pathname)) loads.push(loadDashboardPage);
  for (const load of loads) load().catch(() => undefined);
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Connects the router to the session: code outside React can navigate, a session that ends
 * (true → false) leads to sign-in, and back to the page it was on for the same person (signed out or
 * refused), and a sign-out or sign-in in another tab is followed.
 * Returns a function that disconnects it again.
 */
export function wireRouter(router: AppRouter): () => void {
  setNavigator((to) => void router.navigate(to));
  const unsubscribe = useSessionStore.subscribe((state, previous) => {
    if (!previous.isLoggedIn || state.isLoggedIn) return;
    // A session that ends (signed out, or ended by the server) comes back to the page it was on
    // after signing in again, for the same person: whoever else signs in starts at the root.
    const { pathname, search } = router.state.location;
    const here = `${pathname}${search}`;
    const username = previous.user?.username;
    if (username) rememberLeftPage(username, here);
    void router.navigate(state.endedBy === 'server' || username ? signInPath(here) : SIGN_IN_PATH);
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    const stored = local.get(TOKEN_STORAGE_KEY);
    if (stored === useSessionStore.getState().token) return;
    if (stored === null) logout();
    else window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
