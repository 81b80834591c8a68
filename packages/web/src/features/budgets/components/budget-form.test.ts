import type { Budget } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BudgetFormValues,
  budgetChanges,
  budgetFormSchema,
  budgetFormValues,
  periodDates,
} from './budget-form.ts';

const values = (overrides: Partial<BudgetFormValues> = {}): BudgetFormValues => ({
  ...budgetFormValues(),
  name: 'Groceries',
  ...overrides,
});

const issues = (form: BudgetFormValues) => {
  const result = budgetFormSchema.safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

const budget: Budget = {
  id: 4,
  name: 'Food',
  limitAmount: 500_000,
  // November in Kyiv (UTC+2), as this device makes it.
  startDate: '2026-10-31T22:00:00.000Z',
  endDate: '2026-11-30T21:59:59.999Z',
  categoryIds: [1, 3],
  autoInclude: true,
  archived: false,
  period: 'once',
  rollover: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('budget form', () => {
  // The user's time zone is not UTC, so a day's bounds differ from UTC midnight.
  beforeAll(() => {
    vi.stubEnv('TZ', 'Europe/Kyiv');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('sends the limit in minor units, the days as the start and end of them in local time, and the categories', () => {
    const body = budgetFormSchema.parse(
      values({ limit: '1 250,50', startDate: '2026-11-01', endDate: '2026-11-30', categoryIds: [2, 5] }),
    );
    expect(body).toEqual({
      name: 'Groceries',
      limitAmount: 125_050,
      startDate: '2026-10-31T22:00:00.000Z',
      endDate: '2026-11-30T21:59:59.999Z',
      categoryIds: [2, 5],
      autoInclude: true,
      archived: false,
      period: 'once',
      rollover: false,
    });
  });

  it('sends no limit and no dates when they are left empty', () => {
    expect(budgetFormSchema.parse(values())).toMatchObject({ limitAmount: null, startDate: null, endDate: null });
  });

  it('says what is wrong with each field, in the shared contract’s words', () => {
    expect(issues(values({ name: '  ' }))).toEqual({ name: 'Name is required' });
    expect(issues(values({ limit: 'lots' }))).toEqual({ limit: 'Enter an amount, e.g. 1,250.50' });
    expect(issues(values({ limit: '1.500' }))).toEqual({ limit: 'Is this 1,500 or 1.5? Write 1500 or 1.50' });
    expect(issues(values({ limit: '100000000000000' }))).toEqual({
      limit: 'Too large: at most 10,000,000,000,000.00',
    });
    expect(issues(values({ limit: '0' }))).toEqual({ limit: 'Limit must be greater than 0' });
    expect(issues(values({ limit: '-5' }))).toEqual({
      limit: 'Enter the amount without a minus: it cannot be negative here',
    });
    expect(issues(values({ startDate: '2026-12-01', endDate: '2026-11-30' }))).toEqual({
      endDate: 'The start date must not be after the end date',
    });
    // One day is a whole day: it starts and ends on it.
    expect(issues(values({ startDate: '2026-12-01', endDate: '2026-12-01' }))).toEqual({});
    expect(issues(values({ startDate: '2026-13-01' }))).toEqual({ startDate: 'Enter a date' });
    expect(issues(values({ endDate: 'soon' }))).toEqual({ endDate: 'Enter a date' });
    expect(issues(values({ startDate: '1899-12-31' }))).toEqual({ startDate: 'Must be in 1900 or later' });
  });

  it('starts and ends a day across a daylight-saving change at its local bounds', () => {
    // Kyiv moves to summer time on 29 March 2026: that day is 23 hours long.
    expect(budgetFormSchema.parse(values({ startDate: '2026-03-29', endDate: '2026-03-29' }))).toMatchObject({
      startDate: '2026-03-28T22:00:00.000Z',
      endDate: '2026-03-29T20:59:59.999Z',
    });
  });

  it('fills in from a budget, the limit in major units and the dates as local days', () => {
    expect(budgetFormValues(budget)).toEqual({
      name: 'Food',
      limit: '5000.00',
      period: 'once',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      rollover: false,
      categoryIds: [1, 3],
      autoInclude: true,
    });
  });

  it('sends a monthly budget from the local start of its first month, with no end, and whether it rolls over', () => {
    const monthly = values({ period: 'month', startDate: '2026-11-01', endDate: '', rollover: true });
    expect(budgetFormSchema.parse(monthly)).toMatchObject({
      period: 'month',
      rollover: true,
      startDate: '2026-10-31T22:00:00.000Z',
      endDate: null,
    });
    // Dates left from before it turned monthly are not sent; a budget of dates never rolls over.
    expect(budgetFormSchema.parse({ ...monthly, endDate: '2026-11-30' })).toMatchObject({ endDate: null });
    expect(budgetFormSchema.parse({ ...monthly, period: 'once', endDate: '2026-11-30' })).toMatchObject({
      period: 'once',
      rollover: false,
      endDate: '2026-11-30T21:59:59.999Z',
    });
    expect(issues({ ...monthly, startDate: '1899-12-01' })).toEqual({ startDate: 'Must be in 1900 or later' });
  });

  it('turns the dates into a first month and back: the month the dates started in, this one without them', () => {
    expect(periodDates('month', { startDate: '2026-12-15' }, '2026-11-22')).toEqual({
      startDate: '2026-12-01',
      endDate: '',
    });
    expect(periodDates('month', { startDate: '' }, '2026-11-22')).toEqual({ startDate: '2026-11-01', endDate: '' });
    expect(periodDates('once', { startDate: '2026-02-01' }, '2026-11-22')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
  });

  it('fills in a monthly budget from its first month: that of its start, else of its creation', () => {
    const monthly: Budget = { ...budget, period: 'month', rollover: true, endDate: null };
    expect(budgetFormValues(monthly)).toMatchObject({
      period: 'month',
      startDate: '2026-11-01',
      endDate: '',
      rollover: true,
    });
    // Made at 00:30 on 1 December in Kyiv, with no start: December is its first month.
    const fromCreation: Budget = { ...monthly, startDate: null, createdAt: '2026-11-30T22:30:00.000Z' };
    expect(budgetFormValues(fromCreation)).toMatchObject({ startDate: '2026-12-01' });
    // Its first month unchanged, nothing is sent for its start; another month is.
    expect(budgetChanges(fromCreation, budgetFormSchema.parse(budgetFormValues(fromCreation)))).toEqual({});
    const earlier = budgetFormSchema.parse({ ...budgetFormValues(fromCreation), startDate: '2026-09-01' });
    expect(budgetChanges(fromCreation, earlier)).toEqual({ startDate: '2026-08-31T21:00:00.000Z' });
  });

  it('saves a budget of dates turned monthly: the period, no end, and the rollover', () => {
    const turned = budgetFormSchema.parse({
      ...budgetFormValues(budget),
      period: 'month',
      endDate: '',
      rollover: true,
    });
    expect(budgetChanges(budget, turned)).toEqual({ period: 'month', rollover: true, endDate: null });
    const back = budgetFormSchema.parse({
      ...budgetFormValues({ ...budget, period: 'month', rollover: true }),
      period: 'once',
    });
    expect(budgetChanges({ ...budget, period: 'month', rollover: true, endDate: null }, back)).toEqual({
      period: 'once',
      rollover: false,
    });
  });

  it('saves only what changed', () => {
    const unchanged = budgetFormSchema.parse({ ...budgetFormValues(budget), categoryIds: [3, 1] });
    expect(budgetChanges(budget, unchanged)).toEqual({});
    const changed = budgetFormSchema.parse({ ...budgetFormValues(budget), limit: '', endDate: '', autoInclude: false });
    expect(budgetChanges(budget, changed)).toEqual({ limitAmount: null, endDate: null, autoInclude: false });
    const moved = budgetFormSchema.parse({ ...budgetFormValues(budget), startDate: '2026-11-02' });
    expect(budgetChanges(budget, moved)).toEqual({ startDate: '2026-11-01T22:00:00.000Z' });
  });

  it('keeps the exact bounds of a budget made elsewhere while its days are left alone', () => {
    // Made with UTC days (as budgets from before timestamps were): here they read 1 Nov – 1 Dec.
    const utc: Budget = { ...budget, startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z' };
    expect(budgetFormValues(utc)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-12-01' });
    const renamed = budgetFormSchema.parse({ ...budgetFormValues(utc), limit: '10' });
    expect(budgetChanges(utc, renamed)).toEqual({ limitAmount: 1_000 });
  });
});
