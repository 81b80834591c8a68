/**
 * A committed import runs as a persistent job (as the Monobank imports do): a worker leases it,
 * reads its rows in batches, and stores each batch's transactions in the same database
 * transaction as the job's place and tallies, so an instance that dies mid-import leaves it for
 * the next one (its lease runs out) and no row is stored twice or lost.
 */
import {
  type Account,
  convertMinorUnits,
  csvCellText,
  defaultPaymentType,
  describedIssue,
  IMPORT_MAX_REPORTED_FAILURES,
  type ImportFailure,
  NOTE_MAX,
  parseImportRowAmount,
  parseImportTime,
} from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { maintainAfterLargeWrite } from '../../db/maintenance.ts';
import type { ImportOptions } from '../../db/schema.ts';
import { type Lease, type LeasedWorker, LeaseLost, startLeasedWorker } from '../../jobs/leased-worker.ts';
import type { Clock } from '../../lib/clock.ts';
import { todayIso } from '../../lib/dates.ts';
import { AppError, storedIssueOf } from '../../lib/errors.ts';
import type { AccountsService } from '../accounts/index.ts';
import { fallbackCategoryId, selectCategories, selectDefaultCategoryIds } from '../categories/index.ts';
import { holdBaseCurrency } from '../currencies/index.ts';
import type { EventBus } from '../events/index.ts';
import { categoryKeyForMcc } from '../monobank/index.ts';
import type { RateSeries, RatesService } from '../rates/index.ts';
import { rulesForArrivals } from '../rules/index.ts';
import { addTagPairs } from '../tags/index.ts';
import {
  baseOf,
  insertImportedTransactions,
  meetStatedBalance,
  type NewTransactionRow,
  refsAt,
} from '../transactions/index.ts';
import { statedBalance } from './balance.ts';
import { type FileRecord, recordBatches } from './detect.ts';
import {
  claimRunningImport,
  deleteImportParts,
  dropUnstoredImports,
  type ImportRow,
  insertImportItems,
  instantsInUserZone,
  releaseImportLeases,
  selectImportParts,
  selectKnownExternalIds,
  selectTransactionsBetween,
  updateLeasedImport,
} from './queries.ts';
import { categoryKey, categoryLookup, importEvent } from './views.ts';

/** Rows per database transaction: one multi-row insert, one balance move per account. */
export const IMPORT_BATCH_ROWS = 1_000;
/** Longer than a batch takes; renewed with every batch, and while one is read. */
const LEASE_MS = 2 * 60_000;
/** How often an idle worker looks for imports another instance queued or a restart left. */
const POLL_MS = 5_000;

export interface ImportJobDeps {
  db: Database;
  rates: RatesService;
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The only instance (PGlite): leases found at start died with the last process. */
  singleInstance: boolean;
  accounts: AccountsService;
}

/** Why a row failed: by code, and in English. */
type Problem = Omit<ImportFailure, 'row'>;

/** A row read and valued, not yet checked against the account's transactions. */
interface ReadRow {
  line: number;
  time: Date;
  row: NewTransactionRow;
  externalId: string | null;
  /** The tags the person's rules put on it. */
  tagIds: number[];
  /** What the file said of it beyond its fields: its text and MCC (import_items). */
  item: { text: string; mcc: number | null };
}

/** What a duplicate repeats: the moment, the money and the note (docs/decisions.md "CSV import"). */
const duplicateKey = (row: Pick<NewTransactionRow, 'time' | 'amount' | 'transactionType' | 'note'>) =>
  `${row.time.getTime()}|${row.amount}|${row.transactionType}|${row.note ?? ''}`;

const problemOf = (error: AppError): Problem => {
  const [issue] = error.details ?? [];
  return issue ? { code: issue.code, params: issue.params, message: issue.message } : { message: error.message };
};

/** Runs committed imports (`kick`: one was committed) until `stop`. */
export function startImportJobs(deps: ImportJobDeps, poll: boolean): LeasedWorker {
  const { db, clock, events, log } = deps;

  /**
   * The import's last write: how it ended, the lease let go, and its file dropped in the same
   * transaction. An ended import is never run again (the claim takes only running ones, a commit
   * only uploaded ones) and undo goes by the rows' import id, so nothing reads the file after this.
   * While the lease is another's (or the job stops for a restart), nothing changes and the file stays.
   */
  async function close(tx: Transaction, job: ImportRow, leaseToken: string, changes: Partial<ImportRow>) {
    const row = await updateLeasedImport(tx, job.id, leaseToken, {
      ...changes,
      finishedAt: clock.now(),
      lockedUntil: null,
      leaseToken: null,
    });
    if (row) await deleteImportParts(tx, job.id);
    return row;
  }

  async function finish(job: ImportRow, leaseToken: string, changes: Partial<ImportRow>) {
    const row = await db.transaction((tx) => close(tx, job, leaseToken, changes));
    if (row) events.publish(job.userId, importEvent(row));
  }

  async function run(job: ImportRow, lease: Lease): Promise<void> {
    let reader = await batchReader(job);
    let tally = {
      imported: job.imported,
      duplicates: job.duplicates,
      failed: job.failed,
      failedCount: job.failedCount,
    };
    let done = job.done;
    const text = await selectImportParts(db, job.id);
    // The header is the file's first record; `done` counts the rows under it.
    for await (const batch of recordBatches(text, job.delimiter, { from: job.done + 1, size: IMPORT_BATCH_ROWS })) {
      if (lease.stopping) break;
      lease.check();
      done += batch.length;
      for (;;) {
        const outcome = await reader.read(batch);
        const next = {
          imported: tally.imported + outcome.rows.length,
          duplicates: tally.duplicates + outcome.duplicates,
          failed: [...tally.failed, ...outcome.failures].slice(0, IMPORT_MAX_REPORTED_FAILURES),
          failedCount: tally.failedCount + outcome.failures.length,
        };
        const stored = await db.transaction(async (tx) => {
          // Valued in the base read before this transaction: a base change that switched since
          // leaves the batch to be valued again in the new base (docs/decisions.md "An import and a
          // base change at once").
          if ((await holdBaseCurrency(tx, job.userId)) !== reader.baseCurrencyId) return undefined;
          const inserted = await insertImportedTransactions(tx, job.userId, outcome.rows);
          await insertImportItems(
            tx,
            inserted.map((row, index) => ({ transactionId: row.id, ...outcome.items[index]! })),
          );
          await addTagPairs(
            tx,
            job.userId,
            inserted.flatMap((row, index) => outcome.tagIds[index]!.map((tagId) => ({ transactionId: row.id, tagId }))),
          );
          const row = await updateLeasedImport(tx, job.id, lease.token, {
            ...next,
            done,
            lockedUntil: new Date(clock.now().getTime() + LEASE_MS),
          });
          // Another instance took the import over meanwhile: this batch is its to store.
          if (!row) throw new LeaseLost();
          return row;
        });
        if (stored) {
          tally = next;
          events.publish(job.userId, importEvent(stored));
          break;
        }
        reader = await batchReader(job);
      }
      // The embedded database answers on this thread without I/O: without a turn of the event
      // loop, requests that came meanwhile (the progress the page asks for) would wait for the end.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Stopping (the app closes): the lease runs out and the next start goes on from here.
    if (lease.stopping) return;
    await maintainAfterLargeWrite(db, log, tally.imported, [
      'transactions',
      'account_day_deltas',
      'account_day_totals',
      'account_month_totals',
    ]);
    // The file's balance is met once every row is in, with the import's end, in one database transaction.
    const options = job.options as ImportOptions;
    const stated = await statedBalance(db, job.userId, text, job.delimiter, options);
    const closed = await db.transaction(async (tx) => {
      const balanceShift = stated
        ? await meetStatedBalance(tx, job.userId, job.accountId, stated, 'balance')
        : undefined;
      const row = await close(tx, job, lease.token, {
        state: 'done',
        ...(balanceShift ? { options: { ...options, balanceShift } } : {}),
      });
      if (!row) throw new LeaseLost();
      return row;
    });
    events.publish(job.userId, importEvent(closed));
  }

  /**
   * Reads batches of the import's rows into transactions: each row by the shared cell rules, its
   * wall time in the user's zone, its amount in the account's currency and valued in the base at
   * its day's rate, its category; bad rows are reported with their reason, duplicates left out
   * when asked. Answers the base it values in beside the reading.
   */
  async function batchReader(job: ImportRow) {
    const options = job.options as ImportOptions;
    const { mapping } = options;
    const userId = job.userId;
    const account: Account = await deps.accounts.get(userId, job.accountId);
    const base = await baseOf(db, userId);
    const [known, byKey, other, rules] = await Promise.all([
      selectCategories(db, userId),
      selectDefaultCategoryIds(db, userId),
      fallbackCategoryId(db, userId),
      // The person's rules as they are when the reading starts, compiled once for every row.
      rulesForArrivals(db, userId),
    ]);
    const lookUp = categoryLookup(known);
    // Read as a Map: a plain object answers `constructor` with its own function.
    const chosenIds = new Map(Object.entries(options.categoryIds));
    const paymentType = defaultPaymentType(account);
    const lastColumn = Math.max(...Object.values(mapping).filter((column) => column !== undefined));

    /** The row's MCC, when the file has a column of them and the row a code in it. */
    function mccOf(cells: string[]): number | null {
      const mcc = mapping.mcc === undefined ? '' : cells[mapping.mcc]!.trim();
      return /^\d{1,4}$/.test(mcc) ? Number(mcc) : null;
    }

    function categoryOf(cells: string[], income: boolean): number {
      const name = mapping.category === undefined ? '' : csvCellText(cells[mapping.category]!).trim();
      if (name) return chosenIds.get(categoryKey(name)) ?? lookUp(name) ?? other;
      const mcc = mccOf(cells);
      if (mcc !== null) {
        const key = categoryKeyForMcc(mcc, income);
        return byKey.get(key) ?? byKey.get(key.split('/')[0]!) ?? other;
      }
      return other;
    }

    /** A transfer's category only when the file names one: a transfer needs none. */
    function transferCategoryOf(cells: string[]): number | null {
      const name = mapping.category === undefined ? '' : csvCellText(cells[mapping.category]!).trim();
      return name ? categoryOf(cells, false) : null;
    }

    /** Rates into `to` over the days of a batch, loaded once per batch. */
    async function seriesOf(codes: string[], to: string, days: string[]): Promise<RateSeries> {
      if (codes.length === 0) return () => null;
      const sorted = [...days].sort();
      return deps.rates.series(userId, codes, to, sorted[0]!, sorted.at(-1)!);
    }

    const read = async (batch: FileRecord[]) => {
      const failures: ImportFailure[] = [];
      const fail = (line: number, { code, params, message }: Problem) =>
        failures.push({ row: line, code, params, message });
      const parsed: Array<{ line: number; cells: string[]; signed: number; when: ReturnType<typeof parseImportTime> }> =
        [];
      for (const { cells, line } of batch) {
        if (cells.length <= lastColumn) {
          fail(line, describedIssue('cell.columnMissing', { cells: cells.length, column: lastColumn + 1 }));
          continue;
        }
        const when = parseImportTime(cells[mapping.time]!, options.dateFormat);
        if (!when.ok) {
          fail(line, when);
          continue;
        }
        const amount = parseImportRowAmount(cells, mapping, options.decimalSeparator);
        if (!amount.ok) fail(line, amount);
        else parsed.push({ line, cells, signed: amount.value, when });
      }

      // Wall-clock times become instants in the user's zone, the whole batch in one query.
      const walls = parsed.flatMap(({ when }) => (when.ok && 'wall' in when.value ? [when.value.wall] : []));
      const instants = await instantsInUserZone(db, userId, walls);
      let wallIndex = 0;
      const timed = parsed.map((entry) => {
        const value = entry.when.ok ? entry.when.value : undefined;
        const time = value && 'instant' in value ? new Date(value.instant) : instants[wallIndex++]!;
        const written = mapping.currency === undefined ? '' : entry.cells[mapping.currency]!.trim().toUpperCase();
        return { ...entry, time, day: todayIso(time), currency: written || account.currencyCode };
      });

      const foreign = [...new Set(timed.map((entry) => entry.currency))].filter(
        (code) => code !== account.currencyCode,
      );
      const days = timed.map((entry) => entry.day);
      const toAccount = await seriesOf(foreign, account.currencyCode, days);
      const toBase = await seriesOf(
        account.currencyCode === base.currency.code ? [] : [account.currencyCode],
        base.currency.code,
        days,
      );

      const rows: ReadRow[] = [];
      for (const entry of timed) {
        let signed = entry.signed;
        if (entry.currency !== account.currencyCode) {
          const quote = /^[A-Z]{3}$/.test(entry.currency) ? toAccount(entry.currency, entry.day) : null;
          if (!quote) {
            fail(
              entry.line,
              describedIssue('cell.noRate', { from: entry.currency, to: account.currencyCode, date: entry.day }),
            );
            continue;
          }
          signed = convertMinorUnits(signed, quote.rate);
          if (signed === 0) {
            fail(entry.line, describedIssue('cell.amountZero'));
            continue;
          }
        }
        const rate = account.currencyCode === base.currency.code ? 1 : toBase(account.currencyCode, entry.day)?.rate;
        if (rate === undefined) {
          fail(
            entry.line,
            describedIssue('cell.noRate', { from: account.currencyCode, to: base.currency.code, date: entry.day }),
          );
          continue;
        }
        const amount = Math.abs(signed);
        const transactionType = signed > 0 ? 'income' : 'expense';
        const transfer = mapping.transfer !== undefined && entry.cells[mapping.transfer]!.trim() !== '';
        const text =
          mapping.note === undefined ? '' : csvCellText(entry.cells[mapping.note]!).trim().slice(0, NOTE_MAX);
        const mcc = mccOf(entry.cells);
        // The person's rules first (docs/decisions.md "Rules"): the file's text is the row's description.
        const ruled = rules({ description: text, note: text, amount, accountId: account.id, mcc, transactionType });
        try {
          rows.push({
            line: entry.line,
            time: entry.time,
            externalId: mapping.externalId === undefined ? null : entry.cells[mapping.externalId]!.trim() || null,
            tagIds: ruled.tagIds,
            item: { text, mcc },
            row: {
              userId,
              accountId: account.id,
              amount,
              transactionType,
              ...refsAt(amount, rate, base.currencyId),
              paymentType,
              time: entry.time,
              note: ruled.note ?? text,
              categoryId:
                ruled.categoryId ?? (transfer ? transferCategoryOf(entry.cells) : categoryOf(entry.cells, signed > 0)),
              // A leg of a transfer is brought in as money leaving or entering the wallet: it moves the
              // balance as the file says, and the statistics leave it out as they leave every transfer.
              ...(transfer ? { transferNature: 'transfer_out_wallet' as const } : {}),
              importId: job.id,
            },
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          fail(entry.line, problemOf(error));
        }
      }

      const kept = options.skipDuplicates ? await withoutDuplicates(job, rows) : rows;
      failures.sort((a, b) => a.row - b.row);
      return {
        rows: kept.map((entry) => entry.row),
        tagIds: kept.map((entry) => entry.tagIds),
        items: kept.map((entry) => entry.item),
        duplicates: rows.length - kept.length,
        failures,
      };
    };
    return { baseCurrencyId: base.currencyId, read };
  }

  /**
   * Leaves out rows the account has already: one with the same bank id, or one with the same
   * time, amount, direction and note. Each transaction on the account stands for one row, so a
   * file's repeated identical rows (two coffees in one second) are all imported the first time
   * and all left out the next.
   */
  async function withoutDuplicates(job: ImportRow, rows: ReadRow[]): Promise<ReadRow[]> {
    if (rows.length === 0) return rows;
    const times = rows.map((entry) => entry.time.getTime());
    const existing = await selectTransactionsBetween(
      db,
      job.accountId,
      new Date(Math.min(...times)),
      new Date(Math.max(...times)),
      job.id,
    );
    const unmatched = new Map<string, number>();
    for (const row of existing) unmatched.set(duplicateKey(row), (unmatched.get(duplicateKey(row)) ?? 0) + 1);
    const knownIds = await selectKnownExternalIds(
      db,
      job.accountId,
      rows.flatMap((entry) => (entry.externalId ? [entry.externalId] : [])),
    );
    return rows.filter((entry) => {
      if (entry.externalId && knownIds.has(entry.externalId)) return false;
      const key = duplicateKey(entry.row);
      const left = unmatched.get(key) ?? 0;
      if (left === 0) return true;
      unmatched.set(key, left - 1);
      return false;
    });
  }

  return startLeasedWorker<ImportRow>(
    {
      name: 'CSV imports',
      leaseMs: LEASE_MS,
      pollMs: POLL_MS,
      claim: (terms) => claimRunningImport(db, terms.now, LEASE_MS, terms.token),
      renew: async (job, lease, until) =>
        Boolean(await updateLeasedImport(db, job.id, lease.token, { lockedUntil: until })),
      work: run,
      async finish(job, lease, failure) {
        if (!failure) return;
        const { error } = failure;
        if (error instanceof AppError) {
          await finish(job, lease.token, { state: 'failed', error: error.message, errorIssue: storedIssueOf(error) });
          return;
        }
        log.error({ err: error, importId: job.id }, 'import failed');
        const { message, ...issue } = describedIssue('import.stoppedUnexpectedly');
        await finish(job, lease.token, { state: 'failed', error: message, errorIssue: issue });
      },
      beforeFirst: deps.singleInstance
        ? async () => {
            await releaseImportLeases(db);
            await dropUnstoredImports(db);
          }
        : undefined,
      describe: (job) => ({ importId: job.id }),
    },
    { clock, log, poll, passAtStart: true },
  );
}
