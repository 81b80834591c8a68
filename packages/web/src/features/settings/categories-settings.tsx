import type { Category, CategoryNode, UpdateCategoryBody } from '@kopiyka/shared';
import {
  ChevronRight,
  ChevronsDownUp,
  ChevronsUpDown,
  FolderInput,
  FolderTree,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useCategoryTree, useUpdateCategory } from '../../api/categories.ts';
import { useUpdateUserSettings, useUserSettings } from '../../api/settings.ts';
import { useSubmission } from '../../api/submission.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { RowActions } from '../../components/ui/row-actions.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { CATEGORY_SWATCHES } from '../../entities/categories/category-look.ts';
import { CategoryMark } from '../../entities/categories/category-mark.tsx';
import { categoryChoices, filterCategoryTree, findCategory } from '../../entities/categories/category-tree.ts';
import { useT } from '../../lib/i18n.ts';
import { indentLabel } from '../../lib/tree.ts';
import { cn } from '../../lib/utils.ts';
import { notify } from '../../stores/notifications.ts';
import { CategoryFormDialog, type CategoryFormTarget } from './components/category-form-dialog.tsx';
import { DeleteCategoryDialog } from './components/delete-category-dialog.tsx';
import { MoveDialog } from './components/move-dialog.tsx';

/** The name with the part that matches the search marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const needle = query.trim().toLocaleLowerCase();
  const at = needle === '' ? -1 : text.toLocaleLowerCase().indexOf(needle);
  if (at === -1) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded-sm bg-primary/25 text-foreground">{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

type Dialog =
  | { kind: 'form'; target: CategoryFormTarget }
  | { kind: 'move'; category: CategoryNode }
  | { kind: 'delete'; category: CategoryNode }
  | null;

type RowContext = {
  query: string;
  isExpanded: (id: number) => boolean;
  toggle: (id: number) => void;
  open: (dialog: Dialog) => void;
  exclusion: ExclusionControl;
};

type ExclusionControl = {
  /** False while the settings load or after they failed. */
  ready: boolean;
  isExcluded: (id: number) => boolean;
  setExcluded: (category: Category, excluded: boolean) => void;
};

type ExclusionSwitchProps = {
  category: Category;
  exclusion: ExclusionControl;
  /** The nearest ancestor left out of statistics: its whole subtree is left out with it. */
  excludedWith: Category | null;
};

/**
 * The switches line up in a column under the list's "Exclude from stats" heading, at every depth.
 * Under an excluded category a switch shows on and cannot be flipped: statistics leave the whole
 * subtree out, so only the ancestor's switch changes that.
 */
function ExclusionSwitch({ category, exclusion, excludedWith }: ExclusionSwitchProps) {
  const t = useT();
  return (
    <Switch
      checked={excludedWith !== null || exclusion.isExcluded(category.id)}
      disabled={!exclusion.ready || excludedWith !== null}
      onCheckedChange={(excluded) => exclusion.setExcluded(category, excluded)}
      aria-label={t('categories.exclude', { name: category.name })}
      title={excludedWith ? t('categories.excludedWith', { name: excludedWith.name }) : undefined}
    />
  );
}

type CategoryRowProps = {
  node: CategoryNode;
  depth: number;
  context: RowContext;
  excludedWith: Category | null;
};

function CategoryRow({ node, depth, context, excludedWith }: CategoryRowProps) {
  const internal = node.type === 'internal';
  const hasChildren = node.subCategories.length > 0;
  const expanded = hasChildren && context.isExpanded(node.id);
  const childrenId = useId();
  const t = useT();
  return (
    <li>
      <div
        className="flex min-h-12 items-center gap-2 rounded-lg pr-1 hover:bg-accent/50"
        style={{ paddingLeft: `${depth * 1.5 + 0.25}rem` }}
      >
        {hasChildren ? (
          <button
            type="button"
            onClick={() => context.toggle(node.id)}
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={t(expanded ? 'categories.collapse' : 'categories.expand', { name: node.name })}
            className="flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <ChevronRight aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-90')} />
          </button>
        ) : (
          <span aria-hidden="true" className="size-7 shrink-0" />
        )}
        <CategoryMark category={node} />
        <div className="flex min-w-0 flex-1 flex-col py-1.5">
          {/* The badge goes under a name it would crowd ("Ot…" at phone width), never over it. */}
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className={cn('max-w-full truncate', depth === 0 && 'font-medium')}>
              <Highlighted text={node.name} query={context.query} />
            </span>
            {internal ? <Badge>{t('categories.builtIn')}</Badge> : null}
          </span>
          {internal ? <span className="text-xs text-muted-foreground">{t('categories.internalNote')}</span> : null}
          {hasChildren && !expanded ? (
            <span className="text-xs text-muted-foreground">
              {t('categories.subcategoryCount', { count: node.subCategories.length })}
            </span>
          ) : null}
        </div>
        <ExclusionSwitch category={node} exclusion={context.exclusion} excludedWith={excludedWith} />
        <RowActions label={t('categories.actions', { name: node.name })}>
          <DropdownMenuItem onSelect={() => context.open({ kind: 'form', target: { kind: 'edit', category: node } })}>
            <Pencil aria-hidden="true" />
            {t('categories.edit')}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => context.open({ kind: 'form', target: { kind: 'create', parent: node, color: node.color } })}
          >
            <Plus aria-hidden="true" />
            {t('categories.addSubcategory')}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={internal} onSelect={() => context.open({ kind: 'move', category: node })}>
            <FolderInput aria-hidden="true" />
            {t('groups.moveTo')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            destructive
            disabled={internal}
            onSelect={() => context.open({ kind: 'delete', category: node })}
          >
            <Trash2 aria-hidden="true" />
            {t('categories.delete')}
          </DropdownMenuItem>
        </RowActions>
      </div>
      {expanded ? (
        <ul id={childrenId} aria-label={t('categories.subcategoriesOf', { name: node.name })}>
          {node.subCategories.map((child) => (
            <CategoryRow
              key={child.id}
              node={child}
              depth={depth + 1}
              context={context}
              excludedWith={excludedWith ?? (context.exclusion.isExcluded(node.id) ? node : null)}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The statistics exclusions of user settings, saved as each switch flips. */
function useExclusions(): ExclusionControl & { failed: boolean; retry: () => void; retrying: boolean } {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const t = useT();
  const submission = useSubmission({
    send: ({ excludedCategoryIds }: { excludedCategoryIds: number[]; done: string }) =>
      update.mutateAsync({ stats: { excludedCategoryIds } }),
    onSuccess: (_settings, { done }) => notify('success', done),
  });
  const excluded = settings.data?.stats.excludedCategoryIds ?? [];
  return {
    ready: settings.isSuccess,
    failed: settings.isError,
    retry: () => void settings.refetch(),
    retrying: settings.isFetching,
    isExcluded: (id) => excluded.includes(id),
    setExcluded: async (category, exclude) => {
      const excludedCategoryIds = exclude
        ? [...excluded, category.id]
        : excluded.filter((categoryId) => categoryId !== category.id);
      const refusal = await submission.submit({
        excludedCategoryIds,
        done: exclude
          ? t('categories.excluded', { name: category.name })
          : t('categories.included', { name: category.name }),
      });
      if (refusal) notify('error', refusal);
    },
  };
}

function CategoriesManager({ tree }: { tree: CategoryNode[] }) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const updateCategory = useUpdateCategory();
  const move = useSubmission({
    send: ({ id, body }: { id: number; body: UpdateCategoryBody; done: string }) =>
      updateCategory.mutateAsync({ id, body }),
    onSuccess: (_category, { done }) => notify('success', done),
  });
  const exclusions = useExclusions();
  const searchId = useId();
  const t = useT();
  const filtered = useMemo(() => filterCategoryTree(tree, query), [tree, query]);
  const searching = query.trim() !== '';
  const parents = useMemo(
    () =>
      categoryChoices(tree)
        .filter(({ node }) => node.subCategories.length > 0)
        .map(({ node }) => node.id),
    [tree],
  );
  const allExpanded = parents.length > 0 && parents.every((id) => expanded.has(id));

  const context: RowContext = {
    query,
    // While searching, every branch that is shown is open: the matches are the point.
    isExpanded: (id) => searching || expanded.has(id),
    toggle: (id) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    open: setDialog,
    exclusion: exclusions,
  };

  let list: ReactNode;
  if (tree.length === 0) {
    list = (
      <EmptyState
        icon={FolderTree}
        title={t('categories.empty.title')}
        description={t('categories.empty.description')}
      />
    );
  } else if (filtered.length === 0) {
    list = (
      <p className="py-8 text-center text-sm text-muted-foreground">
        {t('categories.noMatch', { query: query.trim() })}
      </p>
    );
  } else {
    list = (
      <div className="flex flex-col">
        <div aria-hidden="true" className="flex justify-between gap-4 border-b px-1 pb-2 text-xs text-muted-foreground">
          <span>{t('categories.column.category')}</span>
          <span className="mr-10 w-16 text-center leading-tight">{t('categories.column.exclude')}</span>
        </div>
        <ul aria-label={t('page.categories')} className="flex flex-col">
          {filtered.map((node) => (
            <CategoryRow key={node.id} node={node} depth={0} context={context} excludedWith={null} />
          ))}
        </ul>
      </div>
    );
  }

  const moving = dialog?.kind === 'move' ? dialog.category : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t('categories.search')}
          </label>
          <SearchInput
            id={searchId}
            type="search"
            placeholder={t('categories.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        {/* The buttons keep their words on one line; where both do not fit beside each other (a phone in Ukrainian), each takes a line. */}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="flex-auto sm:flex-none"
            disabled={searching || parents.length === 0}
            onClick={() => setExpanded(allExpanded ? new Set() : new Set(parents))}
          >
            {allExpanded ? (
              <ChevronsDownUp aria-hidden="true" className="size-4" />
            ) : (
              <ChevronsUpDown aria-hidden="true" className="size-4" />
            )}
            {allExpanded ? t('categories.collapseAll') : t('categories.expandAll')}
          </Button>
          <Button
            className="flex-auto sm:flex-none"
            onClick={() =>
              setDialog({
                kind: 'form',
                target: {
                  kind: 'create',
                  parent: null,
                  color: CATEGORY_SWATCHES[tree.length % CATEGORY_SWATCHES.length] ?? CATEGORY_SWATCHES[0],
                },
              })
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('categories.add')}
          </Button>
        </div>
      </div>
      {exclusions.failed ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
          {t('categories.exclusionsLoadError')}
          <RetryButton onRetry={exclusions.retry} retrying={exclusions.retrying} />
        </div>
      ) : null}
      {list}

      {dialog?.kind === 'form' ? <CategoryFormDialog target={dialog.target} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteCategoryDialog category={dialog.category} tree={tree} onClose={() => setDialog(null)} />
      ) : null}
      {moving ? (
        <MoveDialog
          title={t('categories.move.title', { name: moving.name })}
          description={t('categories.move.description')}
          label={t('categories.move.label')}
          initialValue={String(moving.parentId ?? '')}
          // It cannot go under itself or its own subcategories: those are not offered.
          options={
            <>
              <option value="">{t('categories.move.topLevel')}</option>
              {categoryChoices(tree, moving.id).map(({ node, depth }) => (
                <option key={node.id} value={node.id}>
                  {indentLabel(node.name, depth)}
                </option>
              ))}
            </>
          }
          onMove={(value) => {
            const parentId = value === '' ? null : Number(value);
            const parentName = parentId === null ? null : findCategory(tree, parentId)?.name;
            return move.submit({
              id: moving.id,
              body: { parentId },
              done: parentName
                ? t('categories.move.done', { name: moving.name, parent: parentName })
                : t('categories.move.toTop', { name: moving.name }),
            });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}

export function CategoriesSettings() {
  const { tree, status, reload } = useCategoryTree();
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('page.categories')}</CardTitle>
        <CardDescription>{t('categories.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {status === 'error' ? (
          <EmptyState
            icon={FolderTree}
            title={t('error.categoriesLoad')}
            description={t('categoriesSettings.loadError')}
            action={<RetryButton onRetry={reload} />}
          />
        ) : status === 'ready' ? (
          <CategoriesManager tree={tree} />
        ) : (
          <div role="status" aria-label={t('categoriesSettings.loading')} className="flex flex-col gap-4">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-6 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
