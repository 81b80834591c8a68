import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, resetApp, success } from '../test/api.ts';
import { makeTransaction } from '../test/transactions.ts';
import { accountsQueryOptions } from './accounts.ts';
import { queryClient } from './query-client.ts';
import { buildUrl } from './request.ts';
import {
  TRANSACTIONS_PAGE_SIZE,
  transactionQueryParams,
  useCreateTransaction,
  useTransactionList,
} from './transactions.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('transactions API', () => {
  afterEach(resetApp);

  it('sends the filters as the query string: lists comma-joined, empty values dropped', () => {
    const params = transactionQueryParams({
      startDate: '2026-02-28T22:00:00.000Z',
      amountGte: 1250,
      accountIds: [1, 2],
      categoryIds: [],
      excludeTransfer: false,
      noteSearch: '  ',
      transactionType: 'expense',
    });
    expect(buildUrl('/transactions', params)).toBe(
      '/api/v1/transactions?startDate=2026-02-28T22%3A00%3A00.000Z&amountGte=1250&transactionType=expense&accountIds=1%2C2',
    );
    expect(buildUrl('/transactions', transactionQueryParams({ excludeTransfer: true, categoryIds: [3, 4] }))).toBe(
      '/api/v1/transactions?categoryIds=3%2C4&excludeTransfer=true',
    );
  });

  it('pages with the cursor of the last row seen', async () => {
    const page = Array.from({ length: TRANSACTIONS_PAGE_SIZE }, (_, index) =>
      makeTransaction({ id: 100 - index, time: `2026-03-${String(28 - (index % 20)).padStart(2, '0')}T10:00:00.000Z` }),
    );
    const fetchMock = fakeServer({
      'GET /transactions': ({ url }) => success(url.searchParams.has('cursor') ? [makeTransaction({ id: 1 })] : page),
    });
    const { result } = renderHook(() => useTransactionList({ accountIds: [7] }), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());

    await waitFor(() => expect(result.current.hasNextPage).toBe(false));
    const urls = fetchMock.mock.calls.map(([input]) => decodeURIComponent(String(input)));
    const last = page.at(-1);
    expect(urls).toEqual([
      `/api/v1/transactions?accountIds=7&limit=${TRANSACTIONS_PAGE_SIZE}`,
      `/api/v1/transactions?accountIds=7&limit=${TRANSACTIONS_PAGE_SIZE}&cursor=${last?.time}_${last?.id}`,
    ]);
    expect(result.current.data?.pages.flat()).toHaveLength(TRANSACTIONS_PAGE_SIZE + 1);
  });

  it('refreshes the lists and the account balances after a change', async () => {
    let accountReads = 0;
    const fetchMock = fakeServer({
      'GET /transactions': () => success([]),
      'GET /accounts': () => {
        accountReads += 1;
        return success([]);
      },
      'POST /transactions': () => success([makeTransaction({ id: 1 })], { status: 201 }),
    });
    const list = renderHook(() => useTransactionList({}), { wrapper });
    await waitFor(() => expect(list.result.current.isSuccess).toBe(true));
    await queryClient.fetchQuery(accountsQueryOptions());
    const mutation = renderHook(() => useCreateTransaction(), { wrapper });

    await act(() =>
      mutation.result.current.mutateAsync({
        body: { amount: 100, transactionType: 'expense', accountId: 1, categoryId: 2 },
        idempotencyKey: 'a-key',
      }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/transactions?'))).toHaveLength(2),
    );
    expect(queryClient.getQueryState(accountsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    expect(accountReads).toBe(1);
  });
});
