import {
  type ConfirmOccurrenceBody,
  type DismissSuggestionBody,
  instalmentParts,
  type NewRecurring,
  nextOccurrence,
  type Occurrence,
  type PaymentType,
  type Recurring,
  type RecurringSuggestion,
  type Transaction,
  type Upcoming,
  type UpcomingOccurrence,
  type UpcomingQuery,
  type UpdateRecurringBody,
} from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { LeaseLost } from '../../jobs/leased-worker.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, daysBetween, zonedDay } from '../../lib/dates.ts';
import { AppError, notFound, refusal, validationError } from '../../lib/errors.ts';
import { assertRoomForOneMore } from '../../lib/limits.ts';
import { type AccountsService, assertOwnAccount } from '../accounts/index.ts';
import type { RatesService } from '../rates/index.ts';
import { getSettings } from '../settings/index.ts';
import { assertOwnTags } from '../tags/index.ts';
import { baseOf, type TransactionsService } from '../transactions/index.ts';
import {
  type ClaimedRecurring,
  claimRecurring,
  countRecurring,
  deleteRecurring,
  insertDismissal,
  insertRecurring,
  type NewRecurringRow,
  type RecurringRow,
  type RecurringViewRow,
  selectDecidedSince,
  selectDismissals,
  selectLastDecided,
  selectPayeeHistories,
  selectRecurringForUpdate,
  selectRecurringTagIds,
  selectRecurringViews,
  setRecurringTags,
  takeOccurrence,
  updateLeasedRecurring,
  updateRecurring,
} from './queries.ts';
import {
  createRecorder,
  DUE_LISTED_MAX,
  firstUndecided,
  occurrenceAmount,
  occurrenceOn,
  occurrenceTransaction,
  type Recorder,
  rhythmOf,
  undecidedAmong,
  undecidedWithin,
} from './recording.ts';
import { HISTORY_DAYS, mergeByPayee, payeeKey, suggestionOf } from './suggestions.ts';

/** How long recording a schedule's due occurrences holds it; renewed while a job records. */
export const RECORDING_LEASE_MS = 2 * 60_000;
/** Occurrences recorded per look at what is due. */
const RECORDED_PER_LOOK = 50;

export interface RecurringService {
  list(userId: number): Promise<Recurring[]>;
  get(userId: number, id: number): Promise<Recurring>;
  create(userId: number, body: NewRecurring): Promise<Recurring>;
  update(userId: number, id: number, body: UpdateRecurringBody): Promise<Recurring>;
  /** The schedule goes; what it recorded stays. */
  remove(userId: number, id: number): Promise<void>;
  confirm(userId: number, id: number, date: string, changes: ConfirmOccurrenceBody): Promise<Transaction[]>;
  skip(userId: number, id: number, date: string): Promise<void>;
  upcoming(userId: number, query: UpcomingQuery): Promise<Upcoming>;
  suggestions(userId: number): Promise<RecurringSuggestion[]>;
  dismissSuggestion(userId: number, body: DismissSuggestionBody): Promise<void>;
  /**
   * Records the schedule's occurrences from its next day up to its user's today, under a lease
   * held by `leaseToken` (the job's, or a request's), and answers their transactions' ids.
   */
  recordDue(
    row: ClaimedRecurring,
    leaseToken: string,
    lease?: { check(): void; stopping: boolean },
    recorded?: number[],
  ): Promise<number[]>;
}

export interface RecurringDeps {
  db: Database;
  transactions: TransactionsService;
  accounts: AccountsService;
  rates: RatesService;
  /** The user's total balance today in the base currency (statistics sit beside this module). */
  totalBalance(userId: number, date: string): Promise<number>;
  clock: Clock;
  log: FastifyBaseLogger;
}

function toRecurring(view: RecurringViewRow): Recurring {
  const instalments = view.kind === 'instalments';
  return {
    id: view.id,
    name: view.name,
    kind: view.kind,
    template: {
      amount: instalments ? instalmentParts(view.amount, view.count!)[0]! : view.amount,
      transactionType: view.transactionType,
      paymentType: view.paymentType as Recurring['template']['paymentType'],
      accountId: view.accountId,
      categoryId: view.categoryId,
      note: view.note,
      tagIds: view.tagIds,
      destinationAccountId: view.destinationAccountId,
      destinationAmount: view.destinationAmount,
    },
    schedule: {
      frequency: view.frequency,
      interval: view.interval,
      startDate: view.startDate,
      endDate: view.endDate,
      count: view.count,
    },
    mode: view.mode,
    nextDate: view.nextDate,
    lastRecordedDate: view.lastRecordedDate,
    recordedCount: view.recordedCount,
    total: instalments ? view.amount : null,
    archived: view.archived,
    createdAt: view.createdAt.toISOString(),
  };
}

/** The body's fields as the row keeps them: an instalment plan's total and count, a month apart. */
function rowFields(body: NewRecurring): RecurringFields {
  const { template } = body;
  const rhythm =
    body.kind === 'instalments'
      ? {
          frequency: 'month' as const,
          interval: 1,
          startDate: body.schedule.startDate,
          endDate: null,
          count: body.count,
        }
      : {
          frequency: body.schedule.frequency,
          interval: body.schedule.interval,
          startDate: body.schedule.startDate,
          endDate: body.schedule.endDate ?? null,
          count: body.schedule.count ?? null,
        };
  return {
    name: body.name,
    kind: body.kind ?? 'schedule',
    mode: body.mode,
    archived: body.archived,
    amount: body.kind === 'instalments' ? body.total : body.template.amount,
    ...templateColumns(template),
    ...rhythm,
  };
}

/** A template's columns but its amount (an instalment plan keeps its total there). */
function templateColumns(template: NonNullable<UpdateRecurringBody['template']>) {
  return {
    transactionType: template.transactionType,
    accountId: template.accountId,
    categoryId: template.categoryId ?? null,
    note: template.note,
    destinationAccountId: template.destinationAccountId ?? null,
    destinationAmount: template.destinationAmount ?? null,
  };
}

type RecurringFields = Omit<NewRecurringRow, 'userId' | 'paymentType'> & Pick<RecurringRow, 'startDate'>;

/** A refusal of the template's transaction, naming the field as the schedule's body has it. */
function asTemplateField(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.details) return error;
  const details = error.details.map((detail) => ({ ...detail, path: `template.${detail.path}` }));
  return new AppError(error.code, error.message, details, error.headers);
}

/** The row's columns a change sets; refuses what does not fit the kind of the schedule. */
function changesOf(row: RecurringRow, body: UpdateRecurringBody): Partial<NewRecurringRow> {
  const instalments = row.kind === 'instalments';
  if (instalments && body.template?.amount !== undefined) {
    throw validationError('template.amount', 'recurring.amountForInstalments');
  }
  if (!instalments && (body.total !== undefined || body.count !== undefined)) {
    throw validationError(body.total !== undefined ? 'total' : 'count', 'recurring.instalmentsOnly');
  }
  if (instalments && body.schedule && (body.schedule.frequency !== 'month' || body.schedule.interval !== 1)) {
    throw validationError('schedule.frequency', 'recurring.instalmentsMonthly');
  }
  const changes: Partial<NewRecurringRow> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.mode !== undefined) changes.mode = body.mode;
  if (body.archived !== undefined) changes.archived = body.archived;
  if (body.total !== undefined) changes.amount = body.total;
  if (body.count !== undefined) changes.count = body.count;
  if (body.template) {
    const template = body.template;
    Object.assign(changes, { ...(instalments ? {} : { amount: template.amount }), ...templateColumns(template) });
  }
  if (body.schedule) {
    Object.assign(changes, {
      frequency: body.schedule.frequency,
      interval: body.schedule.interval,
      startDate: body.schedule.startDate,
      endDate: body.schedule.endDate ?? null,
      ...(instalments ? {} : { count: body.schedule.count ?? null }),
    });
  }
  const total = changes.amount ?? row.amount;
  const count = changes.count ?? row.count;
  if (instalments && count !== null && total < count) throw validationError('total', 'recurring.totalTooSmall');
  return changes;
}

export function createRecurringService(deps: RecurringDeps): RecurringService {
  const { db, transactions, clock, log } = deps;
  const recorder: Recorder = createRecorder(db, transactions);

  async function view(userId: number, id: number): Promise<Recurring> {
    const [found] = await selectRecurringViews(db, userId, id);
    if (!found) throw notFound('Recurring');
    return toRecurring(found);
  }

  const timeZoneOf = async (userId: number) => (await getSettings(db, userId)).timeZone;

  /**
   * What the template's transaction would be refused for (an account of someone else's, a bank
   * account, a transfer's amounts, no category), checked as its first occurrence; answers the
   * payment type it would take (the account's usual one unless given).
   */
  async function checkTemplate(userId: number, fields: RecurringFields, paymentType: PaymentType | undefined) {
    const probe = { ...fields, id: 0, userId, paymentType: paymentType ?? 'cash' } as RecurringRow;
    const { paymentType: _, ...body } = occurrenceTransaction(
      probe,
      [],
      { index: 0, date: fields.startDate },
      'UTC',
      null,
    );
    try {
      return await transactions.check(userId, { ...body, ...(paymentType ? { paymentType } : {}) });
    } catch (error) {
      throw asTemplateField(error);
    }
  }

  async function recordDue(
    row: ClaimedRecurring,
    leaseToken: string,
    lease: { check(): void; stopping: boolean } = { check() {}, stopping: false },
    recorded: number[] = [],
  ): Promise<number[]> {
    if (row.nextDate === null) return recorded;
    const { timeZone } = row;
    const today = zonedDay(clock.now(), timeZone);
    const tagIds = await selectRecurringTagIds(db, row.id);
    let from = row.nextDate;
    while (from <= today && !lease.stopping) {
      const due = await undecidedWithin(db, row, from, today, RECORDED_PER_LOOK);
      if (due.length === 0) break;
      for (const [i, occurrence] of due.entries()) {
        lease.check();
        const next = due[i + 1]?.date ?? (await firstUndecided(db, row, addDays(occurrence.date, 1)));
        // The next day moves with the recording, under the lease: a lost lease takes the recording back.
        const moveOn = async (tx: Executor) => {
          if (!(await updateLeasedRecurring(tx, row.id, leaseToken, { nextDate: next }))) throw new LeaseLost();
        };
        const legs = await recorder.record(row, tagIds, occurrence, timeZone, undefined, moveOn);
        if (legs) recorded.push(legs[0]!.id);
        else await moveOn(db);
        if (lease.stopping) break;
      }
      from = addDays(due.at(-1)!.date, 1);
    }
    return recorded;
  }

  /**
   * An automatic schedule's occurrences up to today, recorded in the request that made them due
   * (created with a start in the past, or switched to automatic). When another instance's job holds
   * the schedule, it records them. A refusal (no rate for a past day) rolls the recorded ones back
   * when `undoOnRefusal`, and is thrown.
   */
  async function recordDueNow(userId: number, id: number, leaseToken: string, undoOnRefusal: boolean) {
    const now = clock.now();
    const row = await claimRecurring(db, id, now, new Date(now.getTime() + RECORDING_LEASE_MS), leaseToken);
    if (!row) return;
    if (row.mode !== 'auto' || row.archived) {
      await updateLeasedRecurring(db, id, leaseToken, { lockedUntil: null, leaseToken: null });
      return;
    }
    const recorded: number[] = [];
    try {
      await recordDue(row, leaseToken, undefined, recorded);
    } catch (error) {
      if (undoOnRefusal && error instanceof AppError) {
        for (const transactionId of recorded) await transactions.remove(userId, transactionId);
      }
      await updateLeasedRecurring(db, id, leaseToken, { lockedUntil: null, leaseToken: null });
      throw error;
    }
    await updateLeasedRecurring(db, id, leaseToken, { lockedUntil: null, leaseToken: null, retryAt: null });
  }

  /** The occurrence of the schedule on `date`, or a refusal naming the date. */
  async function occurrenceOf(userId: number, id: number, date: string) {
    const [found] = await selectRecurringViews(db, userId, id);
    if (!found) throw notFound('Recurring');
    const occurrence = occurrenceOn(found, date);
    if (!occurrence) throw validationError('date', 'recurring.notOccurrence', { date });
    return { row: found, occurrence };
  }

  /**
   * Written with the decision on `date` (in its database transaction): the schedule's next day
   * moves past it when it was the next.
   */
  const movingNextPast = (row: RecurringRow, date: string) => async (tx: Executor) => {
    if (row.nextDate !== date) return;
    await updateRecurring(tx, row.userId, row.id, { nextDate: await firstUndecided(tx, row, addDays(date, 1)) });
  };

  const decidedAlready = (date: string) => refusal('CONFLICT', 'date', 'recurring.decided', { date });

  return {
    recordDue,

    async list(userId) {
      return (await selectRecurringViews(db, userId)).map(toRecurring);
    },

    get: view,

    async create(userId, body) {
      const fields = rowFields(body);
      const { paymentType } = await checkTemplate(userId, fields, body.template.paymentType);
      const now = clock.now();
      const leaseToken = crypto.randomUUID();
      const row = await db.transaction(async (tx) => {
        await assertRoomForOneMore(tx, 'recurring', userId, (locked) => countRecurring(locked, userId));
        await assertOwnTags(tx, userId, body.template.tagIds, 'template.tagIds');
        const inserted = await insertRecurring(tx, {
          ...fields,
          userId,
          paymentType,
          nextDate: nextOccurrence(rhythmOf({ ...fields } as RecurringRow), fields.startDate)?.date ?? null,
          // Held by this request until it has recorded what is due already.
          leaseToken,
          lockedUntil: new Date(now.getTime() + RECORDING_LEASE_MS),
        });
        await setRecurringTags(tx, inserted.id, body.template.tagIds);
        return inserted;
      });
      try {
        await recordDueNow(userId, row.id, leaseToken, true);
      } catch (error) {
        await deleteRecurring(db, userId, row.id);
        throw error;
      }
      return view(userId, row.id);
    },

    async update(userId, id, body) {
      const [row] = await selectRecurringViews(db, userId, id);
      if (!row) throw notFound('Recurring');
      const changes = changesOf(row, body);
      const next = { ...row, ...changes } as RecurringRow;
      if (body.template) {
        changes.paymentType = (await checkTemplate(userId, next, body.template.paymentType)).paymentType;
      }
      const timeZone = await timeZoneOf(userId);
      await db.transaction(async (tx) => {
        if (!(await selectRecurringForUpdate(tx, userId, id))) throw notFound('Recurring');
        if (body.template) {
          await assertOwnTags(tx, userId, body.template.tagIds, 'template.tagIds');
          await setRecurringTags(tx, id, body.template.tagIds);
        }
        if (body.schedule || body.count !== undefined) {
          // What comes next: the new rhythm from today on, after what was recorded or skipped.
          const lastDecided = await selectLastDecided(tx, id);
          const from = [
            zonedDay(clock.now(), timeZone),
            next.startDate,
            ...(lastDecided ? [addDays(lastDecided, 1)] : []),
          ]
            .sort()
            .at(-1)!;
          changes.nextDate = await firstUndecided(tx, next, from);
        }
        await updateRecurring(tx, userId, id, changes);
      });
      await recordDueNow(userId, id, crypto.randomUUID(), false).catch((error: unknown) => {
        // The change stands; what could not be recorded now, the job tries again.
        log.warn({ err: error, recurringId: id }, 'could not record the occurrences a change made due');
      });
      return view(userId, id);
    },

    async remove(userId, id) {
      if (!(await deleteRecurring(db, userId, id))) throw notFound('Recurring');
    },

    async confirm(userId, id, date, changes) {
      const { row, occurrence } = await occurrenceOf(userId, id, date);
      const timeZone = await timeZoneOf(userId);
      const legs = await recorder.record(row, row.tagIds, occurrence, timeZone, changes, movingNextPast(row, date));
      if (!legs) throw decidedAlready(date);
      return legs;
    },

    async skip(userId, id, date) {
      const { row } = await occurrenceOf(userId, id, date);
      await db.transaction(async (tx) => {
        if (!(await takeOccurrence(tx, id, date, 'skipped', null))) throw decidedAlready(date);
        await movingNextPast(row, date)(tx);
      });
    },

    async suggestions(userId) {
      const today = zonedDay(clock.now(), await timeZoneOf(userId));
      const since = new Date(clock.now().getTime() - HISTORY_DAYS * 86_400_000);
      const [histories, dismissed, schedules] = await Promise.all([
        selectPayeeHistories(db, userId, since),
        selectDismissals(db, userId),
        selectRecurringViews(db, userId),
      ]);
      // A payee a schedule is named after is taken care of, on whichever account it records.
      const scheduled = new Set(schedules.map((row) => payeeKey(row.name)));
      return mergeByPayee(histories)
        .filter(
          (history) =>
            !dismissed.has(`${history.accountId}:${payeeKey(history.name)}`) && !scheduled.has(payeeKey(history.name)),
        )
        .flatMap((history) => suggestionOf(history, today) ?? [])
        .sort((a, b) => a.nextDate.localeCompare(b.nextDate) || a.name.localeCompare(b.name));
    },

    async dismissSuggestion(userId, { name, accountId }) {
      await assertOwnAccount(db, userId, accountId, 'accountId');
      await insertDismissal(db, userId, accountId, payeeKey(name));
    },

    async upcoming(userId, { days }) {
      const timeZone = await timeZoneOf(userId);
      const today = zonedDay(clock.now(), timeZone);
      const last = addDays(today, days);
      const schedules = (await selectRecurringViews(db, userId)).filter((r) => !r.archived && r.nextDate !== null);
      const items: Array<UpcomingOccurrence & { occurrence: Occurrence }> = [];
      // What every schedule decided since the earliest next day, in one statement rather than one each.
      const earliest = schedules.map((row) => row.nextDate!).sort()[0] ?? today;
      const decided = await selectDecidedSince(
        db,
        schedules.map((row) => row.id),
        earliest,
      );
      for (const row of schedules) {
        const decidedOfRow = decided.get(row.id) ?? new Set<string>();
        const listed = undecidedAmong(row, decidedOfRow, row.nextDate!, last, DUE_LISTED_MAX + days);
        const due = listed.filter((o) => o.date <= today).slice(0, DUE_LISTED_MAX);
        for (const occurrence of [...due, ...listed.filter((o) => o.date > today)]) {
          items.push({
            occurrence,
            recurringId: row.id,
            name: row.name,
            date: occurrence.date,
            amount: occurrenceAmount(row, occurrence.index),
            transactionType: row.transactionType,
            accountId: row.accountId,
            destinationAccountId: row.destinationAccountId,
            state: occurrence.date <= today ? 'due' : 'upcoming',
            number: occurrence.index + 1,
            of: row.count,
          });
        }
      }
      items.sort((a, b) => a.date.localeCompare(b.date) || a.recurringId - b.recurringId);
      return {
        items: items.map(({ occurrence: _, ...item }) => item),
        forecast: await forecast(userId, today, last, items, schedules),
      };
    },
  };

  /**
   * Each day's total balance from today to `last`: today's, plus what is scheduled up to the day
   * in the base currency at today's rates (due occurrences today). Money moved between two counted
   * accounts moves no total; an account the total leaves out (hidden, or without a rate) moves nothing.
   */
  async function forecast(
    userId: number,
    today: string,
    last: string,
    items: UpcomingOccurrence[],
    schedules: RecurringViewRow[],
  ): Promise<Upcoming['forecast']> {
    const total = await deps.totalBalance(userId, today);
    if (items.length === 0) return daysBetween(today, last).map((date) => ({ date, refBalance: total }));
    const base = (await baseOf(db, userId)).currency.code;
    const counted = new Map((await deps.accounts.list(userId)).filter((a) => a.isEnabled).map((a) => [a.id, a]));
    const session = deps.rates.session(userId);
    const inBase = async (accountId: number | null, amount: number) => {
      const account = accountId === null ? undefined : counted.get(accountId);
      if (!account) return 0;
      if (account.currencyCode === base) return amount;
      const quote = await session.quote(account.currencyCode, base, today);
      return quote ? Math.round(amount * quote.rate) : 0;
    };
    const byId = new Map(schedules.map((s) => [s.id, s]));
    const change = new Map<string, number>();
    for (const item of items) {
      const sign = item.transactionType === 'income' ? 1 : -1;
      let moved = sign * (await inBase(item.accountId, item.amount));
      if (item.destinationAccountId !== null) {
        const destinationAmount = byId.get(item.recurringId)?.destinationAmount ?? item.amount;
        moved -= sign * (await inBase(item.destinationAccountId, destinationAmount));
      }
      const day = item.date < today ? today : item.date;
      change.set(day, (change.get(day) ?? 0) + moved);
    }
    let running = total;
    return daysBetween(today, last).map((date) => {
      running += change.get(date) ?? 0;
      return { date, refBalance: running };
    });
  }
}
