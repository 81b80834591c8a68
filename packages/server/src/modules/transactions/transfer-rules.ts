/**
 * What a manual write may do to a transfer and to what the bank owns: the accounts it may use,
 * the other leg of a transfer between accounts, the facts of a bank leg, and what a leg becomes
 * when it leaves a transfer. Each rule refuses before anything is written.
 */
import type { TransactionType, TransferNature, UpdateTransactionBody } from '@kopiyka/shared';
import { issueAt, type ValidationIssue } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { fallbackCategoryId } from '../categories/index.ts';
import { type NewTransactionRow, selectOwnAccount, type TransactionRow } from './queries/rows.ts';

export type OwnAccount = NonNullable<Awaited<ReturnType<typeof selectOwnAccount>>>;

export const BETWEEN: TransferNature = 'transfer_between_user_accounts';
/** A bank leg's money facts come from the bank. */
const BANK_READ_ONLY = ['amount', 'transactionType', 'accountId', 'time'] as const;

export const opposite = (type: TransactionType): TransactionType => (type === 'income' ? 'expense' : 'income');
export const isBankLeg = (row: TransactionRow) => row.externalId !== null;

export async function ownAccount(db: Database, userId: number, id: number, path: string): Promise<OwnAccount> {
  return presentAccount(await selectOwnAccount(db, userId, id), path);
}

/** An account as read for the caller, or NOT_FOUND on `path`: missing or another user's alike (DESIGN principle 3). */
export function presentAccount(account: OwnAccount | null | undefined, path: string): OwnAccount {
  if (!account) throw notFound('Account', path);
  return account;
}

/** The account a transfer between accounts goes to: the one given, else the one it went to. */
function destinationIdOf(given: { destinationAccountId?: number }, existing?: TransactionRow): number {
  const id = given.destinationAccountId ?? existing?.accountId;
  if (id === undefined) throw validationError('destinationAccountId', 'transfer.destinationRequired');
  return id;
}

/** Resolves the other leg of a transfer between accounts: its account and amount. */
export async function destinationOf(
  db: Database,
  userId: number,
  account: OwnAccount,
  amount: number,
  given: { destinationAccountId?: number; destinationAmount?: number },
  existing?: TransactionRow,
) {
  const found = await selectOwnAccount(db, userId, destinationIdOf(given, existing));
  return transferTo(account, found, amount, given, existing);
}

/** The other leg of a transfer between accounts from its account as read (`found`), or why there is none. */
export function transferTo(
  account: OwnAccount,
  found: OwnAccount | null | undefined,
  amount: number,
  given: { destinationAccountId?: number; destinationAmount?: number },
  existing?: TransactionRow,
) {
  destinationIdOf(given, existing);
  const destination = presentAccount(found, 'destinationAccountId');
  if (destination.id === account.id) {
    throw validationError('destinationAccountId', 'transfer.sameAccount');
  }
  const sameCurrency = destination.currencyCode === account.currencyCode;
  const keptAmount = existing && existing.accountId === destination.id && !sameCurrency ? existing.amount : undefined;
  const destinationAmount = given.destinationAmount ?? (sameCurrency ? amount : keptAmount);
  if (destinationAmount === undefined) {
    throw validationError('destinationAmount', 'transfer.destinationAmountRequired', {
      currency: destination.currencyCode,
    });
  }
  if (sameCurrency && destinationAmount !== amount) {
    throw validationError('destinationAmount', 'transfer.amountsDiffer');
  }
  return { destination, destinationAmount };
}

export function refuseDestinationFields(
  nature: TransferNature,
  body: { destinationAccountId?: number; destinationAmount?: number },
) {
  if (nature === BETWEEN) return;
  if (body.destinationAccountId !== undefined) {
    throw validationError('destinationAccountId', 'transfer.destinationOnlyForTransfer');
  }
  if (body.destinationAmount !== undefined) {
    throw validationError('destinationAmount', 'transfer.destinationAmountOnlyForTransfer');
  }
}

export function refuseBankAccount(account: OwnAccount, path: string) {
  if (account.type !== 'system') {
    throw new AppError('NOT_ALLOWED', 'Transactions of a bank account come from the bank.', [
      issueAt(path, 'transfer.bankAccount'),
    ]);
  }
}

/** An edit of a bank leg leaves its amount, time, account and type as the bank gave them. */
export function refuseBankFieldChanges(current: TransactionRow, body: UpdateTransactionBody) {
  for (const field of BANK_READ_ONLY) {
    const value = field === 'time' && body.time ? new Date(body.time).getTime() : body[field];
    const was = field === 'time' ? current.time.getTime() : current[field];
    if (value !== undefined && value !== was) {
      throw new AppError(
        'NOT_ALLOWED',
        'The amount, time, account and type of a bank transaction come from the bank.',
        [issueAt(field, 'transfer.bankReadOnly')],
      );
    }
  }
}

/** A bank leg's account, amount and type are the bank's: the manual leg must fit them. */
export function refuseBankLegChanges(
  bankLeg: TransactionRow,
  transfer: { destination: OwnAccount; destinationAmount: number },
  transactionType: TransactionType,
  body: UpdateTransactionBody,
) {
  const refuse = (issue: ValidationIssue) => {
    throw new AppError(
      'NOT_ALLOWED',
      'The other leg is a bank transaction: its account, amount and type come from the bank.',
      [issue],
    );
  };
  if (transfer.destination.id !== bankLeg.accountId) {
    refuse(issueAt('destinationAccountId', 'transfer.bankLegStays'));
  }
  if (transfer.destinationAmount !== bankLeg.amount) {
    refuse(issueAt(body.destinationAmount !== undefined ? 'destinationAmount' : 'amount', 'transfer.bankLegAmount'));
  }
  if (transactionType === bankLeg.transactionType) {
    refuse(issueAt('transactionType', 'transfer.bankLegType', { type: bankLeg.transactionType }));
  }
}

/** A leg that stops being part of a transfer needs a category: it keeps its own or takes "Other". */
export async function standaloneChanges(
  tx: Executor,
  userId: number,
  leg: TransactionRow,
): Promise<Partial<NewTransactionRow>> {
  return {
    transferNature: 'not_transfer',
    transferId: null,
    createdByTransfer: false,
    categoryId: leg.categoryId ?? (await fallbackCategoryId(tx, userId)),
  };
}
