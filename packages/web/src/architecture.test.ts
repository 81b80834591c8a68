import { describe, expect, it } from 'vitest';

/**
 * The import rules of the web app's layout (docs/decisions.md, 2026-11-25):
 * - a feature (features/<area>/) never imports another feature: what several use lives in
 *   components/, entities/, hooks/ or lib/, and app/ composes features into routes;
 * - only app/ itself (and the entry, main.tsx, and the test helpers in test/) imports app/;
 * - the shared folders never import a feature.
 */
const SHARED = ['api', 'components', 'entities', 'hooks', 'lib', 'stores'];

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
      }
      if (rule === null) continue;
      const line = source.slice(0, match.index).split('\n').length;
      violations.push(`${file}:${line} imports '${specifier}' (${target}): ${rule}`);
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
  it('has no import from one feature into another, or into app/ from outside it', () => {
    expect(importViolations(sources)).toEqual([]);
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
});
