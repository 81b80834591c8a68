import { describe, expect, it } from 'vitest';
import { savedTimeZoneEachTest } from '../../test/time-zone.ts';
import {
  countFilters,
  EMPTY_FILTERS,
  type FilterState,
  filtersToParams,
  hasFilters,
  parseFilters,
  periodRange,
  toListFilters,
} from './filters.ts';

const parse = (query: string) => parseFilters(new URLSearchParams(query));
/** A moment in local time, as the user's clock shows it. */
const local = (year: number, month: number, day: number, hours = 0, minutes = 0) =>
  new Date(year, month - 1, day, hours, minutes);

describe('filters ⇄ URL', () => {
  it('reads nothing from a bare URL and writes nothing back', () => {
    expect(parse('')).toEqual(EMPTY_FILTERS);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const filters: FilterState = {
      period: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
      type: 'expense',
      min: '100',
      max: '2 500,50',
      accountIds: [3, 1],
      categoryIds: [12],
      search: 'coffee & cake',
      tagIds: [7, 4],
      excludeTransfers: true,
    };
    const query = filtersToParams(filters).toString();
    expect(query).toBe(
      'period=custom&from=2026-03-01&to=2026-03-31&type=expense&min=100&max=2+500%2C50&accounts=3%2C1&categories=12&tags=7%2C4&q=coffee+%26+cake&transfers=exclude',
    );
    expect(parse(query)).toEqual(filters);
  });

  it('keeps custom dates only for a custom period', () => {
    expect(filtersToParams({ ...EMPTY_FILTERS, period: 'this-month', from: '2026-03-01' }).toString()).toBe(
      'period=this-month',
    );
  });

  it('takes dates alone as a custom period, so hand-written links work', () => {
    expect(parse('from=2026-01-10')).toMatchObject({ period: 'custom', from: '2026-01-10', to: '' });
  });

  it('ignores what is malformed rather than failing', () => {
    expect(parse('period=forever&type=refund&from=yesterday&accounts=1,x,-2,1,4&categories=')).toEqual({
      ...EMPTY_FILTERS,
      accountIds: [1, 4],
    });
  });

  it('counts the filters set, the always-visible search apart', () => {
    expect(countFilters(parse('q=rent'))).toBe(0);
    expect(hasFilters(parse('q=rent'))).toBe(true);
    expect(
      countFilters(parse('period=this-year&type=income&min=5&max=10&accounts=1&categories=2&transfers=exclude')),
    ).toBe(6);
    // Zero or unreadable amounts filter nothing.
    expect(countFilters(parse('min=0&max=abc'))).toBe(0);
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  });
});

describe('date presets', () => {
  const now = local(2026, 3, 18, 15, 45);

  it('cover whole local days', () => {
    expect(periodRange({ ...EMPTY_FILTERS, period: 'this-month' }, now)).toEqual({
      start: local(2026, 3, 1),
      end: new Date(local(2026, 4, 1).getTime() - 1),
    });
    expect(periodRange({ ...EMPTY_FILTERS, period: 'last-month' }, now)).toEqual({
      start: local(2026, 2, 1),
      end: new Date(local(2026, 3, 1).getTime() - 1),
    });
    expect(periodRange({ ...EMPTY_FILTERS, period: 'last-30-days' }, now)).toEqual({
      start: local(2026, 2, 17),
      end: new Date(local(2026, 3, 19).getTime() - 1),
    });
    expect(periodRange({ ...EMPTY_FILTERS, period: 'this-year' }, now)).toEqual({
      start: local(2026, 1, 1),
      end: new Date(local(2027, 1, 1).getTime() - 1),
    });
    expect(periodRange(EMPTY_FILTERS, now)).toEqual({});
  });

  it('crosses the year back in January', () => {
    expect(periodRange({ ...EMPTY_FILTERS, period: 'last-month' }, local(2026, 1, 5)).start).toEqual(
      local(2025, 12, 1),
    );
  });

  it('takes custom days from the first to the end of the last, either one optional', () => {
    expect(periodRange({ period: 'custom', from: '2026-03-01', to: '2026-03-02' }, now)).toEqual({
      start: local(2026, 3, 1),
      end: new Date(local(2026, 3, 3).getTime() - 1),
    });
    expect(periodRange({ period: 'custom', from: '', to: '2026-03-02' }, now).start).toBeUndefined();
  });
});

describe('date presets in the user’s time zone, not the browser’s', () => {
  savedTimeZoneEachTest('Europe/Kyiv');
  // 00:30 on 1 November in Kyiv; still October in UTC and west of it.
  const now = new Date('2026-10-31T22:30:00.000Z');
  const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

  it('take Kyiv’s today, months and years, from its midnight to its midnight', () => {
    expect(periodRange({ ...EMPTY_FILTERS, period: 'this-month' }, now)).toEqual(
      range('2026-10-31T22:00:00.000Z', '2026-11-30T21:59:59.999Z'),
    );
    // October ends on 25-hour Sunday's count: it began at UTC+3.
    expect(periodRange({ ...EMPTY_FILTERS, period: 'last-month' }, now)).toEqual(
      range('2026-09-30T21:00:00.000Z', '2026-10-31T21:59:59.999Z'),
    );
    expect(periodRange({ ...EMPTY_FILTERS, period: 'last-30-days' }, now)).toEqual(
      range('2026-10-02T21:00:00.000Z', '2026-11-01T21:59:59.999Z'),
    );
    expect(periodRange({ ...EMPTY_FILTERS, period: 'this-year' }, now)).toEqual(
      range('2025-12-31T22:00:00.000Z', '2026-12-31T21:59:59.999Z'),
    );
  });
});

describe('what the list asks for', () => {
  const now = local(2026, 3, 18, 15, 45);

  it('sends dates as ISO timestamps and amounts in minor units', () => {
    const filters = toListFilters(parse('period=this-month&min=12.5&max=1 000&type=income'), now);
    expect(filters).toEqual({
      startDate: local(2026, 3, 1).toISOString(),
      endDate: new Date(local(2026, 4, 1).getTime() - 1).toISOString(),
      amountGte: 1250,
      amountLte: 100000,
      transactionType: 'income',
    });
  });

  it('leaves out empty, zero and unreadable values', () => {
    expect(toListFilters(parse('min=0&max=&q=%20%20&accounts=&type='), now)).toEqual({});
    expect(toListFilters(parse('min=twelve'), now)).toEqual({});
  });

  it('reads reversed ranges the right way round', () => {
    expect(toListFilters(parse('min=50&max=10'), now)).toEqual({ amountGte: 1000, amountLte: 5000 });
    expect(toListFilters(parse('from=2026-03-10&to=2026-03-01'), now)).toEqual({
      startDate: local(2026, 3, 1).toISOString(),
      endDate: new Date(local(2026, 3, 11).getTime() - 1).toISOString(),
    });
  });

  it('passes lists, the transfer switch and a trimmed search', () => {
    expect(toListFilters(parse('accounts=2,5&categories=7&transfers=exclude&q=%20rent%20'), now)).toEqual({
      accountIds: [2, 5],
      categoryIds: [7],
      excludeTransfer: true,
      search: 'rent',
    });
  });
});
