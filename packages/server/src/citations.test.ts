/**
 * Comments and test titles cite only documents the repository holds (docs/…) or say the rule
 * itself: the specification, the design, the API text and the notes on the product lie outside it, so a
 * citation of them points nowhere for a reader of the code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where code lives: the folders walked, and the configuration files beside them. */
const FOLDERS = ['packages', 'scripts', 'bench', '.ci'];
const ROOT_FILES = ['biome.json', 'package.json', 'playwright.config.ts', 'tsconfig.base.json', 'vitest.config.ts'];
/** Installed, built or generated: not ours to word. */
const SKIPPED = /^(node_modules|dist|dist-test-.*|data|test-results|\.test-results|playwright-report)$/;
const TEXT = /\.(ts|tsx|mjs|js|json|css|html|md|sql|sh|ya?ml)$|^run$/;

// Built from pieces, so that this file does not cite what it looks for.
const SPEC = ['SP', 'EC'].join('');
const OUTSIDE_DOCUMENTS = [
  new RegExp(`${SPEC} §`),
  new RegExp(`${SPEC}\\.md`),
  new RegExp(['DESIGN', '\\.md'].join('')),
  new RegExp(['API', '\\.md'].join('')),
  new RegExp(['product', '[ -]notes'].join(''), 'i'),
];

/** The 1-based numbers of the lines of `text` that cite a document outside the repository. */
function citingLines(text: string): number[] {
  return text
    .split('\n')
    .flatMap((line, index) => (OUTSIDE_DOCUMENTS.some((pattern) => pattern.test(line)) ? [index + 1] : []));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.test(entry.name) ? [] : sourceFiles(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

describe('citations', () => {
  it('finds a citation of each outside document, and nothing in a citation of docs/', () => {
    const text = [
      `/** ${SPEC} §9: money is stored in minor units. */`,
      'const rateOrder = 1; // docs/decisions.md "Exchange rates"',
      `// the order of ${['DESIGN', 'md'].join('.')}`,
      `it('answers the envelope of ${['API', 'md'].join('.')}', () => {});`,
      '/** Cited from docs/api.md. */',
      `// Usernames ignore case (${['Product', 'notes'].join(' ')}).`,
      `// See ../shared/${SPEC}.md for the full text.`,
    ].join('\n');
    expect(citingLines(text)).toEqual([1, 3, 4, 6, 7]);
  });

  it('finds none in the code, its tests and its scripts', () => {
    const files = [
      ...FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))),
      ...ROOT_FILES.map((name) => path.join(ROOT, name)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const citations = files.flatMap((file) =>
      citingLines(readFileSync(file, 'utf8')).map((line) => `${path.relative(ROOT, file)}:${line}`),
    );
    expect(citations).toEqual([]);
  });
});
