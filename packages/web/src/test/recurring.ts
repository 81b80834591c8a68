import type { Recurring, RecurringSuggestion, UpcomingOccurrence } from '@kopiyka/shared';

/** A monthly expense of UAH 250.00 on account 1 in category 2, recorded by itself, changed by `overrides`. */
export function makeRecurring(overrides: Partial<Recurring> & Pick<Recurring, 'id' | 'name'>): Recurring {
  return {
    kind: 'schedule',
    template: {
      amount: 25_000,
      transactionType: 'expense',
      paymentType: 'debitCard',
      accountId: 1,
      categoryId: 2,
      note: '',
      tagIds: [],
      destinationAccountId: null,
      destinationAmount: null,
    },
    schedule: { frequency: 'month', interval: 1, startDate: '2026-10-05', endDate: null, count: null },
    mode: 'auto',
    nextDate: '2026-12-05',
    lastRecordedDate: '2026-11-05',
    recordedCount: 2,
    total: null,
    archived: false,
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An occurrence of schedule `recurringId` on `date`, coming (not due yet) unless `overrides` say. */
export function makeOccurrence(
  overrides: Partial<UpcomingOccurrence> & Pick<UpcomingOccurrence, 'recurringId' | 'name' | 'date'>,
): UpcomingOccurrence {
  return {
    amount: 25_000,
    transactionType: 'expense',
    accountId: 1,
    destinationAccountId: null,
    state: 'upcoming',
    number: 3,
    of: null,
    ...overrides,
  };
}

/** A monthly expense found three times in a row on account 1, changed by `overrides`. */
export function makeSuggestion(
  overrides: Partial<RecurringSuggestion> & Pick<RecurringSuggestion, 'name'>,
): RecurringSuggestion {
  return {
    amount: 19_900,
    transactionType: 'expense',
    accountId: 1,
    categoryId: 2,
    frequency: 'month',
    lastDate: '2026-11-10',
    nextDate: '2026-12-10',
    occurrences: 3,
    transactionIds: [11, 12, 13],
    ...overrides,
  };
}
