import type { Budget } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import {
  type BudgetFormValues,
  budgetChanges,
  budgetFormSchema,
  budgetFormValues,
  LIMIT_FORMAT_MESSAGE,
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
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  categoryIds: [1, 3],
  autoInclude: true,
  archived: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('budget form', () => {
  it('sends the limit in minor units, the dates and the categories', () => {
    const body = budgetFormSchema.parse(
      values({ limit: '1 250,50', startDate: '2026-11-01', endDate: '2026-11-30', categoryIds: [2, 5] }),
    );
    expect(body).toEqual({
      name: 'Groceries',
      limitAmount: 125_050,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      categoryIds: [2, 5],
      autoInclude: true,
      archived: false,
    });
  });

  it('sends no limit and no dates when they are left empty', () => {
    expect(budgetFormSchema.parse(values())).toMatchObject({ limitAmount: null, startDate: null, endDate: null });
  });

  it('says what is wrong with each field, in the shared contract’s words', () => {
    expect(issues(values({ name: '  ' }))).toEqual({ name: 'Name is required' });
    expect(issues(values({ limit: 'lots' }))).toEqual({ limit: LIMIT_FORMAT_MESSAGE });
    expect(issues(values({ limit: '0' }))).toEqual({ limit: 'Limit must be greater than 0' });
    expect(issues(values({ limit: '-5' }))).toEqual({ limit: 'Limit must be greater than 0' });
    expect(issues(values({ startDate: '2026-12-01', endDate: '2026-11-30' }))).toEqual({
      endDate: 'The start date must not be after the end date',
    });
  });

  it('fills in from a budget, the limit in major units', () => {
    expect(budgetFormValues(budget)).toEqual({
      name: 'Food',
      limit: '5000.00',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      categoryIds: [1, 3],
      autoInclude: true,
    });
  });

  it('saves only what changed', () => {
    const unchanged = budgetFormSchema.parse({ ...budgetFormValues(budget), categoryIds: [3, 1] });
    expect(budgetChanges(budget, unchanged)).toEqual({});
    const changed = budgetFormSchema.parse({ ...budgetFormValues(budget), limit: '', endDate: '', autoInclude: false });
    expect(budgetChanges(budget, changed)).toEqual({ limitAmount: null, endDate: null, autoInclude: false });
  });
});
