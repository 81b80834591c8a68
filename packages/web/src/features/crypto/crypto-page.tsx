import { Bitcoin } from 'lucide-react';
import { Link } from 'react-router';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * Binance holdings are planned but cannot be linked yet: the page says so, and points to what
 * works today, an account of the Crypto category kept by hand (coins are no currency here).
 */
export function CryptoPage() {
  const baseCode = useBaseCurrencyCode();
  const t = useT();
  return (
    <EmptyCard
      icon={Bitcoin}
      title={t('crypto.title')}
      description={t('crypto.description', { code: baseCode ?? '', known: baseCode ? 'yes' : 'no' })}
      action={
        <Button asChild>
          <Link to="/create-account">{t('crypto.add')}</Link>
        </Button>
      }
    />
  );
}
