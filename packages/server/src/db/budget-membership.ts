import { type SQL, sql } from 'drizzle-orm';

/** Fully qualified: drizzle leaves columns bare in one-table queries, which the subqueries below would capture. */
const tx = (column: string) => sql.raw(`"transactions"."${column}"`);

/**
 * Whether a transaction (the unaliased `transactions` table of the surrounding query) belongs to a budget:
 * assigned to it explicitly, or — when it is assigned to no budget at all — matched by the
 * budget's category rule (a category or any subcategory, within the budget's dates) and not
 * removed from it by hand. An explicit assignment wins: such a transaction counts for its own
 * budget only. Shared by the transaction list filter, budget statistics and budget pages.
 */
export function inBudget(budgetId: number): SQL {
  return sql`(${tx('budget_id')} = ${budgetId} or (
    ${tx('budget_id')} is null
    and exists (
      select 1 from budgets b
      where b.id = ${budgetId} and b.user_id = ${tx('user_id')} and b.auto_include
        and (b.start_date is null or ${tx('time')} >= b.start_date::timestamp at time zone 'UTC')
        and (b.end_date is null or ${tx('time')} < (b.end_date + 1)::timestamp at time zone 'UTC')
    )
    and ${tx('category_id')} in (
      with recursive tree as (
        select bc.category_id as id from budget_categories bc where bc.budget_id = ${budgetId}
        union all
        select c.id from categories c join tree on c.parent_id = tree.id
      ) select id from tree
    )
    and not exists (
      select 1 from budget_exclusions e where e.budget_id = ${budgetId} and e.transaction_id = ${tx('id')}
    )))`;
}
