import { formatCompactMoney, formatMoney, formatSignedMoney } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';

type MoneyProps = {
  /** The amount in minor units. For income and expense, the positive amount (the transaction type gives the direction). */
  minor: number;
  currency: string;
  /**
   * income: green, with a plus; expense: default colour, with a minus; balance: as it is, red when
   * below zero.
   */
  kind?: 'income' | 'expense' | 'balance';
  /** The short form ("UAH 1.2m"); the full amount stays available to screen readers and on hover. */
  compact?: boolean;
  /** A headline figure: it may break across lines (at a space, or within the digits) rather than overflow its box. */
  wrap?: boolean;
  className?: string;
};

/** An amount of money, in figures that line up in columns. */
export function Money({ minor, currency, kind = 'balance', compact = false, wrap = false, className }: MoneyProps) {
  const signedMinor = kind === 'expense' ? -Math.abs(minor) : kind === 'income' ? Math.abs(minor) : minor;
  const full = kind === 'balance' ? formatMoney(signedMinor, currency) : formatSignedMoney(signedMinor, currency);
  const classes = cn(
    wrap ? '[overflow-wrap:anywhere]' : 'whitespace-nowrap',
    'tabular-nums',
    kind === 'income' && signedMinor !== 0 && 'text-success',
    kind === 'balance' && signedMinor < 0 && 'text-destructive',
    className,
  );
  if (!compact) return <span className={classes}>{full}</span>;
  return (
    <span className={classes} title={full}>
      <span aria-hidden="true">{formatCompactMoney(signedMinor, currency)}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
