import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { uk, ukValidation } from './uk.ts';

/**
 * Issue 16: the suite fails when a text of the web sources is not in the catalogue, or a key lacks
 * its translation. The folders below speak only through the catalogue; the others are still being
 * moved to it, and join this list as they are (docs/decisions.md "Languages").
 */
const CONVERTED = [
  'app/',
  'features/accounts/accounts-page.tsx',
  'features/auth/',
  'features/settings/user-settings.tsx',
  'components/auth-screen.tsx',
  'components/language-switch.tsx',
  'components/theme-toggle.tsx',
  'components/ui/form-field.tsx',
  'components/ui/retry-button.tsx',
  'lib/credential-hints.ts',
  'lib/dates.ts',
  'features/dashboard/',
  'components/charts/',
  'entities/accounts/',
  'features/welcome/',
  'features/accounts/account-page.tsx',
  'features/accounts/create-account-page.tsx',
  'features/accounts/components/',
  'features/budgets/',
  'entities/transactions/',
  'entities/categories/',
  'features/transactions/',
  'components/confirm-dialog.tsx',
  'components/currency-picker.tsx',
  'components/notification-center.tsx',
  'components/combobox.tsx',
  'components/option-list.tsx',
  'components/detail-page.tsx',
  'features/settings/settings-layout.tsx',
  'features/settings/account-groups-settings.tsx',
  'features/settings/components/group-dialogs.tsx',
  'features/settings/components/move-dialog.tsx',
  'features/settings/categories-settings.tsx',
  'features/settings/components/category-form-dialog.tsx',
  'features/settings/components/delete-category-dialog.tsx',
  'features/settings/currencies-settings.tsx',
  'features/settings/components/add-currency-dialog.tsx',
  'features/settings/components/base-currency-card.tsx',
  'features/settings/components/currency-list-card.tsx',
  'features/settings/components/currency-row.tsx',
  'features/settings/components/rate-providers-status.tsx',
  'features/settings/components/rate-summary.tsx',
  'features/settings/components/remove-currency-dialog.tsx',
  'entities/currencies/',
  'entities/monobank/',
  'features/crypto/',
  'features/bank/',
];

/** Names that are the same in every language. */
const UNTRANSLATED = new Set(['Kopiyka', 'Monobank', 'Binance']);

const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      ['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**', '!../messages/**'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    ),
  ).map(([path, source]) => [path.replace(/^\.\.\/\.\.\//, ''), source]),
);

type Argument = { name: string; type: TYPE; options?: string[] };

/** The arguments of a message, and the plural categories each plural covers. */
function argumentsOf(elements: MessageFormatElement[], found: Argument[] = []): Argument[] {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      found.push({ name: element.value, type: element.type });
      argumentsOf(element.children, found);
      continue;
    }
    const options = 'options' in element ? element.options : undefined;
    found.push({ name: element.value, type: element.type, options: options ? Object.keys(options) : undefined });
    for (const option of Object.values(options ?? {})) argumentsOf(option.value, found);
  }
  return found;
}

const names = (message: string) => [...new Set(argumentsOf(parse(message)).map((argument) => argument.name))].sort();
const plurals = (message: string) => argumentsOf(parse(message)).filter((argument) => argument.type === TYPE.plural);

/** Texts a person reads, written into a converted file instead of taken from the catalogue. */
function hardCodedTexts(file: string, source: string): string[] {
  const found: string[] = [];
  const patterns = [
    // JSX text between tags: `>Save changes<`.
    /(?<![=/-])>\s*([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*?)\s*[<{]/g,
    // Attributes people read or hear.
    /\b(?:aria-label|title|placeholder|alt|label|description|submitLabel|confirmLabel|submittingLabel|hint)="([^"]*[A-Za-z][^"]*)"/g,
    // Toasts.
    /\bnotify\(\s*'\w+',\s*(['`][^'`]*[A-Za-z][^'`]*['`])/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const text = match[1]!.trim();
      if (UNTRANSLATED.has(text) || text.startsWith('//') || text.startsWith('*')) continue;
      found.push(`${file}: ${text}`);
    }
  }
  return found;
}

describe('the catalogues', () => {
  it('have the same keys in English and Ukrainian', () => {
    expect(Object.keys(uk).sort()).toEqual(Object.keys(en).sort());
  });

  it('fill in the same arguments in both languages, and Ukrainian plurals name one, few and many', () => {
    const problems: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const ukrainian = uk[key as keyof typeof en];
      if (names(english).join() !== names(ukrainian).join()) problems.push(`${key}: arguments differ`);
      for (const plural of plurals(ukrainian)) {
        const missing = ['one', 'few', 'many', 'other'].filter((category) => !plural.options?.includes(category));
        if (missing.length > 0) problems.push(`${key}: plural ${plural.name} lacks ${missing.join(', ')}`);
      }
    }
    for (const [english, ukrainian] of Object.entries(ukValidation)) {
      const extra = names(ukrainian).filter((name) => !names(english).includes(name));
      if (extra.length > 0) problems.push(`${english}: unknown ${extra.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('hold every key the sources use', () => {
    const used = Object.entries(sources).flatMap(([file, source]) =>
      [...source.matchAll(/\bt(?:Rich)?\(\s*'([\w.]+)'|\bid="([\w.]+)"|\btitled\('([\w.]+)'/g)].map(
        (match) => [file, match[1] ?? match[2] ?? match[3]] as const,
      ),
    );
    expect(used.length).toBeGreaterThan(50);
    expect(
      used.filter(([, key]) => !(key! in en) && key!.includes('.')).map(([file, key]) => `${file}: ${key}`),
    ).toEqual([]);
  });

  it('leave no text written into a converted file', () => {
    const converted = Object.entries(sources).filter(([file]) => CONVERTED.some((prefix) => file.startsWith(prefix)));
    expect(converted.length).toBeGreaterThan(20);
    expect(converted.flatMap(([file, source]) => hardCodedTexts(file, source))).toEqual([]);
  });

  it('notice a text written into a file', () => {
    expect(
      hardCodedTexts(
        'x.tsx',
        `<h2>Page not found</h2><p>Not loaded.{' '}<a>{t('a.d')}</a></p><Button aria-label="Close" title={t('a.b')}>{t('a.c')}</Button>;notify('success', 'Saved.')`,
      ),
    ).toEqual(['x.tsx: Page not found', 'x.tsx: Not loaded.', 'x.tsx: Close', "x.tsx: 'Saved.'"]);
  });
});
