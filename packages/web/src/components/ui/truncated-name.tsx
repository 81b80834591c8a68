import { cn } from '../../lib/utils.ts';

/** A bank card's masked number at the end of an account's name: " •4821". */
const CARD_NUMBER_TAIL = /\s•\d{4}$/;

type TruncatedNameProps = { name: string; className?: string };

/**
 * A name cut with an ellipsis where the room ends, except a card's last four digits, which tell
 * two cards apart and so stay in view: "Monobank Bla… •4821".
 */
export function TruncatedName({ name, className }: TruncatedNameProps) {
  const tail = CARD_NUMBER_TAIL.exec(name)?.[0];
  if (tail === undefined) return <span className={cn('truncate', className)}>{name}</span>;
  return (
    <span className={cn('flex min-w-0', className)}>
      <span className="truncate">{name.slice(0, -tail.length)}</span>
      <span className="shrink-0 whitespace-pre">{tail}</span>
    </span>
  );
}
