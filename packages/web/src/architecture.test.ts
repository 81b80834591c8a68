import { describe, expect, it } from 'vitest';

/**
 * The import rules of the web app's layout (docs/architecture.md):
 * - a feature (features/<area>/) never imports another feature: what several use lives in
 *   components/, entities/, hooks/ or lib/, and app/ composes features into routes;
 * - only app/ itself (and the entry, main.tsx, and the test helpers in test/) imports app/;
 * - the shared folders never import a feature;
 * - the layers go one way: app → features → entities → components → components/ui, with api/
 *   (server data) under features and entities, and stores/ and lib/ under everything. So
 *   components/ never reads the server (api/) nor knows an entity, and lib/ and stores/ never
 *   import api/. Tests are left out of this order: they set the app up through test/.
 */
const SHARED = ['api', 'components', 'entities', 'hooks', 'lib', 'stores'];

/** What each layer (a folder under src) may import besides itself; a layer left out may import anything. */
const LAYER_IMPORTS: Record<string, string[]> = {
  features: ['entities', 'components', 'hooks', 'api', 'stores', 'lib'],
  entities: ['components', 'hooks', 'api', 'stores', 'lib'],
  components: ['hooks', 'stores', 'lib'],
  hooks: ['stores', 'lib'],
  api: ['stores', 'lib'],
  stores: ['lib'],
  lib: [],
};

/** A design-system primitive (components/ui/) is built of primitives only. */
const isPrimitive = (path: string) => path.startsWith('components/ui/');

/** The file may break the layer order: a test, or a test helper. */
const isTest = (file: string) => file.startsWith('test/') || /\.test\.tsx?$/.test(file);

function layerRule(file: string, target: string): string | null {
  if (isTest(file)) return null;
  const [layer] = file.split('/');
  const [targetLayer] = target.split('/');
  const allowed = LAYER_IMPORTS[layer!];
  if (allowed && layer !== targetLayer && !allowed.includes(targetLayer!)) {
    return `${layer}/ is below ${targetLayer}/ and never imports it (${layer}/ may import ${allowed.map((name) => `${name}/`).join(', ') || 'only itself'})`;
  }
  if (isPrimitive(file) && targetLayer === 'components' && !isPrimitive(target)) {
    return 'components/ui/ is built of primitives only and never imports the rest of components/';
  }
  return null;
}

/** Relative specifiers of static imports and re-exports, dynamic imports, side-effect imports and mocks. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** `sources` maps paths under src (`features/budgets/budget-page.tsx`) to file contents. */
function importViolations(sources: Record<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    const [layer, area] = file.split('/');
    for (const match of source.matchAll(SPECIFIER)) {
      const specifier = match[2]!;
      const target = new URL(specifier, `file:///src/${file}`).pathname.replace(/^\/src\//, '');
      const [targetLayer, targetArea] = target.split('/');
      let rule: string | null = null;
      if (layer === 'features' && targetLayer === 'features' && area !== targetArea) {
        rule = 'a feature never imports another feature (move the piece to components/, entities/ or lib/)';
      } else if (targetLayer === 'app' && (layer === 'features' || SHARED.includes(layer!))) {
        rule = `only app/ imports app/ (${layer}/ must not)`;
      } else if (targetLayer === 'features' && SHARED.includes(layer!)) {
        rule = `${layer}/ is shared and never imports a feature`;
      } else {
        rule = layerRule(file, target);
      }
      if (rule === null) continue;
      const line = source.slice(0, match.index).split('\n').length;
      violations.push(`${file}:${line} imports '${specifier}' (${target}): ${rule}`);
    }
  }
  return violations;
}

/** The one file that says what each change makes stale. */
const INVALIDATION = 'api/invalidation.ts';

/** Each call of `invalidateQueries` outside invalidation.ts (tests may call it to set a scene). */
function invalidationViolations(sources: Record<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    if (file === INVALIDATION || isTest(file)) continue;
    for (const match of source.matchAll(/\binvalidateQueries\b/g)) {
      const line = source.slice(0, match.index).split('\n').length;
      violations.push(`${file}:${line} calls invalidateQueries: say what changed through ${INVALIDATION}`);
    }
  }
  return violations;
}

const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(
    ([path, source]) => [path.replace(/^\.\//, ''), source],
  ),
);

describe('web layout', () => {
  it('has no import from one feature into another, into app/ from outside it, or into a layer above its own', () => {
    expect(importViolations(sources)).toEqual([]);
  });

  it('invalidates queries only where each change is mapped to what it makes stale', () => {
    expect(Object.keys(sources)).toContain(INVALIDATION);
    expect(invalidationViolations(sources)).toEqual([]);
  });

  it('reads every source file and its imports', () => {
    expect(Object.keys(sources)).toContain('features/budgets/budget-page.tsx');
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    const imports = Object.values(sources).flatMap((source) => [...source.matchAll(SPECIFIER)]);
    expect(imports.length).toBeGreaterThan(500);
  });

  it('names each import that breaks a rule, and only those', () => {
    const violations = importViolations({
      'features/budgets/components/dialog.tsx': [
        "import { TransactionList } from '../../../entities/transactions/transaction-list.tsx';",
        "import { BudgetCard } from './budget-card.tsx';",
        'import {',
        '  filters,',
        "} from '../../transactions/components/filters.ts';",
        "const Page = lazy(() => import('../../../app/router.tsx'));",
      ].join('\n'),
      'features/budgets/budget-page.tsx': "export { BudgetCard } from './components/budget-card.tsx';",
      'api/user.ts': "import { SIGN_UP_PATH } from '../app/guards.ts';",
      'entities/transactions/row.tsx': "import type { Draft } from '../../features/transactions/components/form.ts';",
      'app/router.tsx': "import { BudgetPage } from '../features/budgets/budget-page.tsx';",
      'test/app.tsx': "import { App } from '../app/app.tsx';",
      'main.tsx': "import { routes } from './app/router.tsx';",
    });
    expect(violations).toEqual([
      "features/budgets/components/dialog.tsx:5 imports '../../transactions/components/filters.ts' (features/transactions/components/filters.ts): a feature never imports another feature (move the piece to components/, entities/ or lib/)",
      "features/budgets/components/dialog.tsx:6 imports '../../../app/router.tsx' (app/router.tsx): only app/ imports app/ (features/ must not)",
      "api/user.ts:1 imports '../app/guards.ts' (app/guards.ts): only app/ imports app/ (api/ must not)",
      "entities/transactions/row.tsx:1 imports '../../features/transactions/components/form.ts' (features/transactions/components/form.ts): entities/ is shared and never imports a feature",
    ]);
  });

  it('names each import that breaks the layer order, and only those', () => {
    const violations = importViolations({
      'components/charts/trend.tsx': [
        "import { useAccount } from '../../api/accounts.ts';",
        "import { Card } from '../ui/card.tsx';",
        "import { currencyName } from '../../entities/currencies/currency-name.ts';",
      ].join('\n'),
      'components/ui/card.tsx': "import { Combobox } from '../combobox.tsx';",
      'lib/submission.ts': "import { inlineErrorMessage } from '../api/errors.ts';",
      'stores/session.ts': "import { queryClient } from '../api/query-client.ts';",
      'api/accounts.ts': "import { Money } from '../components/ui/money.tsx';",
      'entities/accounts/tree.ts': "import { useAccounts } from '../../api/accounts.ts';",
      'features/accounts/page.tsx': "import { AccountTree } from '../../entities/accounts/tree.ts';",
      'components/charts/trend.test.tsx': "import { fakeServer } from '../../test/api.ts';",
    });
    expect(violations).toEqual([
      "components/charts/trend.tsx:1 imports '../../api/accounts.ts' (api/accounts.ts): components/ is below api/ and never imports it (components/ may import hooks/, stores/, lib/)",
      "components/charts/trend.tsx:3 imports '../../entities/currencies/currency-name.ts' (entities/currencies/currency-name.ts): components/ is below entities/ and never imports it (components/ may import hooks/, stores/, lib/)",
      "components/ui/card.tsx:1 imports '../combobox.tsx' (components/combobox.tsx): components/ui/ is built of primitives only and never imports the rest of components/",
      "lib/submission.ts:1 imports '../api/errors.ts' (api/errors.ts): lib/ is below api/ and never imports it (lib/ may import only itself)",
      "stores/session.ts:1 imports '../api/query-client.ts' (api/query-client.ts): stores/ is below api/ and never imports it (stores/ may import lib/)",
      "api/accounts.ts:1 imports '../components/ui/money.tsx' (components/ui/money.tsx): api/ is below components/ and never imports it (api/ may import stores/, lib/)",
    ]);
  });

  it('names each invalidateQueries outside invalidation.ts', () => {
    expect(
      invalidationViolations({
        'api/invalidation.ts': 'void queryClient.invalidateQueries({ queryKey: accountKeys.all });',
        'api/accounts.ts': ['const a = 1;', 'onSuccess: () => queryClient.invalidateQueries({ queryKey }),'].join('\n'),
        'features/bank/bank-dialog.tsx': 'void queryClient.invalidateQueries({ queryKey: monobankKeys.user() });',
        'api/accounts.test.ts': 'await queryClient.invalidateQueries();',
      }),
    ).toEqual([
      'api/accounts.ts:2 calls invalidateQueries: say what changed through api/invalidation.ts',
      'features/bank/bank-dialog.tsx:1 calls invalidateQueries: say what changed through api/invalidation.ts',
    ]);
  });
});
