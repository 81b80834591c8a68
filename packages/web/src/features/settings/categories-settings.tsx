import type { CategoryNode } from '@kopiyka/shared';
import { FolderTree, RotateCw } from 'lucide-react';
import { useCategoryTree } from '../../api/categories.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

function CategoryRow({ category }: { category: CategoryNode }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex w-56 shrink-0 items-center gap-2.5">
        <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
        <span className="font-medium">{category.name}</span>
        {category.type === 'internal' ? (
          <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">system</span>
        ) : null}
      </div>
      {category.subCategories.length > 0 ? (
        <ul aria-label={`${category.name} subcategories`} className="flex flex-wrap gap-1.5 pl-5.5 sm:pl-0">
          {category.subCategories.map((sub) => (
            <li key={sub.id} className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">
              {sub.name}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function CategoriesSettings() {
  const { tree, status, reload } = useCategoryTree();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Categories</CardTitle>
        <CardDescription>Every transaction gets a category; budgets and statistics group by them.</CardDescription>
      </CardHeader>
      <CardContent>
        {status === 'error' ? (
          <EmptyState
            icon={FolderTree}
            title="Cannot load categories"
            description="Your categories could not be loaded."
            action={
              <Button variant="outline" size="sm" onClick={reload}>
                <RotateCw aria-hidden="true" className="size-4" />
                Try again
              </Button>
            }
          />
        ) : status === 'ready' && tree.length === 0 ? (
          <EmptyState
            icon={FolderTree}
            title="No categories yet"
            description="Categories you create will be listed here."
          />
        ) : status === 'ready' ? (
          <ul className="divide-y">
            {tree.map((category) => (
              <CategoryRow key={category.id} category={category} />
            ))}
          </ul>
        ) : (
          <div role="status" aria-label="Loading categories" className="flex flex-col gap-4">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-6 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
