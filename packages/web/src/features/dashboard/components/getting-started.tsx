import { Circle, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBankUser } from '../../../api/monobank.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConnectMonobankButton } from '../../../entities/monobank/connect-monobank-button.tsx';
import { AddTransactionButton } from '../../../entities/transactions/add-transaction-button.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { DashboardContext } from './dashboard-context.ts';

type Step = {
  title: string;
  done: boolean;
  /** What the step is for, or why it has to wait; shown until it is done. */
  hint?: string;
  /** How to take it, while it is not done. */
  action?: ReactNode;
};

/** Whether the dashboard opens with the checklist: until the person has an account and a transaction. */
export const isSettingUp = (context: DashboardContext) => context.noAccounts || context.noTransactions;

/**
 * A new person's first steps, each ticked as it is taken, and the one place on the dashboard
 * that says what to do next. It goes once there is an account and a transaction; connecting a
 * bank is offered, not required.
 */
export function GettingStarted({ context }: { context: DashboardContext }) {
  const bankUser = useBankUser();
  const hasAccount = !context.noAccounts;
  const t = useT();
  const steps: Step[] = [
    // The dashboard opens only once it is chosen.
    { title: t('dashboard.start.currency'), done: true },
    {
      title: t('dashboard.start.account'),
      done: hasAccount,
      hint: t('dashboard.start.accountHint'),
      action: (
        <Button asChild>
          <Link to="/create-account">{t('dashboard.start.addAccount')}</Link>
        </Button>
      ),
    },
    {
      title: t('dashboard.start.transaction'),
      done: !context.noTransactions,
      hint: hasAccount ? t('dashboard.start.transactionHint') : t('dashboard.start.transactionWaits'),
      action: hasAccount ? <AddTransactionButton /> : null,
    },
  ];
  // Offered once it is known whether the bank is connected.
  if (bankUser.data !== undefined) {
    steps.push({
      title: t('dashboard.start.bank'),
      done: bankUser.data !== null,
      hint: t('dashboard.start.bankHint'),
      action: <ConnectMonobankButton variant="outline" />,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.start.title')}</CardTitle>
        <CardDescription>{t('dashboard.start.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol aria-label={t('dashboard.start.label')} className="flex flex-col divide-y divide-border">
          {steps.map((step) => (
            <li key={step.title} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              {step.done ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              {/* On a phone the action goes under the step rather than squeezing it. */}
              <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2">
                <div className="flex min-w-48 flex-1 flex-col">
                  <p className={step.done ? 'text-muted-foreground' : 'font-medium'}>
                    <span className="sr-only">
                      {step.done ? t('dashboard.start.done') : t('dashboard.start.toDo')}{' '}
                    </span>
                    {step.title}
                  </p>
                  {step.hint && !step.done ? <p className="text-sm text-muted-foreground">{step.hint}</p> : null}
                </div>
                {step.done ? null : step.action}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
