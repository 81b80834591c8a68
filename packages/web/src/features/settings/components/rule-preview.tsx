import { RULE_APPLY_SAMPLE } from '@kopiyka/shared';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { loadFailureText } from '../../../api/errors.ts';
import { useRulePreview } from '../../../api/rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import type { RuleForm } from './rule-editor.tsx';
import { type ConditionDraft, previewBody } from './rule-form.ts';
import { RuleSample } from './rule-sample.tsx';

/** How long typing must pause before the newest rows are asked about again. */
export const PREVIEW_DEBOUNCE_MS = 300;
/** Rows shown before "Show all": a phone keeps the actions in reach. */
const FIRST_ROWS = 4;

/** `value` once it has stayed the same for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Which of the newest bank and imported rows the conditions match, asked again as they are typed
 * (once typing pauses, and only once every condition can be read and passes the contract).
 */
export function RulePreview({ form, className }: { form: RuleForm; className?: string }) {
  const t = useT();
  const match = useWatch({ control: form.control, name: 'match' });
  const conditions = useWatch({ control: form.control, name: 'conditions' }) as ConditionDraft[];
  const body = previewBody({ match, conditions });
  // Compared as text: the body is made anew at each render.
  const settled = useSettled(body === null ? null : JSON.stringify(body), PREVIEW_DEBOUNCE_MS);
  const preview = useRulePreview(settled === null ? null : JSON.parse(settled));
  const [all, setAll] = useState(false);

  let status: string;
  if (body === null) status = t('rules.preview.incomplete');
  else if (preview.isError) status = t('rules.preview.failed');
  else if (!preview.data) status = t('rules.preview.looking');
  else if (preview.data.looked === 0) status = t('rules.preview.nothingYet');
  else status = t('rules.preview.matched', { matched: preview.data.matched, looked: preview.data.looked });

  const sample = body !== null && preview.data ? preview.data.sample : [];
  const shown = all ? sample : sample.slice(0, FIRST_ROWS);
  const busy = body !== null && (preview.isFetching || settled !== JSON.stringify(body));

  return (
    <section aria-labelledby="rule-preview" className={cn('flex flex-col gap-2 rounded-lg bg-muted/50 p-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <h3 id="rule-preview" className="text-sm font-semibold">
          {t('rules.preview.title')}
        </h3>
        {busy ? <Spinner className="text-muted-foreground" /> : null}
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {status}
        {preview.isError && body !== null ? ` ${loadFailureText(preview.error)}` : null}
      </p>
      {preview.isError && body !== null ? (
        <div>
          <RetryButton onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
        </div>
      ) : null}
      {shown.length > 0 ? <RuleSample transactions={shown} label={t('rules.preview.list')} /> : null}
      {sample.length > FIRST_ROWS && !all ? (
        <Button variant="link" size="sm" className="self-start" onClick={() => setAll(true)}>
          {t('rules.preview.showAll', { count: Math.min(sample.length, RULE_APPLY_SAMPLE) })}
        </Button>
      ) : null}
    </section>
  );
}
