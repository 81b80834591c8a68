/**
 * The rules' SQL: the rules themselves (written only here), the ids of what they name, and the
 * bank and imported rows they are run over on demand (read only).
 */
import type { RuleCondition } from '@kopiyka/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { localDayStart } from '../../db/local-day.ts';
import { accounts, categories, importItems, monobankItems, rules, tags, transactions } from '../../db/schema.ts';

type RuleTableRow = typeof rules.$inferSelect;
type NewRuleRow = typeof rules.$inferInsert;

const ruleColumns = {
  id: rules.id,
  name: rules.name,
  enabled: rules.enabled,
  position: rules.position,
  match: rules.match,
  conditions: rules.conditions,
  actions: rules.actions,
};
export type StoredRule = Pick<RuleTableRow, keyof typeof ruleColumns>;

/** First key of pg_advisory_xact_lock(int, int) for a user's rules; the second key is the user id. */
const RULES_LOCK = 741_701;

/**
 * Serialises the changes to one user's rules until the transaction ends: their number and their
 * positions (0, 1, … without gaps) stay what each change saw. Taken after any lock on what a rule
 * names (a category, a tag, an account), as the deletion of one of those takes it after its own.
 */
export async function lockUserRules(tx: Transaction | Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK}::int, ${userId}::int)`);
}

/** The user's rules in the order they run (only the enabled ones with `enabledOnly`). */
export function selectRules(db: Executor, userId: number, enabledOnly = false): Promise<StoredRule[]> {
  return db
    .select(ruleColumns)
    .from(rules)
    .where(and(eq(rules.userId, userId), enabledOnly ? eq(rules.enabled, true) : undefined))
    .orderBy(asc(rules.position), asc(rules.id));
}

export async function selectRule(db: Executor, userId: number, id: number): Promise<StoredRule | undefined> {
  const [row] = await db
    .select(ruleColumns)
    .from(rules)
    .where(and(eq(rules.userId, userId), eq(rules.id, id)));
  return row;
}

export async function countRules(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rules).where(eq(rules.userId, userId));
  return row?.n ?? 0;
}

export async function insertRule(db: Executor, row: NewRuleRow): Promise<StoredRule> {
  const [inserted] = await db.insert(rules).values(row).returning(ruleColumns);
  return inserted!;
}

/** Several rules at once (a restore's), answered in the order given. */
export async function insertRules(db: Executor, rows: NewRuleRow[]): Promise<StoredRule[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(rules).values(rows).returning(ruleColumns);
  // Inserted in the order of the values: ids ascend with it.
  return inserted.sort((a, b) => a.id - b.id);
}

export async function updateRule(
  db: Executor,
  userId: number,
  id: number,
  changes: Partial<Pick<NewRuleRow, 'name' | 'enabled' | 'match' | 'conditions' | 'actions'>>,
): Promise<StoredRule | undefined> {
  if (Object.keys(changes).length === 0) return selectRule(db, userId, id);
  const [row] = await db
    .update(rules)
    .set(changes)
    .where(and(eq(rules.userId, userId), eq(rules.id, id)))
    .returning(ruleColumns);
  return row;
}

export async function deleteRules(db: Executor, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(rules)
    .where(and(eq(rules.userId, userId), inArray(rules.id, ids)))
    .returning({ id: rules.id });
  return rows.length;
}

export async function deleteAllRules(db: Executor, userId: number): Promise<void> {
  await db.delete(rules).where(eq(rules.userId, userId));
}

/** The rules of `ids` take positions 0, 1, … in that order (the caller holds the user's rules lock). */
export async function setPositions(db: Executor, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::int, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update rules r set position = v.position
    from (values ${values}) as v(id, position)
    where r.id = v.id and r.user_id = ${userId} and r.position <> v.position`);
}

/**
 * Of `ids`, those of the user's categories, tags or accounts, each left key-share locked until the
 * caller's transaction ends: none can be deleted before a rule naming it is stored.
 */
export async function selectOwnIds(
  db: Executor,
  kind: 'category' | 'tag' | 'account',
  userId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'category' ? categories : kind === 'tag' ? tags : accounts;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, ids)))
    .orderBy(asc(table.id))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** A bank or imported row with what a rule looks at beside it. */
export interface PastRow {
  row: typeof transactions.$inferSelect;
  /**
   * The bank's text (monobank_items.merchant) or the file's (import_items.text); null for a row a
   * file brought in before the file's text was kept.
   */
  description: string | null;
  /** The bank's MCC, or the file's; null when neither gave one. */
  mcc: number | null;
  /** Its tags, ascending. */
  tagIds: number[];
  /** Its time as the database writes it (to the microsecond), where the next page starts. */
  cursorTime: string;
}

/** Rows that arrived from a bank (a Monobank item) or from a file import: what rules run over on demand. */
const arrived = sql`(${transactions.importId} is not null or ${monobankItems.transactionId} is not null)`;

function selectPast(db: Executor) {
  return db
    .select({
      row: transactions,
      description: sql<string | null>`coalesce(${monobankItems.merchant}, ${importItems.text})`,
      mcc: sql<number | null>`coalesce(${monobankItems.mcc}, ${importItems.mcc})`,
      tagIds: sql<number[]>`case when ${transactions.hasTags} then coalesce((
        select json_agg(tt.tag_id order by tt.tag_id) from transaction_tags tt
        where tt.transaction_id = ${transactions.id}), '[]') else '[]' end`,
      cursorTime: sql<string>`${transactions.time}::text`,
    })
    .from(transactions)
    .leftJoin(monobankItems, eq(monobankItems.transactionId, transactions.id))
    .leftJoin(importItems, eq(importItems.transactionId, transactions.id))
    .$dynamic();
}

/** The newest `limit` bank and imported rows of the user, newest first. */
export function selectNewestPast(db: Executor, userId: number, limit: number): Promise<PastRow[]> {
  return selectPast(db)
    .where(and(eq(transactions.userId, userId), arrived))
    .orderBy(desc(transactions.time), desc(transactions.id))
    .limit(limit);
}

/** Where a page of past rows starts: after this row, in (time, id) order. */
export interface PastCursor {
  time: string;
  id: number;
}

/**
 * A page of the user's bank and imported rows in (time, id) order after `after`, on their local
 * days `from`–`to` when given; `narrowing` (conditions on columns the database compares as the
 * rule does) leaves out rows the rule cannot match.
 */
export function selectPastPage(
  db: Executor,
  userId: number,
  range: { from?: string; to?: string },
  narrowing: SQL | undefined,
  after: PastCursor | undefined,
  limit: number,
): Promise<PastRow[]> {
  return selectPast(db)
    .where(
      and(
        eq(transactions.userId, userId),
        arrived,
        range.from === undefined
          ? undefined
          : sql`${transactions.time} >= ${localDayStart(sql`${range.from}`, userId)}`,
        range.to === undefined
          ? undefined
          : sql`${transactions.time} < ${localDayStart(sql`${range.to}::date + 1`, userId)}`,
        after === undefined
          ? undefined
          : sql`(${transactions.time}, ${transactions.id}) > (${after.time}::timestamptz, ${after.id}::int)`,
        narrowing,
      ),
    )
    .orderBy(asc(transactions.time), asc(transactions.id))
    .limit(limit);
}

/**
 * What the database can leave out for a rule whose conditions must all hold: those on numbers and
 * kinds (the amount, the account, the MCC, the type), compared exactly as rules.ts compares them.
 * Text is never compared here (PGlite's lower() knows only ASCII): rules.ts matches every row left.
 */
export function narrowingOf(match: 'all' | 'any', conditions: readonly RuleCondition[]): SQL | undefined {
  if (match !== 'all') return undefined;
  const parts = conditions.flatMap((condition): SQL[] => {
    const column =
      condition.field === 'amount'
        ? transactions.amount
        : condition.field === 'accountId'
          ? transactions.accountId
          : condition.field === 'mcc'
            ? sql`coalesce(${monobankItems.mcc}, ${importItems.mcc})`
            : condition.field === 'transactionType'
              ? transactions.transactionType
              : undefined;
    if (column === undefined) return [];
    if (condition.op === 'in') return [sql`${column} in ${condition.value}`];
    if (condition.op === 'gt') return [sql`${column} > ${condition.value}`];
    if (condition.op === 'lt') return [sql`${column} < ${condition.value}`];
    if (condition.op === 'equals') return [sql`${column} = ${condition.value}`];
    return [];
  });
  return parts.length === 0 ? undefined : and(...parts);
}
