/** What other modules use of budgets. */
export { selectBudgetCategoryIds, selectLargestLimit } from './queries.ts';
export {
  assertOwnBudget,
  convertBudgetLimits,
  hasBudgetLimits,
  restoreBudget,
  restoreBudgetExclusions,
} from './service.ts';
