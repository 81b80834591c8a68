/**
 * A transaction's figures in the user's base currency:
 * `refAmount` at the rate of the transaction's day, and the rate it used.
 */
import { convertMinorUnits, isWithinAmountLimit, MAX_AMOUNT_TEXT, type TransactionType } from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import { refusal, validationError } from '../../lib/errors.ts';
import { selectBaseCurrency } from '../currencies/index.ts';
import type { RateSession } from '../rates/index.ts';
import { dayOf } from './ledger.ts';

/** Base-currency columns as a write sets them; a pending value of a base change in progress is dropped. */
export interface Refs {
  refAmount: number;
  rate: number;
  refCurrencyId: number;
  pendingRefAmount: null;
  pendingRate: null;
}

interface InCurrency {
  currencyCode: string;
}

export async function baseOf(db: Database, userId: number) {
  return presentBase(await selectBaseCurrency(db, userId));
}

/** The user's base currency as read, or CONFLICT: nothing has a base-currency figure before one is chosen. */
export function presentBase<Base>(base: Base | null | undefined): Base {
  if (!base) throw refusal('CONFLICT', 'baseCurrency', 'base.required');
  return base;
}

/**
 * Base-currency figures of one transaction or of both legs of a transfer. A transfer is neutral in
 * the base currency: both legs carry one figure (docs/decisions.md). A leg in the base currency
 * is exact and gives it; otherwise the outgoing leg (the expense) does, at its rate of the day.
 * A figure past the limit is refused on the leg's amount before anything is stored.
 */
export async function refsFor(
  session: RateSession,
  base: { currencyId: number; currency: { code: string } },
  first: { account: InCurrency; amount: number; time: Date; transactionType: TransactionType },
  transfer: { destination: InCurrency; destinationAmount: number } | undefined,
): Promise<Refs[]> {
  const legs = [
    { ...first, path: 'amount' },
    ...(transfer
      ? [
          {
            account: transfer.destination,
            amount: transfer.destinationAmount,
            time: first.time,
            transactionType: first.transactionType === 'income' ? 'expense' : 'income',
            path: 'destinationAmount',
          },
        ]
      : []),
  ];
  const baseCode = base.currency.code;
  const refCurrencyId = base.currencyId;
  const winner = neutralFigureOf(legs, (leg) => leg.account.currencyCode === baseCode);
  const rate =
    winner.account.currencyCode === baseCode
      ? 1
      : (await session.require(winner.account.currencyCode, baseCode, dayOf(winner.time), accountPathOf(winner.path)))
          .rate;
  const refAmount = boundedRef(convertMinorUnits(winner.amount, rate), winner.path);
  return legs.map((leg) => ({
    refAmount,
    rate: leg === winner ? rate : refAmount / leg.amount,
    refCurrencyId,
    pendingRefAmount: null,
    pendingRate: null,
  }));
}

/**
 * Of the legs of one transfer, the one whose figure both carry (docs/decisions.md): the leg in the
 * base currency, which is exact, else the outgoing one (the expense), at its rate of the day.
 */
export function neutralFigureOf<Leg extends { transactionType: string }>(
  legs: Leg[],
  inBase: (leg: Leg) => boolean,
): Leg {
  // Both legs in the base (a linked pair may differ by a fee): the outgoing one, as with neither.
  const exact = legs.filter(inBase);
  const candidates = exact.length > 0 ? exact : legs;
  return candidates.find((leg) => leg.transactionType === 'expense') ?? candidates[0]!;
}

/** The account field of a leg, which a missing rate is asked for on. */
const accountPathOf = (amountPath: string) => (amountPath === 'amount' ? 'accountId' : 'destinationAccountId');

/** A base-currency figure within the limit, or VALIDATION_ERROR on the amount that gave it. */
function boundedRef(refAmount: number, path: string): number {
  if (isWithinAmountLimit(refAmount)) return refAmount;
  throw validationError(path, 'amount.tooLargeInBase', { max: MAX_AMOUNT_TEXT });
}

/** The figures of an amount at a rate into the base currency (a bank import's: refused on `amount` past the limit). */
export function refsAt(amount: number, rate: number, refCurrencyId: number): Refs {
  return {
    refAmount: boundedRef(convertMinorUnits(amount, rate), 'amount'),
    rate,
    refCurrencyId,
    pendingRefAmount: null,
    pendingRate: null,
  };
}
