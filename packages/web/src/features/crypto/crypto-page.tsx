import { Bitcoin } from 'lucide-react';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { useSessionStore } from '../../stores/session.ts';

export function CryptoPage() {
  const baseCode = useSessionStore((state) => state.baseCurrency?.currency.code);
  return (
    <EmptyCard
      icon={Bitcoin}
      title="Crypto balances will appear here"
      description={`Connect a Binance account with read-only API keys to see your coins valued${baseCode ? ` in ${baseCode}` : ''}, next to your other accounts.`}
    />
  );
}
