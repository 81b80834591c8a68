import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localDayOf } from '../../db/local-day.ts';
import { recurring, recurringDismissals, recurringOccurrences, recurringTags } from '../../db/schema.ts';

export type RecurringRow = typeof recurring.$inferSelect;
export type NewRecurringRow = typeof recurring.$inferInsert;
/** A schedule taken under a lease, with its user's time zone, which says which day is today. */
export interface ClaimedRecurring extends RecurringRow {
  timeZone: string;
}

/** What a claim answers: the schedule, and its user's time zone read in the same statement. */
const claimedColumns = {
  ...getTableColumns(recurring),
  // Named in full: drizzle writes a column of the updated table unqualified, which the subquery
  // would read as its own s.user_id.
  timeZone: sql<string>`(select s.time_zone from user_settings s where s.user_id = "recurring"."user_id")`,
};

/** A schedule with what its occurrences came to: the tags it puts on them, and what was recorded. */
export interface RecurringViewRow extends RecurringRow {
  tagIds: number[];
  lastRecordedDate: string | null;
  recordedCount: number;
}

/** The user's schedules (one, with `id`), by name, with their tags and recorded occurrences. */
export async function selectRecurringViews(db: Executor, userId: number, id?: number): Promise<RecurringViewRow[]> {
  const rows = await db
    .select({
      row: recurring,
      tagIds: sql<number[]>`array(
        select rt.tag_id from ${recurringTags} rt where rt.recurring_id = ${recurring.id} order by rt.tag_id)`,
      lastRecordedDate: sql<string | null>`(
        select max(o.occurrence_date)::text from ${recurringOccurrences} o
        where o.recurring_id = ${recurring.id} and o.state = 'recorded')`,
      recordedCount: sql<number>`(
        select count(*)::int from ${recurringOccurrences} o
        where o.recurring_id = ${recurring.id} and o.state = 'recorded')`,
    })
    .from(recurring)
    .where(and(eq(recurring.userId, userId), id === undefined ? undefined : eq(recurring.id, id)))
    .orderBy(asc(sql`lower(${recurring.name})`), asc(recurring.id));
  return rows.map(({ row, tagIds, lastRecordedDate, recordedCount }) => ({
    ...row,
    tagIds,
    lastRecordedDate,
    recordedCount,
  }));
}

export async function countRecurring(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recurring).where(eq(recurring.userId, userId));
  return row?.n ?? 0;
}

/** The schedule, locked for the caller's transaction (a change or a recording of it waits). */
export async function selectRecurringForUpdate(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(recurring)
    .where(and(eq(recurring.userId, userId), eq(recurring.id, id)))
    .for('update');
  return row;
}

export async function insertRecurring(db: Executor, row: NewRecurringRow): Promise<RecurringRow> {
  const [inserted] = await db.insert(recurring).values(row).returning();
  return inserted!;
}

export async function updateRecurring(
  db: Executor,
  userId: number,
  id: number,
  changes: Partial<NewRecurringRow>,
): Promise<RecurringRow | undefined> {
  const [row] = await db
    .update(recurring)
    .set(changes)
    .where(and(eq(recurring.userId, userId), eq(recurring.id, id)))
    .returning();
  return row;
}

/** The schedule goes with its occurrences' keys; the transactions it recorded stay. */
export async function deleteRecurring(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(recurring)
    .where(and(eq(recurring.userId, userId), eq(recurring.id, id)))
    .returning({ id: recurring.id });
  return rows.length > 0;
}

/** The tags the schedule puts on what it records, ascending: what a recording needs of its view. */
export async function selectRecurringTagIds(db: Executor, recurringId: number): Promise<number[]> {
  const rows = await db
    .select({ tagId: recurringTags.tagId })
    .from(recurringTags)
    .where(eq(recurringTags.recurringId, recurringId))
    .orderBy(asc(recurringTags.tagId));
  return rows.map((row) => row.tagId);
}

/** The schedule puts exactly these tags on what it records from now on. */
export async function setRecurringTags(db: Executor, recurringId: number, tagIds: readonly number[]) {
  await db.delete(recurringTags).where(eq(recurringTags.recurringId, recurringId));
  if (tagIds.length > 0) {
    await db.insert(recurringTags).values([...new Set(tagIds)].map((tagId) => ({ recurringId, tagId })));
  }
}

/**
 * Takes the occurrence's key: true when it was free. A second recording or skip of the same
 * occurrence (a restart, another instance, a second confirm) finds it taken, after waiting for the
 * first one's transaction when both run at once.
 */
export async function takeOccurrence(
  db: Executor,
  recurringId: number,
  occurrenceDate: string,
  state: 'recorded' | 'skipped',
  transactionId: number | null,
): Promise<boolean> {
  const taken = await db
    .insert(recurringOccurrences)
    .values({ recurringId, occurrenceDate, state, transactionId })
    .onConflictDoNothing()
    .returning({ recurringId: recurringOccurrences.recurringId });
  return taken.length > 0;
}

/** The occurrences of these schedules recorded or skipped on or after `from`, by schedule. */
export async function selectDecidedSince(
  db: Executor,
  recurringIds: number[],
  from: string,
): Promise<Map<number, Set<string>>> {
  const decided = new Map<number, Set<string>>();
  if (recurringIds.length === 0) return decided;
  const rows = await db
    .select({ recurringId: recurringOccurrences.recurringId, date: recurringOccurrences.occurrenceDate })
    .from(recurringOccurrences)
    .where(
      and(
        inArray(recurringOccurrences.recurringId, recurringIds),
        sql`${recurringOccurrences.occurrenceDate} >= ${from}::date`,
      ),
    );
  for (const { recurringId, date } of rows) {
    const dates = decided.get(recurringId);
    if (dates) dates.add(date);
    else decided.set(recurringId, new Set([date]));
  }
  return decided;
}

/** The latest occurrence recorded or skipped, if any. */
export async function selectLastDecided(db: Executor, recurringId: number): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`max(${recurringOccurrences.occurrenceDate})::text` })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.recurringId, recurringId));
  return row?.date ?? null;
}

/**
 * Takes the lease of an automatic schedule whose next occurrence has come in its user's time zone
 * (and is not waiting after a failure), the longest due first. Of several instances, one gets it.
 */
export async function claimDueRecurring(
  db: Executor,
  now: Date,
  until: Date,
  leaseToken: string,
): Promise<ClaimedRecurring | undefined> {
  const [row] = await db
    .update(recurring)
    .set({ lockedUntil: until, leaseToken })
    .where(
      eq(
        recurring.id,
        sql`(
          select r.id from ${recurring} r join user_settings s on s.user_id = r.user_id
          where r.mode = 'auto' and not r.archived and r.next_date is not null
            and r.next_date <= (${now}::timestamptz at time zone s.time_zone)::date
            and (r.locked_until is null or r.locked_until < ${now})
            and (r.retry_at is null or r.retry_at <= ${now})
          order by r.next_date, r.id
          limit 1
          for update of r skip locked
        )`,
      ),
    )
    .returning(claimedColumns);
  return row;
}

/**
 * Takes the lease of this schedule when nobody holds it, or `leaseToken` does already (the request
 * that created it): a request records the occurrences it made due.
 */
export async function claimRecurring(
  db: Executor,
  id: number,
  now: Date,
  until: Date,
  leaseToken: string,
): Promise<ClaimedRecurring | undefined> {
  const [row] = await db
    .update(recurring)
    .set({ lockedUntil: until, leaseToken })
    .where(
      and(
        eq(recurring.id, id),
        sql`(${recurring.lockedUntil} is null or ${recurring.lockedUntil} < ${now} or ${recurring.leaseToken} = ${leaseToken})`,
      ),
    )
    .returning(claimedColumns);
  return row;
}

/** Writes under the lease only: false when it is no longer `leaseToken`'s. */
export async function updateLeasedRecurring(
  db: Executor,
  id: number,
  leaseToken: string,
  changes: Partial<NewRecurringRow>,
): Promise<boolean> {
  const rows = await db
    .update(recurring)
    .set(changes)
    .where(and(eq(recurring.id, id), eq(recurring.leaseToken, leaseToken)))
    .returning({ id: recurring.id });
  return rows.length > 0;
}

/** Lets every lease go: at the start of the only instance, what held one died with its process. */
export async function releaseRecurringLeases(db: Executor) {
  await db
    .update(recurring)
    .set({ lockedUntil: null, leaseToken: null })
    .where(sql`${recurring.leaseToken} is not null`);
}

/**
 * When the next automatic occurrence comes due: the earliest next day's start in its user's time
 * zone, or a failure's retry after it.
 */
export async function selectNextDue(db: Executor): Promise<Date | undefined> {
  const [row] = await db
    .select({
      due: sql<number | null>`(extract(epoch from min(greatest(
        (${recurring.nextDate}::timestamp at time zone s.time_zone), coalesce(${recurring.retryAt}, '-infinity')))) * 1000)::float8`,
    })
    .from(recurring)
    .innerJoin(sql`user_settings s`, sql`s.user_id = ${recurring.userId}`)
    .where(sql`${recurring.mode} = 'auto' and not ${recurring.archived} and ${recurring.nextDate} is not null`);
  return row?.due == null ? undefined : new Date(Number(row.due));
}

/**
 * The user's incomes and expenses since `since` (not transfers, nor recorded by a schedule) with a
 * payee, the bank's description or else the note, grouped by account, type and payee (lower():
 * suggestions fold case fully after), two to a few hundred to a group, each payment as
 * [id, local day, amount, category id] in time order.
 */
export async function selectPayeeHistories(db: Executor, userId: number, since: Date) {
  const result = await db.execute(sql`
    select t.account_id as "accountId", t.transaction_type as "transactionType", min(p.payee) as name,
      json_agg(json_build_array(t.id, ${localDayOf(sql`t.time`, userId)}, t.amount, t.category_id) order by t.time, t.id)::text as payments
    from transactions t
    left join monobank_items m on m.transaction_id = t.id
    cross join lateral (select btrim(coalesce(nullif(m.merchant, ''), t.note)) as payee) p
    where t.user_id = ${userId} and t.time >= ${since} and t.transfer_nature = 'not_transfer' and p.payee <> ''
      and not exists (select 1 from ${recurringOccurrences} o where o.transaction_id = t.id)
    group by t.account_id, t.transaction_type, lower(p.payee)
    having count(*) between 2 and 500`);
  return (
    result as unknown as {
      rows: Array<{ accountId: number; transactionType: 'income' | 'expense'; name: string; payments: string }>;
    }
  ).rows.map((row) => ({
    accountId: row.accountId,
    transactionType: row.transactionType,
    name: row.name,
    payments: (JSON.parse(row.payments) as Array<[number, string, number, number | null]>).map(
      ([id, day, amount, categoryId]) => ({ id, day, amount, categoryId }),
    ),
  }));
}

/** The (account, payee key) pairs the user dismissed as suggestions. */
export async function selectDismissals(db: Executor, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ accountId: recurringDismissals.accountId, foldedName: recurringDismissals.foldedName })
    .from(recurringDismissals)
    .where(eq(recurringDismissals.userId, userId));
  return new Set(rows.map((row) => `${row.accountId}:${row.foldedName}`));
}

export async function insertDismissal(db: Executor, userId: number, accountId: number, foldedName: string) {
  await db.insert(recurringDismissals).values({ userId, accountId, foldedName }).onConflictDoNothing();
}
