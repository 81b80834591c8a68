import type { BankUser } from '@kopiyka/shared';
import { Radio, Timer } from 'lucide-react';
import { useT } from '../../../lib/i18n.ts';
import { dateTimeFormat } from '../../../lib/locale.ts';

/**
 * What connecting did about live updates: on (Monobank sends each new transaction at once), or why
 * not and when the sync brings new transactions instead (docs/decisions.md "Live updates on connect").
 */
export function LiveUpdatesNote({ bankUser }: { bankUser: BankUser }) {
  const t = useT();
  const on = bankUser.webhookEnabled;
  const Icon = on ? Radio : Timer;
  let text = t('bank.live.on');
  if (!on) {
    text = bankUser.webhookAvailable ? t('bank.live.unreachable') : t('bank.live.noAddress');
    if (bankUser.nextSyncAt) {
      const time = dateTimeFormat({ timeStyle: 'short' }).format(new Date(bankUser.nextSyncAt));
      text = `${text} ${t('bank.live.nextSync', { time })}`;
    }
  }
  return (
    <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
