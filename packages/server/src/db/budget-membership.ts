import { type SQL, sql } from 'drizzle-orm';

/**
 * The members of a budget, as rows `(id, transaction_type, ref_amount, time)`: the one definition of
 * membership, shared by the transaction list filters and budget statistics so the page and the
 * figures never disagree.
 *
 * - Transfers (both kinds) are never members: budgets count income and expenses only. A transfer
 *   may still carry a `budget_id` (it keeps it if it becomes ordinary again), it just does not count.
 * - Explicit: the transaction's `budget_id` is this budget.
 * - By rule: assigned to no budget at all, the budget auto-includes, the time is within
 *   [start, end] (end included to the millisecond, the API's precision), the user has not removed
 *   it from the budget by hand, and either the category is one of the budget's or below one, or —
 *   for a budget with dates (or repeating every month) but no categories, a spending limit for a
 *   period — it is an expense.
 *   An explicit assignment wins: such a transaction counts for its own budget only.
 * - A split transaction (docs/decisions.md "Split transactions") is a member by a category rule
 *   through its parts in the budget's categories, with their figures; assigned or by dates alone,
 *   it counts whole.
 *
 * The rule part joins the budget row first and reads its categories as one array, so the budget's
 * dates and categories bound an index-only scan of `(user_id, category_id, time …)` instead of a
 * check on every transaction of the user.
 */
export function budgetMembers(userId: number, budgetId: number): SQL {
  // A rule member: in the budget's dates, assigned to no budget, not a transfer, not removed by hand;
  // by its parts that `parts` (a condition on `s`) picks, when given.
  const ruleMembers = (rule: SQL, parts?: SQL) => sql`
    select t.id, t.transaction_type, ${parts ? sql`sum(s.ref_amount)::bigint` : sql`t.ref_amount`} as ref_amount, t.time
    from budgets b join transactions t on t.user_id = b.user_id
      and t.time >= coalesce(b.start_date, '-infinity'::timestamptz)
      and t.time < coalesce(b.end_date + interval '1 millisecond', 'infinity'::timestamptz)
      ${parts ? sql`join transaction_splits s on s.transaction_id = t.id and s.user_id = b.user_id and ${parts}` : sql``}
    where b.id = ${budgetId} and b.user_id = ${userId} and b.auto_include
      and t.budget_id is null and t.transfer_nature = 'not_transfer'
      and ${rule}
      and not exists (
        select 1 from budget_exclusions e where e.budget_id = ${budgetId} and e.transaction_id = t.id
      )
    ${parts ? sql`group by t.id, t.transaction_type, t.time` : sql``}`;
  // = any(array(…)): the categories become one value the index can range over, category by category.
  const inBudgetCategories = (categoryId: SQL) => sql`${categoryId} = any(array(
    with recursive tree as (
      select bc.category_id as id from budget_categories bc where bc.budget_id = ${budgetId}
      -- union, not union all: a category loop (which moves refuse) could never recurse forever
      union
      select c.id from categories c join tree on c.parent_id = tree.id
    ) select id from tree
  ))`;
  return sql`
    select t.id, t.transaction_type, t.ref_amount, t.time from transactions t
    where t.budget_id = ${budgetId} and t.user_id = ${userId} and t.transfer_nature = 'not_transfer'
    union all
    ${ruleMembers(sql`${inBudgetCategories(sql`t.category_id`)} and not t.is_split`)}
    union all
    ${ruleMembers(sql`t.is_split`, inBudgetCategories(sql`s.category_id`))}
    union all
    ${ruleMembers(sql`
      -- A spending limit for a period: dates, or a month, and no categories take every expense.
      (b.start_date is not null or b.end_date is not null or b.period = 'month')
      and not exists (select 1 from budget_categories bc where bc.budget_id = ${budgetId})
      and t.transaction_type = 'expense'`)}`;
}

/** Fully qualified: drizzle leaves columns bare in one-table queries, which the subqueries would capture. */
const txId = sql.raw(`"transactions"."id"`);

/** Whether a transaction (the unaliased `transactions` table of the surrounding query) is in any of these budgets. */
export function inBudgets(userId: number, budgetIds: readonly number[]): SQL {
  const members = sql.join(
    budgetIds.map((id) => sql`select id from (${budgetMembers(userId, id)}) m`),
    sql` union `,
  );
  return sql`${txId} in (${members})`;
}

/** Whether a transaction is not a member of the budget (what "add transactions" may offer). */
export function notInBudget(userId: number, budgetId: number): SQL {
  return sql`not exists (select 1 from (${budgetMembers(userId, budgetId)}) m where m.id = ${txId})`;
}
