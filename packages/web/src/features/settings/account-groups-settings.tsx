import { Layers } from 'lucide-react';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function AccountGroupsSettings() {
  return (
    <EmptyCard
      icon={Layers}
      title="Account groups will appear here"
      description="Groups such as Family or Savings gather accounts, so the accounts list and the sidebar show them together."
    />
  );
}
