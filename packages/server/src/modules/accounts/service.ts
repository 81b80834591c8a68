import {
  type Account,
  type AccountCategory,
  convertMinorUnits,
  issueAt,
  isWithinAmountLimit,
  MAX_AMOUNT_TEXT,
  type NewAccount,
  type UpdateAccountBody,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { type Clock, today } from '../../lib/clock.ts';
import { startOfMinute } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { assertRoomForOneMore } from '../../lib/limits.ts';
import { assertOwnGroup } from '../account-groups/index.ts';
import { assertOffered, findCurrency, insertUserCurrenciesIfMissing, selectBaseCurrency } from '../currencies/index.ts';
import type { RateSession, RatesService } from '../rates/index.ts';
import {
  type AccountRow,
  countAccounts,
  deleteAccount as deleteAccountRow,
  insertAccount,
  selectAccount,
  selectAccountsAndBase,
  updateAccount as updateAccountRow,
} from './queries.ts';

/**
 * A figure in the base currency at a rate nobody bounded (a provider's, or a custom rate applied to a
 * balance): past the limit it is not a figure the app can answer, so it is left unvalued (null), as
 * when no rate is known (docs/decisions.md "Figures stay within MAX_MINOR_AMOUNT").
 */
export function valueInBase(minor: number, rate: number): number | null {
  const value = convertMinorUnits(minor, rate);
  return isWithinAmountLimit(value) ? value : null;
}

/**
 * Refuses figures an account is given whose value in the base currency at today's rate would pass
 * the limit, naming the field as a transaction's amount is refused: accepted, they would show as
 * unvalued from the start.
 */
function assertValuedInBase(figures: Array<{ path: string; minor: number }>, rate: number) {
  for (const { path, minor } of figures) {
    if (valueInBase(minor, rate) === null)
      throw validationError(path, 'amount.tooLargeInBase', { max: MAX_AMOUNT_TEXT });
  }
}

/** The refusal of a write that would take an account's balances past the limit. */
export const tooLargeForAccount = (path: string) =>
  validationError(path, 'amount.tooLargeForAccount', { max: MAX_AMOUNT_TEXT });

/** Base-currency values at the latest rate: what the money is worth now. */
async function withRefs(
  rows: AccountRow[],
  session: RateSession,
  baseCode: string | undefined,
  day: string,
): Promise<Account[]> {
  const result: Account[] = [];
  for (const row of rows) {
    const quote = baseCode ? await session.quote(row.currencyCode, baseCode, day) : null;
    const ref = (minor: number) => (quote ? valueInBase(minor, quote.rate) : null);
    result.push({
      ...row,
      type: row.type as Account['type'],
      accountCategory: row.accountCategory as Account['accountCategory'],
      refCreditLimit: ref(row.creditLimit),
      refCurrentBalance: ref(row.currentBalance),
      refInitialBalance: ref(row.initialBalance),
      openingAt: row.openingAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    });
  }
  return result;
}

export interface AccountsService {
  list(userId: number): Promise<Account[]>;
  get(userId: number, id: number): Promise<Account>;
  /** Creating an account adds its currency to the user's; a foreign one needs a rate to be valued. */
  create(userId: number, body: NewAccount): Promise<Account>;
  update(userId: number, id: number, body: UpdateAccountBody): Promise<Account>;
  /** Its transactions go with it; the other legs of its transfers become out-of-wallet transfers. */
  remove(userId: number, id: number): Promise<void>;
}

/**
 * An account goes with its transactions; the other legs of its transfers stay as ordinary
 * transactions. That is the ledger's work, and the ledger sits above accounts: app.ts hands in
 * its detachTransfersOf.
 */
export type DetachTransfers = (tx: Executor, userId: number, accountId: number) => Promise<void>;

/**
 * An account deleted, inside its deletion's transaction, after its row went: what refers to it from
 * above accounts (a rule's condition on the account) lets it go. app.ts hands it in.
 */
export type AccountDeleted = (tx: Executor, userId: number, accountId: number) => Promise<void>;

export function createAccountsService(
  db: Database,
  rates: RatesService,
  clock: Clock,
  detachTransfersOf: DetachTransfers,
  accountDeleted: AccountDeleted,
): AccountsService {
  async function get(userId: number, id: number): Promise<Account> {
    const row = await selectAccount(db, userId, id);
    if (!row) throw notFound('Account');
    const base = await selectBaseCurrency(db, userId);
    const [account] = await withRefs([row], rates.session(userId), base?.currency.code, today(clock));
    return account!;
  }

  /** Today's rate of the account's currency in the base currency; null without a base or a rate. */
  async function todaysRateOf(userId: number, account: AccountRow) {
    const base = await selectBaseCurrency(db, userId);
    return base ? rates.session(userId).quote(account.currencyCode, base.currency.code, today(clock)) : null;
  }

  return {
    async list(userId) {
      const { baseCode, accounts } = await selectAccountsAndBase(db, userId);
      return withRefs(accounts, rates.session(userId), baseCode ?? undefined, today(clock));
    },

    get,

    async create(userId, body) {
      const currency = await findCurrency(db, body.currencyId);
      if (!currency) throw validationError('currencyId', 'currency.unknown');
      assertOffered(currency, 'currencyId');
      const now = clock.now();
      // By default the balance is the one of the minute the account is made: people record times
      // to the minute, so a purchase entered right after, at "now", counts after the opening.
      const openingAt = body.openingAt ? new Date(body.openingAt) : startOfMinute(now);
      if (openingAt.getTime() > now.getTime()) {
        throw validationError('openingAt', 'balance.future');
      }
      const base = await selectBaseCurrency(db, userId);
      if (base) {
        const { rate } = await rates
          .session(userId)
          .require(currency.code, base.currency.code, today(clock), 'currencyId');
        assertValuedInBase(
          [
            { path: 'initialBalance', minor: body.initialBalance },
            { path: 'creditLimit', minor: body.creditLimit },
          ],
          rate,
        );
      }
      const id = await db.transaction(async (tx) => {
        // Checked inside the transaction: the group cannot be deleted before the account is in it.
        if (body.accountGroupId != null) await assertOwnGroup(tx, userId, body.accountGroupId, 'accountGroupId');
        await assertRoomForOneMore(tx, 'accounts', userId, (locked) => countAccounts(locked, userId));
        await insertUserCurrenciesIfMissing(tx, userId, [currency.id]);
        return insertAccount(tx, {
          userId,
          name: body.name,
          currencyId: currency.id,
          accountCategory: body.accountCategory,
          isEnabled: body.isEnabled,
          creditLimit: body.creditLimit,
          initialBalance: body.initialBalance,
          currentBalance: body.initialBalance,
          openingBalance: body.initialBalance,
          accountGroupId: body.accountGroupId ?? null,
          openingAt,
          createdAt: now,
        });
      });
      return get(userId, id);
    },

    async update(userId, id, body) {
      const account = await selectAccount(db, userId, id);
      if (!account) throw notFound('Account');
      if (account.type !== 'system') {
        for (const field of ['initialBalance', 'currentBalance', 'openingBalance', 'creditLimit'] as const) {
          if (body[field] !== undefined) {
            throw new AppError('NOT_ALLOWED', 'The balance and credit limit of a bank account come from the bank.', [
              issueAt(field, 'balance.bankReadOnly'),
            ]);
          }
        }
      }
      const balanceField = (['currentBalance', 'initialBalance', 'openingBalance'] as const).find(
        (field) => body[field] !== undefined,
      );
      const quote = balanceField || body.creditLimit !== undefined ? await todaysRateOf(userId, account) : null;
      await db.transaction(async (tx) => {
        if (body.accountGroupId != null) await assertOwnGroup(tx, userId, body.accountGroupId, 'accountGroupId');
        const extent = await updateAccountRow(tx, userId, id, body);
        if (balanceField && extent !== undefined && !isWithinAmountLimit(extent)) {
          throw tooLargeForAccount(balanceField);
        }
        if (!quote) return;
        // The balances as the edit left them: one given moves the others by the same difference.
        const updated = (await selectAccount(tx, userId, id))!;
        assertValuedInBase(
          [
            ...(balanceField
              ? [
                  { path: balanceField, minor: updated.currentBalance },
                  { path: balanceField, minor: updated.initialBalance },
                ]
              : []),
            ...(body.creditLimit !== undefined ? [{ path: 'creditLimit', minor: updated.creditLimit }] : []),
          ],
          quote.rate,
        );
      });
      return get(userId, id);
    },

    async remove(userId, id) {
      if (!(await selectAccount(db, userId, id))) throw notFound('Account');
      await db.transaction(async (tx) => {
        await detachTransfersOf(tx, userId, id);
        await deleteAccountRow(tx, userId, id);
        await accountDeleted(tx, userId, id);
      });
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/** For routes that filter by an account: a missing or foreign one answers NOT_FOUND. */
/** `path` names the body or query field that held the id. */
export async function assertOwnAccount(db: Executor, userId: number, id: number, path?: string): Promise<void> {
  if (!(await selectAccount(db, userId, id))) throw notFound('Account', path);
}

/** The figures of a bank account, as the bank states them. */
export interface BankFigures {
  /** The balance the bank states, credit limit included (own money is this minus the limit). */
  currentBalance: number;
  creditLimit?: number;
}

/**
 * A bank account found at pairing (inside the caller's transaction): its currency joins the
 * user's, and it opens at the balance the bank states; imported history moves its opening balance.
 */
export async function createBankAccount(
  tx: Executor,
  userId: number,
  fields: BankFigures & {
    name: string;
    currencyId: number;
    accountCategory: AccountCategory;
    externalId: string;
    createdAt: Date;
  },
): Promise<number> {
  await insertUserCurrenciesIfMissing(tx, userId, [fields.currencyId]);
  return insertAccount(tx, {
    userId,
    name: fields.name,
    currencyId: fields.currencyId,
    type: 'monobank',
    accountCategory: fields.accountCategory,
    creditLimit: fields.creditLimit ?? 0,
    initialBalance: fields.currentBalance,
    currentBalance: fields.currentBalance,
    openingBalance: fields.currentBalance,
    externalId: fields.externalId,
    // The balance the bank states now; imported history is from before it.
    openingAt: fields.createdAt,
    createdAt: fields.createdAt,
  });
}

/** An account of a backup, before its transactions (inside the restore's transaction). */
export interface RestoredAccount {
  name: string;
  currencyId: number;
  accountCategory: AccountCategory;
  isEnabled: boolean;
  creditLimit: number;
  accountGroupId: number | null;
  openingAt: Date;
  /**
   * Its balance at the opening moment (the initial balance plus its transactions from before it):
   * the ledger's moves of the transactions restored next take the initial balance back to the
   * backup's and the current one to the end of them.
   */
  openingBalance: number;
}

/** A backup's account, made anew as an ordinary one (a bank's link is not in a backup); its currency joins the user's. */
export async function restoreAccount(
  tx: Executor,
  userId: number,
  account: RestoredAccount,
  now: Date,
): Promise<number> {
  await insertUserCurrenciesIfMissing(tx, userId, [account.currencyId]);
  const { openingBalance, ...fields } = account;
  return insertAccount(tx, {
    ...fields,
    userId,
    initialBalance: openingBalance,
    currentBalance: openingBalance,
    openingBalance,
    createdAt: now,
  });
}

/**
 * The bank is the authority on a bank account's balance (inside the caller's transaction, which
 * holds the account's lock): the current balance takes the bank's figure and the opening balance
 * moves by the same difference, so current = initial + Σ transactions still holds.
 */
export async function setBankFigures(tx: Executor, userId: number, id: number, figures: BankFigures): Promise<void> {
  await updateAccountRow(tx, userId, id, figures);
}
