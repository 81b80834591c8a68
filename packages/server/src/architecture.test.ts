/**
 * The layout rules the compiler does not check, read from the source files: modules import each
 * other downward only (the floors below) and never in a loop; a module is imported only through its
 * public index.ts; a module never reaches into another module's queries.ts; and each table is
 * written only by its owning module's queries (docs/architecture.md draws the direction).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/**
 * Every table's owner: the module whose queries (queries.ts, or files in a queries/ folder) may
 * insert, update or delete its rows. Accounts have a second owner, the ledger: it moves their
 * balance columns (balances, turnovers) in the statements that write the transactions they move for.
 * Transactions have a second owner too, tags: they keep a row's has_tags hint with its tags.
 */
const OWNERS: Record<string, string | [string, string]> = {
  users: 'users',
  sessions: 'auth',
  auth_attempts: 'auth',
  known_sign_ins: 'auth',
  currencies: 'currencies',
  user_currencies: 'currencies',
  base_currency_changes: 'base-change',
  categories: 'categories',
  user_settings: 'settings',
  exchange_rates: 'rates',
  exchange_rate_days: 'rates',
  custom_rates: 'rates',
  account_groups: 'account-groups',
  accounts: ['accounts', 'transactions'],
  transactions: ['transactions', 'tags'],
  account_day_deltas: 'transactions',
  account_day_totals: 'transactions',
  account_month_totals: 'transactions',
  transaction_splits: 'transactions',
  budgets: 'budgets',
  budget_categories: 'budgets',
  budget_exclusions: 'budgets',
  tags: 'tags',
  transaction_tags: 'tags',
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
  import_items: 'imports',
  recurring: 'recurring',
  recurring_tags: 'recurring',
  recurring_dismissals: 'recurring',
  recurring_occurrences: 'recurring',
  rules: 'rules',
};

/**
 * Each module's floor. A module imports values only from its own floor or below (type-only imports
 * may cross): reference data never calls the ledger, the ledger never calls a workflow. What a lower
 * module needs done above it (deleting a category moves its transactions) is handed in by app.ts.
 */
const FLOORS = ['platform', 'reference', 'ledger', 'workflows'] as const;
type Floor = (typeof FLOORS)[number];
const LAYERS: Record<string, Floor> = {
  events: 'platform',
  system: 'platform',
  users: 'platform',
  rates: 'platform',
  auth: 'reference',
  settings: 'reference',
  currencies: 'reference',
  categories: 'reference',
  'account-groups': 'reference',
  accounts: 'reference',
  tags: 'reference',
  transactions: 'ledger',
  'base-change': 'workflows',
  budgets: 'workflows',
  stats: 'workflows',
  monobank: 'workflows',
  binance: 'workflows',
  imports: 'workflows',
  recurring: 'workflows',
  rules: 'workflows',
  backup: 'workflows',
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

/** An import between modules: the importing file, what it names, whether only types, and both modules. */
interface ModuleImport {
  file: string;
  specifier: string;
  typeOnly: boolean;
  from: string;
  to: string;
  /** The imported file, relative to the other module's folder (`index.ts`, `queries.ts`, …). */
  target: string;
}

/**
 * Static imports and re-exports with whether each brings values or only types (`import type`, or
 * every name marked `type`), plus dynamic imports (values).
 */
function importsOf(source: string): Array<{ specifier: string; typeOnly: boolean }> {
  const code = withoutComments(source);
  const statics = [...code.matchAll(/\b(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)].map(
    (m) => {
      const names = /\{([^}]*)\}/.exec(m[2]!)?.[1];
      const allTypes =
        names !== undefined &&
        !/^\s*\w+\s*,/.test(m[2]!) &&
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .every((name) => name.startsWith('type '));
      return { specifier: m[3]!, typeOnly: m[1] !== undefined || allTypes };
    },
  );
  const bare = [...code.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => ({
    specifier: m[1]!,
    typeOnly: false,
  }));
  return [...statics, ...bare];
}

/** Every import from a module's source file (tests aside) into another module. */
function moduleImports(sources: Array<{ file: string; source: string }>): ModuleImport[] {
  return sources.flatMap(({ file, source }) => {
    const from = moduleOf(relative(file));
    if (from === undefined || file.endsWith('.test.ts')) return [];
    return importsOf(source).flatMap(({ specifier, typeOnly }) => {
      if (!specifier.startsWith('.')) return [];
      const found = /^modules\/([^/]+)\/(.+)$/.exec(relative(path.resolve(path.dirname(file), specifier)));
      if (!found || found[1] === from) return [];
      return [{ file: relative(file), specifier, typeOnly, from, to: found[1]!, target: found[2]! }];
    });
  });
}

/** The groups of modules that reach each other by value imports (Tarjan's strongly connected components), larger than one. */
function importLoops(imports: ModuleImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to, typeOnly } of imports) {
    if (typeOnly) continue;
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
    if (!edges.has(to)) edges.set(to, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); ; member = stack.pop()) {
      group.push(member!);
      if (member === node) break;
    }
    if (group.length > 1) loops.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

/** Value imports from a lower floor to a higher one, and modules the table does not place. */
function upwardImports(imports: ModuleImport[], layers: Record<string, Floor>): string[] {
  const floor = (module: string) => FLOORS.indexOf(layers[module]!);
  return imports
    .filter(({ from, to, typeOnly }) => !typeOnly && floor(to) > floor(from))
    .map(({ file, specifier, from, to }) => `${file} → ${specifier} (${layers[from]} imports ${layers[to]})`);
}

/** Imports of another module's file other than its public index.ts (type-only ones too). */
function privateImports(imports: ModuleImport[]): string[] {
  return imports.filter(({ target }) => target !== 'index.ts').map(({ file, specifier }) => `${file} → ${specifier}`);
}

/** Whether a file is one of the module's queries: its queries.ts, or a file in its queries/ folder. */
const isQueriesOf = (module: string, rel: string) =>
  rel === `modules/${module}/queries.ts` || rel.startsWith(`modules/${module}/queries/`);

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
    expect(imports("import { moveToCategory } from '../transactions/index.ts';")).toEqual([]);
  });

  it('modules import each other in no loop', () => {
    const imports = moduleImports(files);
    // The check reads something: modules do call each other.
    expect(imports.filter((i) => !i.typeOnly).length).toBeGreaterThan(0);
    expect(importLoops(imports)).toEqual([]);
  });

  it('every module has a floor, and imports values only from its floor or below', () => {
    const modules = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(new Set(modules.map((entry) => entry.name))).toEqual(new Set(Object.keys(LAYERS)));
    expect(upwardImports(moduleImports(files), LAYERS)).toEqual([]);
  });

  it('another module is imported only through its public index.ts', () => {
    expect(privateImports(moduleImports(files))).toEqual([]);
  });

  it('recognises a loop, an upward import and a private import; a type-only import may cross', () => {
    const example = (rel: string, source: string) => ({ file: path.join(SRC, rel), source });
    const imports = moduleImports([
      example('modules/categories/service.ts', "import { moveToCategory } from '../transactions/index.ts';"),
      example(
        'modules/transactions/service.ts',
        "import { a } from '../categories/index.ts';\nimport type { B } from '../budgets/index.ts';",
      ),
      example('modules/budgets/service.ts', "import { type T, c } from '../transactions/service.ts';"),
      example('modules/budgets/budgets.test.ts', "import { d } from '../monobank/queries.ts';"),
    ]);
    expect(imports.map((i) => `${i.from}→${i.to}${i.typeOnly ? ' (types)' : ''}`)).toEqual([
      'categories→transactions',
      'transactions→categories',
      'transactions→budgets (types)',
      'budgets→transactions',
    ]);
    expect(importLoops(imports)).toEqual([['categories', 'transactions']]);
    expect(upwardImports(imports, LAYERS)).toEqual([
      'modules/categories/service.ts → ../transactions/index.ts (reference imports ledger)',
    ]);
    expect(privateImports(imports)).toEqual(['modules/budgets/service.ts → ../transactions/service.ts']);
    expect(importsOf("import type { A } from './a.ts';\nimport { type B, type C } from './b.ts';")).toEqual([
      { specifier: './a.ts', typeOnly: true },
      { specifier: './b.ts', typeOnly: true },
    ]);
    expect(importsOf("import D, { type E } from './d.ts';\nexport { F } from './f.ts';")).toEqual([
      { specifier: './d.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: false },
    ]);
  });

  it('each table is written only by its owning module’s queries.ts', () => {
    const tables = schemaTables();
    // Infrastructure outside the modules: the scheduler's leases (jobs/), the request limit's counts
    // and the answers kept for idempotency keys (http/).
    const infrastructure = ['scheduled_tasks', 'request_counts', 'idempotency_keys'];
    expect(new Set(tables.values())).toEqual(new Set([...Object.keys(OWNERS), ...infrastructure]));
    const misplaced = files
      .filter(({ file }) => relative(file).startsWith('modules/') && !file.endsWith('.test.ts'))
      .flatMap(({ file, source }) => {
        const rel = relative(file);
        return writtenTables(source, tables)
          .filter((table) => ![OWNERS[table] ?? []].flat().some((owner) => isQueriesOf(owner, rel)))
          .map((table) => `${rel} writes ${table} (owned by ${[OWNERS[table] ?? 'no module'].flat().join(' and ')})`);
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
