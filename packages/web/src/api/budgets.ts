import { type BudgetTransactionsBody, type CreateBudgetBody, endpoints, type UpdateBudgetBody } from '@kopiyka/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { MonthKey } from '../lib/dates.ts';
import { dayEnd, dayStart, monthEnd, monthStart } from '../lib/periods.ts';
import { call } from './client.ts';
import { budgetChanged, budgetCreated, budgetDeleted, budgetMembersChanged } from './invalidation.ts';
import { budgetKeys, transactionKeys } from './query-keys.ts';
import type { TransactionListFilters } from './transactions.ts';

/**
 * The budget's transactions, as its page lists them: those added to it and those its categories
 * bring in; of one month (the user's), for a month of a monthly budget.
 */
export function budgetMembersFilter(id: number, month: MonthKey | null = null): TransactionListFilters {
  if (month === null) return { budgetIds: [id] };
  return {
    budgetIds: [id],
    startDate: dayStart(monthStart(month)).toISOString(),
    endDate: dayEnd(monthEnd(month)).toISOString(),
  };
}

/**
 * What its "add transactions" picker offers: what `filters` let through, less the budget's members
 * (by the server's own rule, however many there are) and transfers, which no budget counts.
 */
export function budgetCandidatesFilter(id: number, filters: TransactionListFilters): TransactionListFilters {
  return { ...filters, excludeBudgetId: id, excludeTransfer: true };
}

export const budgetsQueryOptions = () =>
  queryOptions({
    queryKey: budgetKeys.list(),
    queryFn: ({ signal }) => call(endpoints.budgets.list, { signal }),
  });

export function useBudgets() {
  return useQuery(budgetsQueryOptions());
}

export function useBudget(id: number) {
  return useQuery({
    queryKey: budgetKeys.detail(id),
    queryFn: ({ signal }) => call(endpoints.budgets.get, { params: { id }, signal }),
  });
}

/** The figures of `month` of a monthly budget (`figuresMonth`), or of its whole dates (null). */
export const budgetStatsQueryOptions = (id: number, month: MonthKey | null) =>
  queryOptions({
    queryKey: budgetKeys.figures(id, month),
    queryFn: ({ signal }) =>
      call(endpoints.budgets.stats, { params: { id }, query: month === null ? {} : { month }, signal }),
  });

/** The figures of several budgets side by side (each of its month, or of its dates), as the dashboard shows them. */
export function useBudgetsStats(budgets: ReadonlyArray<{ id: number; month: MonthKey | null }>) {
  return useQueries({ queries: budgets.map(({ id, month }) => budgetStatsQueryOptions(id, month)) });
}

/** Another month's figures replace the ones shown once they come: until then those stay, dimmed. */
export function useBudgetStats(id: number, month: MonthKey | null) {
  return useQuery({ ...budgetStatsQueryOptions(id, month), placeholderData: keepPreviousData });
}

export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBudgetBody) => call(endpoints.budgets.create, { body }),
    onSuccess: (budget) => {
      queryClient.setQueryData(budgetKeys.detail(budget.id), budget);
      return budgetCreated(queryClient);
    },
  });
}

export type UpdateBudgetVariables = { id: number; body: UpdateBudgetBody };

export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateBudgetVariables) => call(endpoints.budgets.update, { params: { id }, body }),
    onSuccess: (budget) => {
      queryClient.setQueryData(budgetKeys.detail(budget.id), budget);
      return budgetChanged(queryClient, budget.id);
    },
  });
}

/** The budget goes; its transactions stay, only unlinked from it. */
export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.budgets.delete, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: budgetKeys.detail(id) });
      queryClient.removeQueries({ queryKey: budgetKeys.stats(id) });
      queryClient.removeQueries({ queryKey: transactionKeys.list(budgetMembersFilter(id)) });
      return budgetDeleted(queryClient);
    },
  });
}

export type BudgetTransactionsVariables = { id: number } & BudgetTransactionsBody;

/**
 * Adding or removing transactions answers the budget's new figures; the transactions themselves
 * changed (`budgetId`), so every list of them is asked for again.
 */
function useBudgetMembership(
  endpoint: typeof endpoints.budgets.addTransactions | typeof endpoints.budgets.removeTransactions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transactionIds }: BudgetTransactionsVariables) =>
      call(endpoint, { params: { id }, body: { transactionIds } }),
    onSuccess: (stats, { id }) => {
      // The answer is of this month (or of the budget's dates): the month of the figures it holds.
      queryClient.setQueryData(budgetKeys.figures(id, stats.month), stats);
      return budgetMembersChanged(queryClient, id, stats.month);
    },
  });
}

export function useAddBudgetTransactions() {
  return useBudgetMembership(endpoints.budgets.addTransactions);
}

export function useRemoveBudgetTransactions() {
  return useBudgetMembership(endpoints.budgets.removeTransactions);
}
