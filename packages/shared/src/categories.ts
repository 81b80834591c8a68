import { z } from 'zod';
import { idSchema, idTextSchema } from './ids.ts';
import { issue } from './issues.ts';
import { freeText } from './text.ts';

export const CATEGORY_TYPES = ['custom', 'internal'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  type: z.enum(CATEGORY_TYPES),
  parentId: z.number().int().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

export const CATEGORY_NAME_MAX = 200;
export const CATEGORY_ICON_MAX = 64;
/** The most categories one user may have, the default tree's included (as many as statistics may leave out). */
export const CATEGORIES_MAX = 500;

const categoryNameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(CATEGORY_NAME_MAX, issue('name.tooLong', { max: CATEGORY_NAME_MAX }));
export const categoryColorSchema = z
  .string(issue('colour.required'))
  .regex(/^#[0-9a-fA-F]{6}$/, issue('colour.format'))
  .transform((c) => c.toLowerCase());
const categoryIconSchema = freeText(z.string(issue('icon.notText')).trim(), 'icon')
  .min(1, issue('icon.empty'))
  .max(CATEGORY_ICON_MAX, issue('icon.tooLong', { max: CATEGORY_ICON_MAX }));

export const createCategoryBodySchema = z.object({
  name: categoryNameSchema,
  /** Inherited from the parent when omitted. */
  color: categoryColorSchema.optional(),
  icon: categoryIconSchema.nullable().optional(),
  parentId: idSchema.nullable().optional(),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

export const updateCategoryBodySchema = z
  .object({
    name: categoryNameSchema,
    color: categoryColorSchema,
    icon: categoryIconSchema.nullable(),
    parentId: idSchema.nullable(),
  })
  .partial();
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;

export const categoryParamsSchema = z.object({ categoryId: idTextSchema });

/** Deleting a category in use can first move its subcategories and transactions to another. */
export const deleteCategoryQuerySchema = z.object({ moveTo: idTextSchema.optional() });

/** The client builds the tree from parentId. */
export type CategoryNode = Category & { subCategories: CategoryNode[] };

/**
 * The ids above `id` in a tree given by `parentOf` (categories, account groups), nearest first.
 * The walk stops at an id it has met before, so it ends even on a loop in corrupt data.
 */
export function ancestorIds(id: number, parentOf: (id: number) => number | null | undefined): number[] {
  const ancestors: number[] = [];
  const seen = new Set<number>();
  for (let at = parentOf(id); at != null && !seen.has(at); at = parentOf(at)) {
    seen.add(at);
    ancestors.push(at);
  }
  return ancestors;
}

/** True when walking up from `id` comes back to `id`: a loop no tree may hold. */
export function isInParentLoop(id: number, parentOf: (id: number) => number | null | undefined): boolean {
  return ancestorIds(id, parentOf).includes(id);
}

export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const category of categories) nodes.set(category.id, { ...category, subCategories: [] });
  const parentOf = (id: number) => nodes.get(id)?.parentId;
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    // An orphan (its parent not in the list), or a member of a loop in corrupt data, is shown at
    // the root rather than lost: from there it can be moved back into place.
    if (parent && !isInParentLoop(node.id, parentOf)) parent.subCategories.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The stable name of a category of the default tree, whatever the user renames it to:
 * `food-drinks` for a root, `food-drinks/groceries` for one of its children.
 */
export function defaultCategoryKey(rootName: string, childName?: string): string {
  const slug = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return childName === undefined ? slug(rootName) : `${slug(rootName)}/${slug(childName)}`;
}

/** The tree every new user starts with; subcategories take the root colour. */
export const DEFAULT_CATEGORY_TREE: ReadonlyArray<{
  name: string;
  color: string;
  type?: CategoryType;
  children: readonly string[];
}> = [
  { name: 'Food & Drinks', color: '#e74c3c', children: ['Groceries', 'Restaurants, fast food', 'Bars, cafés'] },
  {
    name: 'Shopping',
    color: '#3498db',
    children: [
      'Clothes & shoes',
      'Jewellery, accessories',
      'Health & beauty',
      'Kids',
      'Home, garden',
      'Pets',
      'Electronics',
      'Gifts',
      'Stationery, tools',
      'Free time',
      'Pharmacy',
    ],
  },
  {
    name: 'Housing',
    color: '#e67e22',
    children: ['Rent', 'Mortgage', 'Energy, utilities', 'Services', 'Maintenance, repairs', 'Property insurance'],
  },
  {
    name: 'Transportation',
    color: '#95a5a6',
    children: ['Public transport', 'Taxi', 'Long distance', 'Business trips'],
  },
  {
    name: 'Vehicle',
    color: '#8e44ad',
    children: ['Fuel', 'Parking', 'Vehicle maintenance', 'Rentals', 'Vehicle insurance', 'Leasing'],
  },
  {
    name: 'Life & Entertainment',
    color: '#2ecc71',
    children: [
      'Health care, doctor',
      'Wellness, beauty',
      'Sport, fitness',
      'Culture, events',
      'Hobbies',
      'Education',
      'Books, audio, subscriptions',
      'TV, streaming',
      'Holidays, trips, hotels',
      'Charity, gifts',
      'Alcohol, tobacco',
      'Lottery, gambling',
    ],
  },
  {
    name: 'Communication, PC',
    color: '#2980b9',
    children: ['Phone', 'Internet', 'Software, apps, games', 'Postal services'],
  },
  {
    name: 'Financial expenses',
    color: '#16a085',
    children: ['Taxes', 'Insurance', 'Loans, interest', 'Fines', 'Advisory', 'Charges, fees', 'Child support'],
  },
  {
    name: 'Investments',
    color: '#fda7df',
    children: ['Realty', 'Vehicles, chattels', 'Financial investments', 'Savings', 'Collections'],
  },
  {
    name: 'Income',
    color: '#f1c40f',
    children: [
      'Wage, invoices',
      'Interest, dividends',
      'Sale',
      'Rental income',
      'Dues & grants',
      'Lending, renting',
      'Checks, coupons',
      'Lottery, gambling',
      'Refunds',
      'Freelance',
      'Gifts',
    ],
  },
  { name: 'Other', color: '#7f8c8d', type: 'internal', children: [] },
];

/** Between the levels of a category's path as files write it: "Food / Cafes" (the CSV export and import). */
export const CATEGORY_PATH_SEPARATOR = ' / ';

/** Each category's path from its root, by id: "Food / Cafes". */
export function categoryPaths(
  categories: ReadonlyArray<Pick<Category, 'id' | 'name' | 'parentId'>>,
): Map<number, string> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const parentOf = (id: number) => byId.get(id)?.parentId;
  return new Map(
    categories.map((category) => {
      const names = [...ancestorIds(category.id, parentOf).reverse(), category.id].flatMap(
        (id) => byId.get(id)?.name ?? [],
      );
      return [category.id, names.join(CATEGORY_PATH_SEPARATOR)];
    }),
  );
}
