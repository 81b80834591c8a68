import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, max, min, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  currencies,
  merchantRules,
  monobankAccounts,
  monobankItems,
  monobankJobs,
  monobankUsers,
  monobankWebhookEvents,
  type StatementWindow,
  transactions,
} from '../../db/schema.ts';

// ---- the paired client ----

export type BankUserRow = typeof monobankUsers.$inferSelect;

export async function selectBankUser(db: Executor, userId: number): Promise<BankUserRow | undefined> {
  const [row] = await db.select().from(monobankUsers).where(eq(monobankUsers.userId, userId));
  return row;
}

export async function selectBankUserByWebhookSecret(db: Executor, secretHash: string) {
  const [row] = await db
    .select({ userId: monobankUsers.userId })
    .from(monobankUsers)
    .where(eq(monobankUsers.webhookSecretHash, secretHash));
  return row;
}

/** Paired clients whose last sync is older than `before`, with a token Monobank still takes. */
export function selectBankUsersDueForSync(db: Executor, before: Date) {
  return db
    .select({ userId: monobankUsers.userId })
    .from(monobankUsers)
    .where(
      and(
        eq(monobankUsers.tokenState, 'valid'),
        or(isNull(monobankUsers.lastSyncAt), lt(monobankUsers.lastSyncAt, before)),
      ),
    )
    .orderBy(asc(monobankUsers.lastSyncAt));
}

/** Pairs a client; answers false when the user has one already (the row decides, under concurrency too). */
export async function insertBankUser(db: Executor, row: typeof monobankUsers.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(monobankUsers)
    .values(row)
    .onConflictDoNothing({ target: monobankUsers.userId })
    .returning({ userId: monobankUsers.userId });
  return inserted.length > 0;
}

export async function updateBankUser(
  db: Executor,
  userId: number,
  changes: Partial<typeof monobankUsers.$inferInsert>,
) {
  await db.update(monobankUsers).set(changes).where(eq(monobankUsers.userId, userId));
}

export async function deleteBankUser(db: Executor, userId: number) {
  await db.delete(monobankUsers).where(eq(monobankUsers.userId, userId));
}

/** The fields holding when each of the token's calls may next go out. */
const CALL_SLOTS = {
  'client-info': 'clientInfoNextAt',
  statement: 'statementNextAt',
  webhook: 'webhookNextAt',
} as const;
export type MonobankEndpoint = keyof typeof CALL_SLOTS;

/**
 * Takes the token's turn for an endpoint when it is free at `now`, moving the next free moment
 * `intervalMs` on: one statement, of every instance racing here, gets the row. Answers whether
 * the turn was taken; when not, `freeAt` says when to come back.
 */
export async function claimCallSlot(
  db: Executor,
  userId: number,
  endpoint: MonobankEndpoint,
  now: Date,
  intervalMs: number,
): Promise<{ taken: true } | { taken: false; freeAt: Date | null }> {
  const field = CALL_SLOTS[endpoint];
  const column = monobankUsers[field];
  const taken = await db
    .update(monobankUsers)
    .set({ [field]: new Date(now.getTime() + intervalMs) })
    .where(and(eq(monobankUsers.userId, userId), or(isNull(column), lte(column, now))))
    .returning({ userId: monobankUsers.userId });
  if (taken.length > 0) return { taken: true };
  const [row] = await db.select({ freeAt: column }).from(monobankUsers).where(eq(monobankUsers.userId, userId));
  return { taken: false, freeAt: row?.freeAt ?? null };
}

/** After Monobank answered 429 anyway (another client of the token), the turn waits a whole interval. */
export async function pushCallSlot(db: Executor, userId: number, endpoint: MonobankEndpoint, at: Date) {
  const field = CALL_SLOTS[endpoint];
  const column = monobankUsers[field];
  await db
    .update(monobankUsers)
    .set({ [field]: at })
    .where(and(eq(monobankUsers.userId, userId), or(isNull(column), lt(column, at))));
}

// ---- the bank side of accounts ----

export type BankAccountRow = Awaited<ReturnType<typeof selectBankAccounts>>[number];

function selectBankAccountRows(db: Executor) {
  return db
    .select({
      accountId: accounts.id,
      externalId: monobankAccounts.externalId,
      kind: monobankAccounts.kind,
      anchorBalance: monobankAccounts.anchorBalance,
      anchoredAt: monobankAccounts.anchoredAt,
      isEnabled: accounts.isEnabled,
      currencyId: accounts.currencyId,
      currencyCode: currencies.code,
      currencyNumber: currencies.number,
    })
    .from(monobankAccounts)
    .innerJoin(accounts, eq(accounts.id, monobankAccounts.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId));
}

export function selectBankAccounts(db: Executor, userId: number) {
  return selectBankAccountRows(db).where(eq(monobankAccounts.userId, userId)).orderBy(asc(accounts.id));
}

export async function selectBankAccountByExternalId(db: Executor, userId: number, externalId: string) {
  const [row] = await selectBankAccountRows(db).where(
    and(eq(monobankAccounts.userId, userId), eq(monobankAccounts.externalId, externalId)),
  );
  return row;
}

/** The anchor, locked until the caller's transaction ends (the caller holds the account's lock first). */
export async function lockAnchor(db: Executor, accountId: number) {
  const [row] = await db
    .select({
      anchorBalance: monobankAccounts.anchorBalance,
      anchoredAt: monobankAccounts.anchoredAt,
      anchorItemId: monobankAccounts.anchorItemId,
    })
    .from(monobankAccounts)
    .where(eq(monobankAccounts.accountId, accountId))
    .for('update');
  return row;
}

/** The bank ids of cards and jars whose account the person deleted: a refresh leaves them out. */
export async function selectDeletedExternalIds(db: Executor, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ externalId: monobankAccounts.externalId })
    .from(monobankAccounts)
    .where(and(eq(monobankAccounts.userId, userId), isNull(monobankAccounts.accountId)));
  return new Set(rows.map((row) => row.externalId));
}

/** Pairing again brings every card back, those deleted before too. */
export async function forgetDeletedAccounts(db: Executor, userId: number) {
  await db.delete(monobankAccounts).where(and(eq(monobankAccounts.userId, userId), isNull(monobankAccounts.accountId)));
}

export async function insertBankAccountLink(db: Executor, row: typeof monobankAccounts.$inferInsert) {
  await db.insert(monobankAccounts).values(row);
}

/** The balance the bank stated at `anchoredAt`: after the item `anchorItemId`, or in client-info (null). */
export async function updateAnchor(
  db: Executor,
  accountId: number,
  anchor: { anchorBalance: number; anchoredAt: Date; anchorItemId: string | null },
) {
  await db.update(monobankAccounts).set(anchor).where(eq(monobankAccounts.accountId, accountId));
}

// ---- what the bank said of each imported transaction ----

export async function insertItemDetails(db: Executor, rows: Array<typeof monobankItems.$inferInsert>) {
  if (rows.length === 0) return;
  await db.insert(monobankItems).values(rows);
}

export async function updateItemDetails(
  db: Executor,
  transactionId: number,
  changes: Partial<typeof monobankItems.$inferInsert>,
) {
  await db.update(monobankItems).set(changes).where(eq(monobankItems.transactionId, transactionId));
}

/** The bank transactions of an account with these ids at the bank, with what the bank said of them. */
export function selectStoredItems(db: Executor, userId: number, accountId: number, externalIds: string[]) {
  if (externalIds.length === 0) return Promise.resolve([]);
  return db
    .select({ row: transactions, hold: monobankItems.hold })
    .from(transactions)
    .leftJoin(monobankItems, eq(monobankItems.transactionId, transactions.id))
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.accountId, accountId),
        inArray(transactions.externalId, externalIds),
      ),
    );
}

/**
 * Bank transactions on the user's other bank accounts that could be the other leg of an own
 * transfer: not a transfer yet, of the given type, within the time range.
 */
export function selectTransferCandidates(
  db: Executor,
  userId: number,
  notAccountId: number,
  transactionType: 'income' | 'expense',
  from: Date,
  to: Date,
) {
  return db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      amount: transactions.amount,
      time: transactions.time,
      currencyNumber: currencies.number,
      mcc: monobankItems.mcc,
      operationAmount: monobankItems.operationAmount,
      operationCurrencyCode: monobankItems.operationCurrencyCode,
    })
    .from(transactions)
    .innerJoin(monobankItems, eq(monobankItems.transactionId, transactions.id))
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(
      and(
        eq(transactions.userId, userId),
        ne(transactions.accountId, notAccountId),
        eq(transactions.transferNature, 'not_transfer'),
        eq(transactions.transactionType, transactionType),
        gte(transactions.time, from),
        lte(transactions.time, to),
      ),
    )
    .orderBy(asc(transactions.id));
}

/** Where a sync of an account starts: its latest bank transaction, or an older hold still open. */
export async function selectSyncStart(db: Executor, userId: number, accountId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({
      latest: max(transactions.time),
      oldestHold: min(sql<Date>`case when ${monobankItems.hold} then ${transactions.time} end`).mapWith(
        transactions.time,
      ),
    })
    .from(transactions)
    .innerJoin(monobankItems, eq(monobankItems.transactionId, transactions.id))
    .where(and(eq(transactions.userId, userId), eq(transactions.accountId, accountId)));
  const candidates = [row?.latest, row?.oldestHold].filter((d): d is Date => d instanceof Date);
  return candidates.length > 0 ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : undefined;
}

/** The user's bank transactions of a merchant. */
export async function selectMerchantTransactionIds(db: Executor, userId: number, merchant: string) {
  const rows = await db
    .select({ id: monobankItems.transactionId })
    .from(monobankItems)
    .where(and(eq(monobankItems.userId, userId), eq(monobankItems.merchant, merchant)));
  return rows.map((row) => row.id);
}

export async function selectItemMerchant(db: Executor, userId: number, transactionId: number) {
  const [row] = await db
    .select({ merchant: monobankItems.merchant, categoryId: transactions.categoryId })
    .from(monobankItems)
    .innerJoin(transactions, eq(transactions.id, monobankItems.transactionId))
    .where(and(eq(monobankItems.userId, userId), eq(monobankItems.transactionId, transactionId)));
  return row;
}

// ---- merchant rules ----

export function selectMerchantRules(db: Executor, userId: number) {
  return db
    .select({ id: merchantRules.id, merchant: merchantRules.merchant, categoryId: merchantRules.categoryId })
    .from(merchantRules)
    .where(eq(merchantRules.userId, userId))
    .orderBy(asc(merchantRules.merchant));
}

export async function upsertMerchantRule(db: Executor, userId: number, merchant: string, categoryId: number) {
  const [row] = await db
    .insert(merchantRules)
    .values({ userId, merchant, categoryId })
    .onConflictDoUpdate({ target: [merchantRules.userId, merchantRules.merchant], set: { categoryId } })
    .returning({ id: merchantRules.id, merchant: merchantRules.merchant, categoryId: merchantRules.categoryId });
  return row!;
}

export async function deleteMerchantRule(db: Executor, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(merchantRules)
    .where(and(eq(merchantRules.userId, userId), eq(merchantRules.id, id)))
    .returning({ id: merchantRules.id });
  return deleted.length > 0;
}

// ---- jobs ----

export type JobRow = typeof monobankJobs.$inferSelect;
/** Why a job stopped: the error's code, its English message, and its issue by code. */
export type JobFailure = Pick<JobRow, 'errorCode' | 'errorMessage' | 'errorIssue'>;

export async function insertJob(db: Executor, row: typeof monobankJobs.$inferInsert): Promise<JobRow> {
  const [job] = await db.insert(monobankJobs).values(row).returning();
  return job!;
}

export async function selectJob(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(monobankJobs)
    .where(and(eq(monobankJobs.userId, userId), eq(monobankJobs.id, id)));
  return row;
}

const ACTIVE = ['queued', 'running'] as const;

export function selectJobs(db: Executor, userId: number, onlyActive: boolean, limit: number) {
  return db
    .select()
    .from(monobankJobs)
    .where(and(eq(monobankJobs.userId, userId), onlyActive ? inArray(monobankJobs.state, ACTIVE) : undefined))
    .orderBy(desc(monobankJobs.id))
    .limit(limit);
}

export function selectActiveJobs(db: Executor, userId: number) {
  return db
    .select()
    .from(monobankJobs)
    .where(and(eq(monobankJobs.userId, userId), inArray(monobankJobs.state, ACTIVE)))
    .orderBy(asc(monobankJobs.id));
}

/**
 * Takes the lease of the next due job: the oldest unfinished job of its user (a user's jobs run
 * in order, one at a time), whose time has come and whose lease is free. `skip locked` and the
 * re-check under the row lock let exactly one of several instances have it.
 */
export async function claimDueJob(db: Executor, now: Date, leaseMs: number, leaseToken: string) {
  const [job] = await db
    .update(monobankJobs)
    .set({ state: 'running', lockedUntil: new Date(now.getTime() + leaseMs), leaseToken })
    .where(
      eq(
        monobankJobs.id,
        sql`(
          select j.id from ${monobankJobs} j
          where j.state in ('queued', 'running') and j.next_run_at <= ${now}
            and (j.locked_until is null or j.locked_until < ${now})
            and not exists (
              select 1 from ${monobankJobs} o
              where o.user_id = j.user_id and o.state in ('queued', 'running') and o.id < j.id
            )
          order by j.next_run_at, j.id
          limit 1
          for update skip locked
        )`,
      ),
    )
    .returning();
  return job;
}

/** Lets every job lease go: at the start of the only instance, what holds one died with its process. */
export async function releaseJobLeases(db: Executor) {
  await db.update(monobankJobs).set({ lockedUntil: null, leaseToken: null }).where(inArray(monobankJobs.state, ACTIVE));
}

/** When the next job of any user may run (for the worker's timer). */
export async function selectNextJobTime(db: Executor): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(monobankJobs.nextRunAt) })
    .from(monobankJobs)
    .where(inArray(monobankJobs.state, ACTIVE));
  return row?.at ?? undefined;
}

/** Writes a step's outcome only while the lease is still this worker's; answers whether it was. */
export async function updateLeasedJob(
  db: Executor,
  id: number,
  leaseToken: string,
  changes: Partial<typeof monobankJobs.$inferInsert>,
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(monobankJobs)
    .set(changes)
    .where(and(eq(monobankJobs.id, id), eq(monobankJobs.leaseToken, leaseToken)))
    .returning();
  return row;
}

/**
 * Moves the lease of a job under way on to `until`; false when the worker no longer holds it. A
 * step lets its lease go when it ends: a renewal answering after that leaves it free.
 */
export async function renewJobLease(db: Executor, id: number, leaseToken: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(monobankJobs)
    .set({ lockedUntil: until })
    .where(and(eq(monobankJobs.id, id), eq(monobankJobs.leaseToken, leaseToken), isNotNull(monobankJobs.lockedUntil)))
    .returning({ id: monobankJobs.id });
  return rows.length > 0;
}

/** Ends every unfinished job of the user (disconnecting) with a reason. */
export async function failActiveJobs(db: Executor, userId: number, reason: JobFailure, now: Date) {
  return db
    .update(monobankJobs)
    .set({ state: 'failed', ...reason, finishedAt: now, lockedUntil: null })
    .where(and(eq(monobankJobs.userId, userId), inArray(monobankJobs.state, ACTIVE)))
    .returning();
}

/** Jobs that stopped on a refused token go on once a new token is in. */
export async function requeueTokenFailures(db: Executor, userId: number, now: Date) {
  return db
    .update(monobankJobs)
    .set({
      state: 'queued',
      errorCode: null,
      errorMessage: null,
      errorIssue: null,
      finishedAt: null,
      nextRunAt: now,
      failures: 0,
    })
    .where(
      and(
        eq(monobankJobs.userId, userId),
        eq(monobankJobs.state, 'failed'),
        eq(monobankJobs.errorCode, 'MONOBANK_USER_TOKEN_INVALID'),
      ),
    )
    .returning();
}

export type { StatementWindow };

// ---- the webhook's inbox ----

export async function insertWebhookEvent(db: Executor, row: typeof monobankWebhookEvents.$inferInsert) {
  await db.insert(monobankWebhookEvents).values(row);
}

/** How many of a user's events wait to be applied. */
export async function countWebhookEvents(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(monobankWebhookEvents)
    .where(eq(monobankWebhookEvents.userId, userId));
  return row?.n ?? 0;
}

/** Every stored event waits to be applied: an applied or abandoned one is deleted. */
export function selectPendingWebhookEvents(db: Executor, limit: number) {
  return db.select().from(monobankWebhookEvents).orderBy(asc(monobankWebhookEvents.id)).limit(limit);
}

export async function deleteWebhookEvent(db: Executor, id: number) {
  await db.delete(monobankWebhookEvents).where(eq(monobankWebhookEvents.id, id));
}

export async function retryWebhookEventLater(db: Executor, id: number, error: string) {
  await db
    .update(monobankWebhookEvents)
    .set({ error, attempts: sql`${monobankWebhookEvents.attempts} + 1` })
    .where(eq(monobankWebhookEvents.id, id));
}
