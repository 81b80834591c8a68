import { Bitcoin } from 'lucide-react';
import { Link } from 'react-router';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

/**
 * Binance holdings are planned but cannot be linked yet: the page says so, and points to what
 * works today, an account of the Crypto category kept by hand (coins are no currency here).
 */
export function CryptoPage() {
  const baseCode = useBaseCurrencyCode();
  return (
    <EmptyCard
      icon={Bitcoin}
      title="Binance holdings are coming"
      description={
        <>
          Kopiyka will show your Binance coins valued{baseCode ? ` in ${baseCode}` : ''}, next to your other accounts.
          Linking a Binance account is not available yet. Until then, track crypto by hand: add an account in the Crypto
          category, in a currency such as USD, and update its balance as its value changes.
        </>
      }
      action={
        <Button asChild>
          <Link to="/create-account">Add a crypto account</Link>
        </Button>
      }
    />
  );
}
