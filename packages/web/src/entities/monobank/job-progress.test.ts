import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { progressDetails, requestPace } from './job-progress.ts';

const progress = (imported: number) => ({ done: 2, total: 9, imported, nextRunAt: null });

describe('the words of a bank import', () => {
  it('count in English', () => {
    expect(progressDetails(progress(1), undefined, 0)).toBe('1 transaction imported');
    expect(requestPace(5_000)).toBe('Monobank answers one request every 5 seconds');
  });

  it('count in Ukrainian with its one, few and many forms', async () => {
    await setLocale('uk');
    expect(progressDetails(progress(1), undefined, 0)).toBe('Імпортовано 1 транзакцію');
    expect(progressDetails(progress(3), undefined, 0)).toBe('Імпортовано 3 транзакції');
    expect(progressDetails(progress(310), undefined, 0)).toBe('Імпортовано 310 транзакцій');
    expect(requestPace(5_000)).toBe('Monobank відповідає на один запит раз на 5 секунд');
    expect(requestPace(120_000)).toBe('Monobank відповідає на один запит раз на 2 хвилини');
  });
});
