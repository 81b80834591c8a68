import { beforeEach, describe, expect, it } from 'vitest';
import { resetApp, sampleUser } from '../test/api.ts';
import { snapshotOf } from './offline-cache.ts';
import { queryClient } from './query-client.ts';
import { accountKeys, monobankKeys, transactionKeys, userKeys } from './query-keys.ts';

const keysOf = (snapshot: ReturnType<typeof snapshotOf>) => snapshot?.state.queries.map((query) => query.queryKey);

beforeEach(resetApp);

describe('what is kept for a load without a connection', () => {
  it('keeps the session’s and the pages’ answers, not a bank’s jobs, and a list’s first page only', () => {
    queryClient.setQueryData(userKeys.me(), sampleUser);
    queryClient.setQueryData(accountKeys.list(), [{ id: 1, name: 'Card' }]);
    queryClient.setQueryData(monobankKeys.jobs(), [{ id: 5 }]);
    queryClient.setQueryData(transactionKeys.list({}), { pages: [[{ id: 1 }], [{ id: 2 }]], pageParams: [null, 'x'] });
    const snapshot = snapshotOf(sampleUser.id, 'token');
    expect(keysOf(snapshot)).toEqual([userKeys.me(), accountKeys.list(), transactionKeys.list({})]);
    expect(snapshot?.state.queries.at(-1)?.state.data).toEqual({ pages: [[{ id: 1 }]], pageParams: [null] });
  });

  it('leaves out an answer marked out of date, and keeps an earlier one the cache let go of', async () => {
    queryClient.setQueryData(userKeys.me(), sampleUser);
    queryClient.setQueryData(accountKeys.list(), [{ id: 1, name: 'Card' }]);
    queryClient.setQueryData(transactionKeys.latest(9), [{ id: 3 }]);
    const before = snapshotOf(sampleUser.id, 'token');
    await queryClient.invalidateQueries({ queryKey: accountKeys.all, refetchType: 'none' });
    queryClient.removeQueries({ queryKey: transactionKeys.all });
    expect(keysOf(snapshotOf(sampleUser.id, 'token', before))).toEqual([userKeys.me(), transactionKeys.latest(9)]);
    // Another session's earlier answers are never taken.
    expect(keysOf(snapshotOf(sampleUser.id, 'other token', before))).toEqual([userKeys.me()]);
  });

  it('keeps nothing without the user to open the session on', () => {
    queryClient.setQueryData(accountKeys.list(), []);
    expect(snapshotOf(sampleUser.id, 'token')).toBeNull();
  });
});
