import { Bitcoin } from 'lucide-react';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function CryptoPage() {
  const baseCode = useBaseCurrencyCode();
  return (
    <EmptyCard
      icon={Bitcoin}
      title="Crypto balances will appear here"
      description={`Connect a Binance account with read-only API keys to see your coins valued${baseCode ? ` in ${baseCode}` : ''}, next to your other accounts.`}
    />
  );
}
