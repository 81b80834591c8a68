/**
 * The layout rules of DESIGN.md that the compiler does not check, read from the source files: a
 * module never reaches into another module's queries.ts (it calls that module's service), and each
 * table is written only by its owning module's queries.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** Every table's owner: the one module whose queries.ts may insert, update or delete its rows. */
const OWNERS: Record<string, string> = {
  users: 'users',
  sessions: 'auth',
  auth_attempts: 'auth',
  known_sign_ins: 'auth',
  currencies: 'currencies',
  user_currencies: 'currencies',
  base_currency_changes: 'currencies',
  categories: 'categories',
  user_settings: 'settings',
  exchange_rates: 'rates',
  exchange_rate_days: 'rates',
  custom_rates: 'rates',
  account_groups: 'account-groups',
  accounts: 'accounts',
  transactions: 'transactions',
  account_day_deltas: 'transactions',
  account_day_totals: 'transactions',
  budgets: 'budgets',
  budget_categories: 'budgets',
  budget_exclusions: 'budgets',
  monobank_users: 'monobank',
  monobank_accounts: 'monobank',
  monobank_items: 'monobank',
  monobank_jobs: 'monobank',
  monobank_webhook_events: 'monobank',
  merchant_rules: 'monobank',
  binance_keys: 'binance',
  binance_daily_values: 'binance',
  imports: 'imports',
  import_parts: 'imports',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A path inside src/, with forward slashes. */
const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The module a file under modules/ belongs to. */
const moduleOf = (rel: string) => /^modules\/([^/]+)\//.exec(rel)?.[1];

/** Block and line comments out, so prose about "update accounts" or an old import is not read as code. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** Static imports and re-exports (type-only ones too) and dynamic imports. */
function importSpecifiers(source: string): string[] {
  const found = withoutComments(source).matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g);
  return [...found].map((match) => match[1]!);
}

/** Which module's queries an import resolves to, if it does (queries.ts, or a queries/ folder). */
function queriesModuleOf(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('.') ? relative(path.resolve(path.dirname(file), specifier)) : specifier;
  return /(?:^|\/)modules\/([^/]+)\/queries(?:\.[cm]?[jt]s|\/.*)?$/.exec(target)?.[1];
}

/** Cross-module queries imports: "importing file → imported specifier". */
function crossModuleQueriesImports(files: Array<{ file: string; source: string }>): string[] {
  return files.flatMap(({ file, source }) =>
    importSpecifiers(source)
      .filter((specifier) => {
        const owner = queriesModuleOf(file, specifier);
        return owner !== undefined && owner !== moduleOf(relative(file));
      })
      .map((specifier) => `${relative(file)} → ${specifier}`),
  );
}

/** schema.ts's table exports: identifier → table name. */
function schemaTables(): Map<string, string> {
  const schema = readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
  return new Map([...schema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => [m[1]!, m[2]!]));
}

/** The tables a file inserts into, updates or deletes from: drizzle calls and raw SQL. */
function writtenTables(source: string, tables: Map<string, string>): string[] {
  const code = withoutComments(source);
  const names = new Map(tables);
  // A local alias of a table (`const t = budgets;`) writes that table.
  for (const [, alias, table] of code.matchAll(/\bconst (\w+) = (\w+);/g)) {
    if (tables.has(table!)) names.set(alias!, tables.get(table!)!);
  }
  const drizzle = [...code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)].flatMap(
    (m) => names.get(m[1]!) ?? [],
  );
  const known = new Set(tables.values());
  const raw = [...code.matchAll(/\b(?:update|insert\s+into|delete\s+from)\s+(\w+)/gi)]
    .map((m) => m[1]!)
    .filter((name) => known.has(name));
  return [...new Set([...drizzle, ...raw])];
}

/** Every source file but this one (its examples of bad imports are strings), tests included. */
const files = sourceFiles(SRC)
  .filter((file) => file !== import.meta.filename)
  .map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('module boundaries', () => {
  it('no module imports another module’s queries.ts', () => {
    // The check reads something: modules do import their own queries.
    expect(files.some(({ file, source }) => importSpecifiers(source).some((s) => queriesModuleOf(file, s)))).toBe(true);
    expect(crossModuleQueriesImports(files)).toEqual([]);
  });

  it('recognises a cross-module queries import, also a type-only or dynamic one', () => {
    const file = path.join(SRC, 'modules/categories/service.ts');
    const imports = (source: string) => crossModuleQueriesImports([{ file, source }]);
    expect(imports("import { moveToCategory } from '../transactions/queries.ts';")).toHaveLength(1);
    expect(imports("import type { TransactionRow } from '../transactions/queries';")).toHaveLength(1);
    expect(imports("const q = await import('../transactions/queries.ts');")).toHaveLength(1);
    expect(imports("export { selectCategory } from './queries.ts';")).toEqual([]);
    expect(imports("import { reassignCategory } from '../transactions/service.ts';")).toEqual([]);
  });

  it('each table is written only by its owning module’s queries.ts', () => {
    const tables = schemaTables();
    // Infrastructure outside the modules: the scheduler's leases (jobs/), the request limit's counts (http/).
    const infrastructure = ['scheduled_tasks', 'request_counts'];
    expect(new Set(tables.values())).toEqual(new Set([...Object.keys(OWNERS), ...infrastructure]));
    const misplaced = files
      .filter(({ file }) => relative(file).startsWith('modules/') && !file.endsWith('.test.ts'))
      .flatMap(({ file, source }) => {
        const rel = relative(file);
        return writtenTables(source, tables)
          .filter((table) => rel !== `modules/${OWNERS[table]}/queries.ts`)
          .map((table) => `${rel} writes ${table} (owned by ${OWNERS[table] ?? 'no module'})`);
      });
    expect(misplaced).toEqual([]);
  });

  it('recognises drizzle and raw SQL writes', () => {
    const tables = schemaTables();
    expect(writtenTables('await db.update(transactions).set({ categoryId });', tables)).toEqual(['transactions']);
    expect(writtenTables('const t = budgets;\nawait db.insert(t).values(row);', tables)).toEqual(['budgets']);
    expect(writtenTables('db.execute(sql`\n  update transactions t set x = 1`);', tables)).toEqual(['transactions']);
    expect(writtenTables('// update accounts\nawait db.select().from(accounts);', tables)).toEqual([]);
  });
});
