import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n.ts';
import { bulkResultText } from './bulk-actions.tsx';

describe('what a bulk change did, in words', () => {
  afterEach(() => setLocale('en'));

  it('says why each row it passed by was passed by, the tags that would not fit included', async () => {
    const result = {
      updated: 3,
      deleted: 0,
      skipped: [
        { id: 1, reason: 'tags' as const },
        { id: 2, reason: 'tags' as const },
        { id: 3, reason: 'transfer' as const },
      ],
    };
    expect(bulkResultText(result)).toBe(
      '3 transactions changed. 1 transfer kept its category. 2 transactions kept their tags: they would have had more than 20.',
    );
    await setLocale('uk');
    expect(bulkResultText({ ...result, skipped: [{ id: 1, reason: 'tags' }] })).toBe(
      'Змінено 3 операції. 1 операція зберегла свої мітки: їх було б понад 20.',
    );
  });
});
