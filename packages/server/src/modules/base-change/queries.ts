import type { CodedIssue } from '@kopiyka/shared';
import { and, asc, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { accounts, baseCurrencyChanges, currencies, transactions } from '../../db/schema.ts';
import { insertUserCurrenciesIfMissing, markBaseCurrency } from '../currencies/index.ts';

/**
 * Which figures a change recomputes: those of accounts in `codes` (null: every account), of
 * transactions from the UTC day `from` on (null: every day). A base change recomputes everything.
 */
export interface RevaluationScope {
  codes: string[] | null;
  from: string | null;
}

export const EVERYTHING: RevaluationScope = { codes: null, from: null };

/** A change that starts (or starts over): from the first transaction, and nobody's to work on yet. */
const FROM_THE_START = {
  state: 'running',
  done: 0,
  lastId: 0,
  error: null,
  errorIssue: null,
  lockedUntil: null,
  leaseToken: null,
} as const;

export async function countInScope(db: Executor, userId: number, scope: RevaluationScope) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(and(eq(transactions.userId, userId), inScope(scope)));
  return row?.n ?? 0;
}

/**
 * A transaction a revaluation of these currencies recomputes: one in them, or a transfer leg whose
 * other leg is (a transfer's figure may come from its other leg: transactions/base-amounts.ts).
 */
function inScope(scope: RevaluationScope) {
  const codes = scope.codes;
  return and(
    codes === null
      ? undefined
      : codes.length === 0
        ? sql`false`
        : or(
            inArray(currencies.code, codes),
            sql`(${transactions.transferNature} = 'transfer_between_user_accounts' and exists (
            select 1 from transactions o
              join accounts oa on oa.id = o.account_id
              join currencies oc on oc.id = oa.currency_id
            where o.transfer_id = ${transactions.transferId} and o.id <> ${transactions.id}
              and oc.code in (${sql.join(
                codes.map((code) => sql`${code}`),
                sql`, `,
              )})))`,
          ),
    scope.from === null ? undefined : gte(transactions.time, new Date(`${scope.from}T00:00:00Z`)),
  );
}

/** How much the change has to do: the transactions of its scope to value, and the accounts whose days to regroup. */
export async function setBaseChangeTotal(db: Executor, userId: number, scope: RevaluationScope) {
  const t = baseCurrencyChanges;
  const transactionCount = await countInScope(db, userId, scope);
  await db
    .update(t)
    .set({
      total: sql`${transactionCount} + case when ${t.regroupDays}
        then (select count(*)::int from accounts a where a.user_id = ${userId}) else 0 end`,
    })
    .where(eq(t.userId, userId));
}

/** Starts a base change, replacing a change that failed (inside the caller's transaction). */
export async function insertBaseChange(
  db: Executor,
  row: { userId: number; fromCurrencyId: number; toCurrencyId: number },
) {
  const values = { ...row, ...FROM_THE_START, scopeCodes: null, scopeFrom: null };
  await db
    .insert(baseCurrencyChanges)
    .values(values)
    .onConflictDoUpdate({ target: baseCurrencyChanges.userId, set: values });
}

/**
 * Asks for the figures of `scope` to be recomputed in the base (inside the caller's transaction,
 * the one that changed the rates). One row per user holds whatever is to be done, merged in one
 * statement so that concurrent requests lose nothing: a running base change starts over and stays
 * a base change; otherwise it becomes a revaluation of everything either wanted (a base change's
 * scope is everything). Starting over releases the lease, so a worker still on the old pass finds
 * its next write refused and stops. Answers the merged scope.
 */
export function upsertRevaluation(
  db: Executor,
  userId: number,
  baseCurrencyId: number,
  scope: RevaluationScope,
): Promise<RevaluationScope> {
  const t = baseCurrencyChanges;
  return startOver(
    db,
    userId,
    baseCurrencyId,
    { scopeCodes: scope.codes, scopeFrom: scope.from },
    {
      scopeCodes: sql`case when ${t.scopeCodes} is null or excluded.scope_codes is null then null
        else array(select distinct code from unnest(${t.scopeCodes} || excluded.scope_codes) as code order by code) end`,
      scopeFrom: sql`case when ${t.scopeFrom} is null or excluded.scope_from is null then null
        else least(${t.scopeFrom}, excluded.scope_from) end`,
    },
  );
}

/**
 * Asks for the day deltas to be regrouped after a time zone change (inside the caller's
 * transaction, the one that changed the zone), merged into the user's one row like a revaluation:
 * whatever was to be recomputed still is, starting over (the regrouping comes first). On its own
 * it is a revaluation of nothing (scope codes empty). Answers the scope.
 */
export function upsertDayRegroup(db: Executor, userId: number, baseCurrencyId: number): Promise<RevaluationScope> {
  return startOver(
    db,
    userId,
    baseCurrencyId,
    { scopeCodes: [], scopeFrom: null, regroupDays: true },
    { regroupDays: true },
  );
}

/**
 * Inserts the user's one change row, or starts it over, in one statement: `fresh` fills a new row,
 * `merge` what else an existing one takes; a running base change keeps its currencies. Answers the
 * scope the row ends with.
 */
async function startOver(
  db: Executor,
  userId: number,
  baseCurrencyId: number,
  fresh: Partial<typeof baseCurrencyChanges.$inferInsert>,
  merge: PgUpdateSetSource<typeof baseCurrencyChanges>,
): Promise<RevaluationScope> {
  const t = baseCurrencyChanges;
  const keepsItsCurrencies = sql`(${t.state} = 'running')`;
  const [merged] = await db
    .insert(t)
    .values({ userId, fromCurrencyId: baseCurrencyId, toCurrencyId: baseCurrencyId, ...FROM_THE_START, ...fresh })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        ...FROM_THE_START,
        fromCurrencyId: sql`case when ${keepsItsCurrencies} then ${t.fromCurrencyId} else excluded.from_currency_id end`,
        toCurrencyId: sql`case when ${keepsItsCurrencies} then ${t.toCurrencyId} else excluded.to_currency_id end`,
        ...merge,
      },
    })
    .returning({ codes: t.scopeCodes, from: t.scopeFrom });
  return merged!;
}

/** The days of the accounts up to `lastAccountId` are regrouped; false (nothing written) when the lease is lost. */
export async function advanceDayRegroup(
  db: Executor,
  lease: { userId: number; token: string; until: Date },
  lastAccountId: number,
) {
  const rows = await db
    .update(baseCurrencyChanges)
    .set({ lastId: lastAccountId, done: sql`${baseCurrencyChanges.done} + 1`, lockedUntil: lease.until })
    .where(heldBy(lease.userId, lease.token))
    .returning({ userId: baseCurrencyChanges.userId });
  return rows.length > 0;
}

/** Every account's days are regrouped: the figures come next, from the first transaction. */
export async function finishDayRegroup(db: Executor, lease: { userId: number; token: string; until: Date }) {
  const rows = await db
    .update(baseCurrencyChanges)
    .set({ regroupDays: false, lastId: 0, lockedUntil: lease.until })
    .where(heldBy(lease.userId, lease.token))
    .returning({ userId: baseCurrencyChanges.userId });
  return rows.length > 0;
}

export async function selectBaseChange(db: Executor, userId: number) {
  const fromCurrency = alias(currencies, 'from_currency');
  const [row] = await db
    .select({ change: baseCurrencyChanges, fromCode: fromCurrency.code, toCode: currencies.code })
    .from(baseCurrencyChanges)
    .innerJoin(fromCurrency, eq(fromCurrency.id, baseCurrencyChanges.fromCurrencyId))
    .innerJoin(currencies, eq(currencies.id, baseCurrencyChanges.toCurrencyId))
    .where(eq(baseCurrencyChanges.userId, userId));
  return row;
}

/** Forgets a failed change (the old base and figures stayed as they were). */
export async function deleteFailedBaseChange(db: Executor, userId: number) {
  await db
    .delete(baseCurrencyChanges)
    .where(and(eq(baseCurrencyChanges.userId, userId), eq(baseCurrencyChanges.state, 'failed')));
}

/** Takes the lease of one running change nobody works on (or whose worker died), under a new token. */
export async function claimBaseChange(db: Executor, lease: { now: Date; until: Date }, token: string) {
  const [row] = await db
    .update(baseCurrencyChanges)
    .set({ lockedUntil: lease.until, leaseToken: token })
    .where(
      eq(
        baseCurrencyChanges.userId,
        sql`(select user_id from base_currency_changes where state = 'running'
          and (locked_until is null or locked_until < ${lease.now}) order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/** The worker holding `token`; its writes land only while the change still carries it. */
const heldBy = (userId: number, token: string) =>
  and(eq(baseCurrencyChanges.userId, userId), eq(baseCurrencyChanges.leaseToken, token));

/** Extends the lease; false when the worker lost it (taken over, or the change started over). */
export async function extendLease(db: Executor, userId: number, token: string, until: Date) {
  const rows = await db
    .update(baseCurrencyChanges)
    .set({ lockedUntil: until })
    .where(heldBy(userId, token))
    .returning({ userId: baseCurrencyChanges.userId });
  return rows.length > 0;
}

/** Records a finished batch and extends the lease; false (nothing written) when the lease is lost. */
export async function advanceBaseChange(
  db: Executor,
  lease: { userId: number; token: string; until: Date },
  lastId: number,
  processed: number,
) {
  const rows = await db
    .update(baseCurrencyChanges)
    .set({ lastId, done: sql`${baseCurrencyChanges.done} + ${processed}`, lockedUntil: lease.until })
    .where(heldBy(lease.userId, lease.token))
    .returning({ userId: baseCurrencyChanges.userId });
  return rows.length > 0;
}

export async function failBaseChange(
  db: Executor,
  userId: number,
  token: string,
  reason: CodedIssue & { message: string },
) {
  const { message, ...errorIssue } = reason;
  await db
    .update(baseCurrencyChanges)
    .set({ state: 'failed', error: message, errorIssue, lockedUntil: null, leaseToken: null })
    .where(heldBy(userId, token));
}

/** The span of days the scope's transactions cover, and the currencies of their accounts. */
export async function selectHistoryShape(db: Executor, userId: number, scope: RevaluationScope) {
  const [span] = await db
    .select({
      first: sql<string | null>`to_char(min(${transactions.time}) at time zone 'UTC', 'YYYY-MM-DD')`,
      last: sql<string | null>`to_char(max(${transactions.time}) at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(and(eq(transactions.userId, userId), inScope(scope)));
  const codes = await db
    .selectDistinct({ code: currencies.code })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    // Every currency of the user's, whatever the scope: a transfer leg in scope may take its figure from the other leg's.
    .where(eq(accounts.userId, userId));
  return { first: span?.first ?? null, last: span?.last ?? null, codes: codes.map((c) => c.code) };
}

const otherLeg = alias(transactions, 'other_leg');
const otherAccount = alias(accounts, 'other_account');
const otherCurrency = alias(currencies, 'other_currency');

/** Transactions of the scope to value in the new base: after an id, or those still without a new value. */
export function selectForRevaluation(
  db: Executor,
  userId: number,
  scope: RevaluationScope,
  options: { afterId?: number; limit: number },
) {
  return db
    .select({
      id: transactions.id,
      amount: transactions.amount,
      transactionType: transactions.transactionType,
      time: transactions.time,
      code: currencies.code,
      otherAmount: otherLeg.amount,
      otherCode: otherCurrency.code,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .leftJoin(
      otherLeg,
      and(
        eq(transactions.transferNature, 'transfer_between_user_accounts'),
        eq(otherLeg.transferId, transactions.transferId),
        ne(otherLeg.id, transactions.id),
      ),
    )
    .leftJoin(otherAccount, eq(otherAccount.id, otherLeg.accountId))
    .leftJoin(otherCurrency, eq(otherCurrency.id, otherAccount.currencyId))
    .where(
      and(
        eq(transactions.userId, userId),
        inScope(scope),
        options.afterId === undefined ? isNull(transactions.pendingRefAmount) : gt(transactions.id, options.afterId),
      ),
    )
    .orderBy(asc(transactions.id))
    .limit(options.limit);
}

/**
 * The end of the switch, once the transactions took their new figures: the change row goes; a base
 * change also moves the base flag (adding the target back should it have gone missing, so the user
 * is never left without a base).
 */
export async function completeBaseChange(
  db: Executor,
  userId: number,
  change: { fromCurrencyId: number; toCurrencyId: number },
) {
  if (change.fromCurrencyId !== change.toCurrencyId) {
    await insertUserCurrenciesIfMissing(db, userId, [change.toCurrencyId]);
    await markBaseCurrency(db, userId, change.toCurrencyId);
  }
  await db.delete(baseCurrencyChanges).where(eq(baseCurrencyChanges.userId, userId));
}
