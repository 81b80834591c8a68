import type { MerchantRule } from '@kopiyka/shared';
import { ArrowRight, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCategoryById } from '../../../api/categories.ts';
import { useDeleteMerchantRule, useMerchantRules } from '../../../api/monobank.ts';
import { useSubmission } from '../../../api/submission.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { CategoryMark } from '../../../entities/categories/category-mark.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';
import { LoadFailed, LoadingRows } from './query-states.tsx';

function RuleRow({ rule }: { rule: MerchantRule }) {
  const category = useCategoryById().get(rule.categoryId);
  const forget = useDeleteMerchantRule();
  const t = useT();
  const submission = useSubmission({
    send: () => forget.mutateAsync(rule.id),
    onSuccess: () => notify('success', t('bank.rules.forgotten', { merchant: rule.merchant })),
  });
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="truncate font-medium">{rule.merchant}</span>
        <ArrowRight aria-label={t('bank.rules.goesTo')} className="size-3.5 shrink-0 text-muted-foreground" />
        <span className="flex min-w-0 items-center gap-1.5">
          {category ? <CategoryMark category={category} className="size-5" /> : null}
          <span className="truncate">{category?.name ?? t('bank.rules.deletedCategory')}</span>
        </span>
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-muted-foreground hover:text-destructive"
        aria-label={t('bank.rules.forgetFor', { merchant: rule.merchant })}
        title={t('bank.rules.forget')}
        disabled={forget.isPending}
        onClick={async () => {
          const refusal = await submission.submit();
          if (refusal) notify('error', refusal);
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

/** The categories remembered per merchant: bank transactions of that merchant get them when imported. */
export function MerchantRulesCard() {
  const rules = useMerchantRules();
  const t = useT();
  let content: ReactNode;
  if (rules.isPending) {
    content = <LoadingRows label={t('bank.rules.loading')} rowClassName="h-8" />;
  } else if (rules.isError) {
    content = <LoadFailed message={t('bank.rules.loadError')} query={rules} />;
  } else if (rules.data.length === 0) {
    content = <p className="text-sm text-muted-foreground">{t('bank.rules.empty')}</p>;
  } else {
    content = (
      <ul aria-label={t('bank.rules.list')} className="-my-2.5 flex flex-col divide-y">
        {rules.data.map((rule) => (
          <RuleRow key={rule.id} rule={rule} />
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bank.rules.title')}</CardTitle>
        <CardDescription>{t('bank.rules.description')}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
