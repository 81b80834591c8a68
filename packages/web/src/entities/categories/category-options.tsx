import { TRANSACTIONS_PAGE_MAX, type TransactionType } from '@kopiyka/shared';
import { useMemo, useState } from 'react';
import { useCategoryTree } from '../../api/categories.ts';
import { useLatestTransactions } from '../../api/stats.ts';
import { OptionList } from '../../components/option-list.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { CategoryMark } from './category-mark.tsx';
import { bestCategoryMatch, categoryUseOf, rankCategoryTree } from './category-ranking.ts';
import { categoryChoices, filterCategoryTree } from './category-tree.ts';

type CategoryOptionsProps = {
  selected: readonly number[];
  /** Choosing a category; with `multiple`, choosing a chosen one unchooses it. */
  onSelect: (id: number) => void;
  multiple?: boolean;
  /** The type of the transaction the category is for: its categories come first, the most used first. */
  type?: TransactionType;
};

/** The category tree as a searchable list to choose from, each with its colour mark; for a picker's panel. */
export function CategoryOptions({ selected, onSelect, multiple, type }: CategoryOptionsProps) {
  const [query, setQuery] = useState('');
  const { tree, status, reload } = useCategoryTree();
  // What the person used lately: as many of their newest transactions as one page holds.
  const { data: recent } = useLatestTransactions(TRANSACTIONS_PAGE_MAX, type !== undefined);
  const t = useT();
  const ranked = useMemo(
    () => (type === undefined ? tree : rankCategoryTree(tree, categoryUseOf(recent ?? []), type)),
    [tree, recent, type],
  );
  const choices = useMemo(() => categoryChoices(filterCategoryTree(ranked, query)), [ranked, query]);
  const options = useMemo(
    () =>
      choices.map(({ node, depth }) => ({
        id: node.id,
        label: node.name,
        depth,
        mark: <CategoryMark category={node} className="size-6" />,
      })),
    [choices],
  );
  if (status === 'error') {
    return (
      <div className="flex flex-col items-center gap-3 px-3 py-6 text-center text-sm text-muted-foreground">
        {t('categories.loadError')}
        <RetryButton onRetry={() => void reload()} />
      </div>
    );
  }
  if (status !== 'ready') {
    return (
      <div role="status" className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-muted-foreground">
        <Spinner /> {t('categories.loading')}
      </div>
    );
  }
  return (
    <OptionList
      options={options}
      query={query}
      onQueryChange={setQuery}
      selected={selected}
      preferredId={bestCategoryMatch(choices, query)}
      onSelect={onSelect}
      multiple={multiple}
      label={t('categories.label')}
      searchPlaceholder={t('categories.search')}
      emptyText={t('categories.noMatch', { query: query.trim() })}
    />
  );
}
