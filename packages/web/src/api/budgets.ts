import type { Budget, BudgetStats, CreateBudgetBody, Transaction, UpdateBudgetBody } from '@kopiyka/shared';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { statsKeys } from './stats.ts';
import { pageCursor, transactionKeys } from './transactions.ts';

export const budgetKeys = {
  all: ['budgets'] as const,
  list: () => [...budgetKeys.all, 'list'] as const,
  detail: (id: number) => [...budgetKeys.all, 'detail', id] as const,
  /** Figures: refreshed with every other statistic. */
  stats: (id: number) => [...statsKeys.all, 'budget', id] as const,
  /** Who belongs depends on each transaction: refreshed with every transaction list. */
  transactions: (id: number) => [...transactionKeys.all, 'budget', id] as const,
  candidates: () => [...transactionKeys.all, 'budget-candidates'] as const,
};

export function useBudgets() {
  return useQuery({
    queryKey: budgetKeys.list(),
    queryFn: ({ signal }) => api.get<Budget[]>('/budgets', { signal }),
  });
}

export function useBudget(id: number) {
  return useQuery({
    queryKey: budgetKeys.detail(id),
    queryFn: ({ signal }) => api.get<Budget>(`/budgets/${id}`, { signal }),
  });
}

export function useBudgetStats(id: number) {
  return useQuery({
    queryKey: budgetKeys.stats(id),
    queryFn: ({ signal }) => api.get<BudgetStats>(`/budgets/${id}/stats`, { signal }),
  });
}

/** Rows per page of a budget's transactions. */
export const BUDGET_TRANSACTIONS_PAGE_SIZE = 50;

/** The budget's transactions, newest first: those assigned to it and those its categories bring in. */
export function useBudgetTransactions(id: number) {
  return useInfiniteQuery({
    queryKey: budgetKeys.transactions(id),
    queryFn: ({ pageParam, signal }) =>
      api.get<Transaction[]>('/transactions', {
        params: { budgetIds: id, limit: BUDGET_TRANSACTIONS_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.at(-1);
      return last && lastPage.length >= BUDGET_TRANSACTIONS_PAGE_SIZE ? pageCursor(last) : undefined;
    },
  });
}

/** How many recent transactions the "add transactions" picker offers. */
export const BUDGET_CANDIDATES_LIMIT = 200;

/** Recent income and expenses to pick from; transfers never count for a budget, so they are left out. */
export function useBudgetCandidates(enabled: boolean) {
  return useQuery({
    queryKey: budgetKeys.candidates(),
    queryFn: ({ signal }) =>
      api.get<Transaction[]>('/transactions', {
        params: { limit: BUDGET_CANDIDATES_LIMIT, excludeTransfer: true },
        signal,
      }),
    enabled,
  });
}

export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBudgetBody) => api.post<Budget>('/budgets', body),
    onSuccess: (budget) => {
      queryClient.setQueryData(budgetKeys.detail(budget.id), budget);
      return queryClient.invalidateQueries({ queryKey: budgetKeys.list() });
    },
  });
}

/** Limits, dates and categories change the figures and who belongs, so those are asked for again too. */
function afterBudgetChange(queryClient: QueryClient, id: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: budgetKeys.list() }),
    queryClient.invalidateQueries({ queryKey: budgetKeys.stats(id) }),
    queryClient.invalidateQueries({ queryKey: budgetKeys.transactions(id) }),
  ]);
}

export type UpdateBudgetVariables = { id: number; body: UpdateBudgetBody };

export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateBudgetVariables) => api.put<Budget>(`/budgets/${id}`, body),
    onSuccess: (budget) => {
      queryClient.setQueryData(budgetKeys.detail(budget.id), budget);
      return afterBudgetChange(queryClient, budget.id);
    },
  });
}

/** The budget goes; its transactions stay, only unlinked from it. */
export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/budgets/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: budgetKeys.detail(id) });
      queryClient.removeQueries({ queryKey: budgetKeys.stats(id) });
      queryClient.removeQueries({ queryKey: budgetKeys.transactions(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: budgetKeys.list() }),
        // Their `budgetId` is cleared.
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}

export type BudgetTransactionsVariables = { id: number; transactionIds: number[] };

/**
 * Adding or removing transactions answers the budget's new figures; the transactions themselves
 * changed (`budgetId`), so every list of them is asked for again.
 */
function useBudgetMembership(method: 'post' | 'delete') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transactionIds }: BudgetTransactionsVariables) =>
      api[method]<BudgetStats>(`/budgets/${id}/transactions`, { transactionIds }),
    onSuccess: (stats, { id }) => {
      queryClient.setQueryData(budgetKeys.stats(id), stats);
      return queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}

export function useAddBudgetTransactions() {
  return useBudgetMembership('post');
}

export function useRemoveBudgetTransactions() {
  return useBudgetMembership('delete');
}
