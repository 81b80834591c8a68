import type { BankUser, MonobankJob } from '@kopiyka/shared';

/** A paired client with a working token, on a server that takes one call a minute and has a public address. */
export function makeBankUser(overrides: Partial<BankUser> = {}): BankUser {
  return {
    name: 'Коваленко Оксана',
    clientId: 'Yq2iZhujoV',
    tokenState: 'valid',
    webhookEnabled: false,
    webhookAvailable: true,
    lastRefreshAt: '2026-03-18T09:00:00.000Z',
    requestIntervalMs: 60_000,
    nextSyncAt: '2026-03-18T09:30:00.000Z',
    ...overrides,
  };
}

/** An import of three accounts' last month, queued and not started, changed by `overrides`. */
export function makeJob(overrides: Partial<MonobankJob> & Pick<MonobankJob, 'id'>): MonobankJob {
  return {
    kind: 'import',
    state: 'queued',
    done: 0,
    total: 3,
    imported: 0,
    updated: 0,
    accountIds: [11, 12, 13],
    from: '2026-02-18T09:00:00.000Z',
    to: '2026-03-18T09:00:00.000Z',
    nextRunAt: '2026-03-18T09:30:00.000Z',
    error: null,
    createdAt: '2026-03-18T09:29:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}
