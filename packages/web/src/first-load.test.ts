import { describe, expect, it } from 'vitest';

/**
 * The first load (issue 19: at most 180 KB gzip) is main.tsx and what it imports statically: the
 * router, the session's stores, the texts' runtime. The pages, the API client with the contract's
 * schemas, and zod arrive with the first page, through dynamic imports.
 */
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(
    ([path, source]) => [path.replace(/^\.\//, ''), source],
  ),
);

/** Static imports and re-exports that stay in the bundle: `import type` and all-`type` lists are erased. */
const STATIC_IMPORT = /^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*(['"])([^'"]+)\3/gm;

function erased(typeKeyword: string | undefined, bindings: string): boolean {
  if (typeKeyword) return true;
  const named = bindings.match(/^\{([\s\S]*)\}$/)?.[1];
  if (named === undefined) return false;
  const names = named
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** Every module main.tsx loads before anything else: files under src, and packages by their specifier. */
function firstLoad(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of (sources[file] ?? '').matchAll(STATIC_IMPORT)) {
      const specifier = match[4]!;
      if (erased(match[1], match[2]!)) continue;
      if (!specifier.startsWith('.')) packages.add(specifier);
      else visit(new URL(specifier, `file:///src/${file}`).pathname.replace(/^\/src\//, ''));
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe('the first load', () => {
  const { files, packages } = firstLoad('main.tsx');

  it('follows the static imports from the entry to the router, the session and the texts', () => {
    expect(files).toEqual(expect.arrayContaining(['app/router.tsx', 'stores/session.ts', 'lib/i18n.ts']));
    expect(packages).toEqual(expect.arrayContaining(['react', 'react-router', '@tanstack/react-query']));
  });

  it('holds no page: each is fetched when first opened', () => {
    // Of the pages' folders only plain modules may come: the dashboard's periods, for the early requests.
    const pages = files.filter((file) => file.startsWith('features/') && file.endsWith('.tsx'));
    expect([...pages, ...files.filter((file) => file === 'app/layout/app-shell.tsx')]).toEqual([]);
    expect(files.filter((file) => file.startsWith('features/'))).toEqual([
      'features/dashboard/components/dashboard-periods.ts',
    ]);
  });

  it("leaves out zod, the contract's schemas and the API client", () => {
    expect(packages.filter((name) => name === 'zod' || name === '@kopiyka/shared')).toEqual([]);
    expect(files).not.toContain('api/client.ts');
  });
});
