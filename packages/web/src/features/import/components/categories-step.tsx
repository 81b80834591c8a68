import type { ImportCategoryChoice, ImportCategoryName } from '@kopiyka/shared';
import { Tags } from 'lucide-react';
import { useState } from 'react';
import { useCategories } from '../../../api/categories.ts';
import { useImportCategories } from '../../../api/imports.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CategoryPicker, categoryPath } from '../../../entities/transactions/pickers.tsx';
import { useT } from '../../../lib/i18n.ts';

/** What becomes of a name no category matches: Other (the default), a new category, or one chosen. */
type Choice = { kind: 'other' } | { kind: 'create' } | { kind: 'choose'; categoryId: number | null };
type ChoiceKind = Choice['kind'];

const OTHER: Choice = { kind: 'other' };

/** The choices the commit carries: Other needs none (unmatched names go there), nor does a match. */
export function categoryChoices(choices: Readonly<Record<string, Choice>>): ImportCategoryChoice[] {
  return Object.entries(choices).flatMap(([name, choice]): ImportCategoryChoice[] => {
    if (choice.kind === 'create') return [{ name, create: true }];
    if (choice.kind === 'choose' && choice.categoryId !== null) return [{ name, categoryId: choice.categoryId }];
    return [];
  });
}

function MatchedName({ item }: { item: ImportCategoryName & { categoryId: number } }) {
  const t = useT();
  const categories = useCategories();
  const path = categoryPath(categories, item.categoryId).map((category) => category.name);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <span className="min-w-0 font-medium break-words">{item.name}</span>
      <span className="text-sm text-muted-foreground">
        {t('import.categories.matched', { category: path.join(' › '), count: item.rows })}
      </span>
    </li>
  );
}

function UnknownName({
  item,
  choice,
  onChange,
}: {
  item: ImportCategoryName;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) {
  const t = useT();
  const id = `import-category-${encodeURIComponent(item.name)}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <label htmlFor={id} className="font-medium break-words">
          {item.name}
        </label>
        <span className="text-xs text-muted-foreground">{t('import.categories.rows', { count: item.rows })}</span>
      </div>
      <div className="flex flex-col gap-2 sm:w-80">
        <NativeSelect
          id={id}
          value={choice.kind}
          onChange={(event) => {
            const kind = event.target.value as ChoiceKind;
            onChange(kind === 'choose' ? { kind, categoryId: null } : { kind });
          }}
        >
          <option value="other">{t('import.categories.other')}</option>
          <option value="create">{t('import.categories.create', { name: item.name })}</option>
          <option value="choose">{t('import.categories.choose')}</option>
        </NativeSelect>
        {choice.kind === 'choose' ? (
          <>
            <label htmlFor={`${id}-picker`} className="sr-only">
              {t('import.categories.pick', { name: item.name })}
            </label>
            <CategoryPicker
              id={`${id}-picker`}
              value={choice.categoryId}
              onChange={(categoryId) => onChange({ kind: 'choose', categoryId })}
            />
          </>
        ) : null}
      </div>
    </li>
  );
}

type CategoriesStepProps = {
  importId: number;
  column: number;
  onBack: () => void;
  onImport: (choices: ImportCategoryChoice[]) => void;
  busy: boolean;
};

/** Step 3: the file's category names; those no category matches go to Other, a new category or one chosen. */
export function CategoriesStep({ importId, column, onBack, onImport, busy }: CategoriesStepProps) {
  const t = useT();
  const names = useImportCategories(importId, column);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const unknown = names.data?.filter((item) => item.categoryId === null) ?? [];
  const matched = (names.data ?? []).filter(
    (item): item is ImportCategoryName & { categoryId: number } => item.categoryId !== null,
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('import.categories.title')}</CardTitle>
        <CardDescription>{t('import.categories.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {names.isPending ? (
          <div role="status" aria-label={t('import.categories.loading')} className="flex flex-col gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : names.isError ? (
          <EmptyState
            icon={Tags}
            title={t('import.categories.loadError')}
            description={t('import.categories.loadErrorDescription')}
            action={<RetryButton onRetry={() => void names.refetch()} retrying={names.isFetching} />}
          />
        ) : names.data.length === 0 ? (
          <EmptyState
            icon={Tags}
            title={t('import.categories.none')}
            description={t('import.categories.noneDescription')}
          />
        ) : (
          <>
            {unknown.length > 0 ? (
              <section aria-labelledby="import-unknown-title">
                <h3 id="import-unknown-title" className="text-sm font-semibold">
                  {t('import.categories.unknown', { count: unknown.length })}
                </h3>
                <ul className="divide-y">
                  {unknown.map((item) => (
                    <UnknownName
                      key={item.name}
                      item={item}
                      choice={choices[item.name] ?? OTHER}
                      onChange={(choice) => setChoices((before) => ({ ...before, [item.name]: choice }))}
                    />
                  ))}
                </ul>
              </section>
            ) : null}
            {matched.length > 0 ? (
              <section aria-labelledby="import-matched-title">
                <h3 id="import-matched-title" className="text-sm font-semibold">
                  {t('import.categories.known', { count: matched.length })}
                </h3>
                <ul className="max-h-72 divide-y overflow-auto">
                  {matched.map((item) => (
                    <MatchedName key={item.name} item={item} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onImport(categoryChoices(choices))} disabled={busy || names.isPending}>
            {busy ? <Spinner /> : null}
            {t('import.start')}
          </Button>
          <Button variant="outline" onClick={onBack}>
            {t('import.back')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
