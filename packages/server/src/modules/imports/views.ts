import type { Category, Import, ServerEvent } from '@kopiyka/shared';
import type { ImportViewRow } from './queries.ts';

export function importView(row: ImportViewRow): Import {
  return {
    id: row.id,
    accountId: row.accountId,
    fileName: row.fileName,
    state: row.state,
    done: row.done,
    total: row.total,
    imported: row.imported,
    duplicates: row.duplicates,
    failed: row.failed,
    failedCount: row.failedCount,
    error: row.error,
    ...(row.errorIssue ? { errorIssue: row.errorIssue } : {}),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The `import` event of an import as it stands: its state and counts (`importProgressSchema`). */
export function importEvent(row: ImportViewRow): ServerEvent {
  const { failed: _failed, error: _error, errorIssue: _errorIssue, ...progress } = importView(row);
  return { type: 'import', import: progress };
}

/** How a category name of a file is compared: trimmed, case-insensitive. */
export const categoryKey = (name: string) => name.trim().toLocaleLowerCase();

/** The user's categories by their path ("Food / Cafes") and by their bare name, as categoryKey writes them. */
export function categoryLookup(categories: Category[]): (name: string) => number | undefined {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const pathOf = (category: Category): string => {
    const parent = category.parentId === null ? undefined : byId.get(category.parentId);
    return parent ? `${pathOf(parent)} / ${category.name}` : category.name;
  };
  const byPath = new Map(categories.map((category) => [categoryKey(pathOf(category)), category.id]));
  const byName = new Map<string, number>();
  // The first of equal names (by id) wins: roots are created before their children.
  for (const category of categories) {
    if (!byName.has(categoryKey(category.name))) byName.set(categoryKey(category.name), category.id);
  }
  return (name) => byPath.get(categoryKey(name)) ?? byName.get(categoryKey(name));
}
