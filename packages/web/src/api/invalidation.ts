import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { MonthKey } from '../lib/dates.ts';
import {
  accountGroupKeys,
  accountKeys,
  binanceKeys,
  budgetKeys,
  currencyKeys,
  importKeys,
  monobankKeys,
  recurringKeys,
  ruleKeys,
  settingsKeys,
  statsKeys,
  tagKeys,
  transactionKeys,
  userKeys,
} from './query-keys.ts';

/**
 * What each kind of change makes stale: the one place that calls `invalidateQueries` (a test holds
 * it). A function answers a promise where its caller waits for the refetch (a mutation's
 * `onSuccess` keeps the form busy until the lists are fresh), and nothing where it must not.
 */

const invalidateAll = (queryClient: QueryClient, keys: QueryKey[]): Promise<unknown> =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * A transaction was created, edited, deleted, linked or unlinked: it moves balances, so every list
 * (whatever its filters) and every account figure is asked for again. Not awaited: the dialog that
 * made the change closes at once and the lists refresh behind it.
 */
export function transactionsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** An account was created or edited (its own entry takes the answer): the list and the groups' `accountIds`. */
export function accountSaved(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [accountKeys.list(), accountGroupKeys.all]);
}

/** A new account: as any saved one, and its currency joins the user's currencies. */
export function accountCreated(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([accountSaved(queryClient), queryClient.invalidateQueries({ queryKey: currencyKeys.all })]);
}

/** An account went: its transactions with it, and the other legs of its transfers now leave the wallet. */
export function accountDeleted(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [accountKeys.list(), accountGroupKeys.all, transactionKeys.all]);
}

/** A group was created or edited. */
export function accountGroupsChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountGroupKeys.all });
}

/** A group went: its accounts move up a level, so their `accountGroupId` changed too. */
export function accountGroupDeleted(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [accountGroupKeys.all, accountKeys.all]);
}

/**
 * A category went: it leaves the statistics exclusions and the budgets that named it, and its
 * transactions are in another one now. (Created and edited categories go into the cache as answered.)
 */
export function categoryDeleted(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [settingsKeys.all, budgetKeys.all, transactionKeys.all]);
}

/** A tag was created, renamed or recoloured. */
export function tagsChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: tagKeys.all });
}

/** A tag went: it came off its transactions, and out of the spending by tags. */
export function tagDeleted(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [tagKeys.all, transactionKeys.all, statsKeys.all]);
}

/** A rule was created, edited, switched on or off, or deleted. */
export function rulesChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ruleKeys.all });
}

/**
 * Many transactions changed at once (a bulk edit or delete, a rule run over past rows): as any change to a transaction, and
 * the statistics their categories and amounts make. Awaited: the selection bar says the result
 * once the list shows it.
 */
export function transactionsChangedInBulk(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [transactionKeys.all, accountKeys.all, statsKeys.all, budgetKeys.all]);
}

/** A budget was created: its own entry takes the answer, the list is asked for again. */
export function budgetCreated(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: budgetKeys.list() });
}

/**
 * A budget's limits, dates or categories changed the figures and who belongs: its list, its figures
 * and every transaction list (its own list and its picker, which leaves members out).
 */
export function budgetChanged(queryClient: QueryClient, id: number): Promise<unknown> {
  return invalidateAll(queryClient, [budgetKeys.list(), budgetKeys.stats(id), transactionKeys.lists()]);
}

/** A budget went; its transactions stay, their `budgetId` cleared. */
export function budgetDeleted(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [budgetKeys.list(), transactionKeys.all]);
}

/**
 * Transactions were added to a budget or taken out: their `budgetId` changed. The figures of the
 * month answered came with the answer; the budget's other months may carry what this one left.
 */
export function budgetMembersChanged(
  queryClient: QueryClient,
  id: number,
  answered: MonthKey | null,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({
      queryKey: budgetKeys.stats(id),
      predicate: (query) => query.queryKey.at(-1) !== answered,
    }),
  ]);
}

/**
 * A schedule or instalment plan was created, edited or deleted: the list and what is due and coming.
 * Creating an automatic one (or switching one to automatic) records what is due already, so the
 * transactions and balances are asked for again too, not awaited.
 */
export function recurringChanged(queryClient: QueryClient): Promise<unknown> {
  transactionsChanged(queryClient);
  return invalidateAll(queryClient, [recurringKeys.all, recurringKeys.upcomingAll()]);
}

/**
 * An occurrence was confirmed (recorded as a transaction: every figure made of them) or skipped:
 * the schedule's next date and count, and what is due.
 */
export function occurrenceDecided(queryClient: QueryClient, { recorded }: { recorded: boolean }): Promise<unknown> {
  if (recorded) transactionsChanged(queryClient);
  return invalidateAll(queryClient, [recurringKeys.all, recorded ? statsKeys.all : recurringKeys.upcomingAll()]);
}

/** A suggestion was dismissed: it is not made again. */
export function suggestionDismissed(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: recurringKeys.suggestions() });
}

/** The user's currencies changed: the list, their rates and the base currency. */
export function userCurrenciesChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currencyKeys.user() });
}

/** The first base currency was chosen (its own entry takes the answer): only the list of the user's currencies. Not awaited. */
export function baseCurrencyChosen(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: currencyKeys.user(), exact: true });
}

/** Currencies were added (the answer is the whole list): only the rates are asked for again. */
export function currenciesAdded(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currencyKeys.rates() });
}

/**
 * Every cached answer may be out of date: a recomputation (base currency, revaluation, time zone)
 * ended, or a backup was restored.
 */
export function everythingChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/**
 * A setting or a connection that statistics are made with changed (crypto in the total, Binance
 * keys), or any change succeeded while a page follows the figures: every statistic. A refetch
 * already under way goes on when `burst` (several may come at once and must not cancel each other's).
 */
export function statisticsChanged(queryClient: QueryClient, { burst = false } = {}): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: statsKeys.all }, burst ? { cancelRefetch: false } : undefined);
}

/** The Binance holdings were read again or with new keys: the holdings and the figures made of the crypto total. */
export function holdingsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: binanceKeys.account() }),
    statisticsChanged(queryClient),
  ]);
}

/**
 * Bank transactions arrived or changed (events, an import or its undo): every
 * list and figure made of them (transactions, account balances, groups' totals, statistics, budgets).
 */
export function bankDataChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [transactionKeys.all, accountKeys.all, accountGroupKeys.all, statsKeys.all, budgetKeys.all].map((queryKey) =>
      // Events can come in bursts: a refetch under way is not cancelled and restarted each time.
      queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false }),
    ),
  );
}

/** The bank accounts were read from the bank (the financial sync's first step): their balances. Not awaited. */
export function bankAccountsRefreshed(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/**
 * A financial sync ended, however: the transactions, the jobs it queued, and the connection (its
 * last refresh moved, or Monobank refused its token and the connection now says so). Not awaited.
 */
export function financialSyncEnded(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  void queryClient.invalidateQueries({ queryKey: monobankKeys.jobs() });
  void bankConnectionChanged(queryClient);
}

/**
 * The Monobank connection changed where this app did not see it (paired in another tab, say): the
 * user's answer first, which says whether a client is paired, then the connection read through it.
 */
export function bankConnectionChanged(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [userKeys.me(), monobankKeys.user()]);
}

/**
 * A client was paired: its cards and jars became accounts (in groups), and their currencies the
 * user's; the user's answer now says Monobank is connected.
 */
export function monobankPaired(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [userKeys.me(), accountKeys.all, accountGroupKeys.all, currencyKeys.user()]);
}

/** The token was replaced or forgotten: its stopped or running jobs, the bank accounts' state, and whether one is connected. */
export function monobankTokenChanged(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [userKeys.me(), monobankKeys.jobs(), accountKeys.all]);
}

/** A bank job was queued. */
export function bankJobQueued(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: monobankKeys.jobs() });
}

/** A merchant rule was forgotten. */
export function merchantRulesChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: monobankKeys.merchantRules() });
}

/** The event stream was down: jobs, imports and the connection may have moved meanwhile. Not awaited. */
export function eventsMissed(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: userKeys.me() });
  void queryClient.invalidateQueries({ queryKey: monobankKeys.all });
  void queryClient.invalidateQueries({ queryKey: importKeys.all });
}

/** An import was uploaded, or changed while not in the cached list. */
export function importsListed(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: importKeys.list() });
}

/** An import was committed: its entry and the list. */
export function importChanged(queryClient: QueryClient, id: number): Promise<unknown> {
  return invalidateAll(queryClient, [importKeys.detail(id), importKeys.list()]);
}

/** An import was undone: its entry, the list, and every figure its transactions were in. */
export function importUndone(queryClient: QueryClient, id: number): Promise<unknown> {
  return Promise.all([importChanged(queryClient, id), bankDataChanged(queryClient)]);
}
