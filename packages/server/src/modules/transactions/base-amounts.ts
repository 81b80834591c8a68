/**
 * A transaction's figures in the user's base currency (DESIGN.md "Multi-currency semantics"):
 * `refAmount` at the rate of the transaction's day, and the rate it used.
 */
import { convertMinorUnits } from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findBaseCurrency } from '../currencies/service.ts';
import type { RateSession } from '../rates/service.ts';
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
  const base = await findBaseCurrency(db, userId);
  if (!base) throw new AppError('CONFLICT', 'Choose your base currency first.');
  return base;
}

/**
 * Base-currency figures of one transaction or of both legs of a transfer. A transfer is
 * neutral in the base currency: when one leg is in it, both legs carry that leg's amount.
 */
export async function refsFor(
  session: RateSession,
  base: { currencyId: number; currency: { code: string } },
  first: { account: InCurrency; amount: number; time: Date },
  transfer: { destination: InCurrency; destinationAmount: number } | undefined,
): Promise<Refs[]> {
  const legs = [
    { ...first, path: 'accountId' },
    ...(transfer
      ? [
          {
            account: transfer.destination,
            amount: transfer.destinationAmount,
            time: first.time,
            path: 'destinationAccountId',
          },
        ]
      : []),
  ];
  const baseCode = base.currency.code;
  const refCurrencyId = base.currencyId;
  const inBase = legs.find((leg) => leg.account.currencyCode === baseCode);
  if (legs.length === 2 && inBase) {
    return legs.map((leg) => ({
      refAmount: inBase.amount,
      rate: inBase.amount / leg.amount,
      refCurrencyId,
      pendingRefAmount: null,
      pendingRate: null,
    }));
  }
  const refs: Refs[] = [];
  for (const leg of legs) {
    const quote = await session.require(leg.account.currencyCode, baseCode, dayOf(leg.time), leg.path);
    refs.push(refsAt(leg.amount, quote.rate, refCurrencyId));
  }
  return refs;
}

/** The figures of an amount at a rate into the base currency. */
export function refsAt(amount: number, rate: number, refCurrencyId: number): Refs {
  return { refAmount: convertMinorUnits(amount, rate), rate, refCurrencyId, pendingRefAmount: null, pendingRate: null };
}
