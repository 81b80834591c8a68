import { ChartArea, ChartColumn, ChartPie, type LucideIcon, ReceiptText, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatMonth, parseMonth } from '../../lib/dates.ts';
import { useSessionStore } from '../../stores/session.ts';
import { MonthSwitcher } from './month-switcher.tsx';

type WidgetProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  action?: ReactNode;
  className?: string;
};

/** A dashboard card. Until accounts and transactions exist, each one says what will fill it. */
function Widget({ title, description, icon, emptyTitle, emptyDescription, action, className }: WidgetProps) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-center">
        <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} action={action} />
      </CardContent>
    </Card>
  );
}

function AddAccountLink({ children = 'Add account' }: { children?: string }) {
  return (
    <Button asChild size="sm">
      <Link to="/create-account">{children}</Link>
    </Button>
  );
}

export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const month = parseMonth(searchParams.get('month'));
  const monthLabel = formatMonth(month);
  const baseCode = useSessionStore((state) => state.baseCurrency?.currency.code);
  const inBase = baseCode ? ` in ${baseCode}` : '';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Your money at a glance{inBase}.</p>
        <MonthSwitcher
          month={month}
          onChange={(next) => setSearchParams((params) => ({ ...Object.fromEntries(params), month: next }))}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Widget
          title="Total balance"
          description={`Everything you own${inBase}, now`}
          icon={Wallet}
          emptyTitle="No balance yet"
          emptyDescription="Add your first account to see your balance."
          action={<AddAccountLink />}
        />
        <Widget
          title="Balance trend"
          description={`Daily total${inBase}, ${monthLabel}`}
          icon={ChartArea}
          emptyTitle="No trend to draw yet"
          emptyDescription="Add an account and record transactions to see how your balance changes day by day."
          className="xl:col-span-2"
        />
        <Widget
          title="Expenses structure"
          description={`Spending by category, ${monthLabel}`}
          icon={ChartPie}
          emptyTitle="No expenses this month"
          emptyDescription="Record expenses with categories to see where your money goes."
        />
        <Widget
          title="Cash flow"
          description={`Income and expenses over the six months to ${monthLabel}`}
          icon={ChartColumn}
          emptyTitle="No income or expenses yet"
          emptyDescription="Income and expenses you record will be compared month by month here."
          className="xl:col-span-2"
        />
        <Widget
          title="Latest records"
          description="Your most recent transactions"
          icon={ReceiptText}
          emptyTitle="No records yet"
          emptyDescription="Add an account, then record your first income or expense; the latest ones will show up here."
          action={<AddAccountLink>Add your first account</AddAccountLink>}
          className="md:col-span-2 xl:col-span-3"
        />
      </div>
    </div>
  );
}
