import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_CATEGORY_TREE, ISSUE_FIELDS, ISSUE_MESSAGES } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ICON_NAMES } from '../../entities/categories/category-look.ts';
import { en } from './en.ts';
import { uk } from './uk.ts';

/**
 * Issue 16: the suite fails when a text of the web sources is not in the catalogue, or a key lacks
 * its translation. Every source file speaks through the catalogue; what stays as it is is listed
 * below with its reason (docs/decisions.md "Languages").
 */

/** Names that are the same in every language. */
const UNTRANSLATED = new Set(['Kopiyka', 'Monobank', 'Binance']);

/**
 * Texts that look like prose but no person reads in the interface, by file: `file: text` as the
 * check reports it.
 */
const NOT_FOR_PEOPLE = new Map<string, string>([
  ['api/request.ts: Bearer {}', 'the Authorization header of a call'],
  ['main.tsx: The page has no #root element.', 'thrown before the app exists: for developers, on a broken build'],
]);

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
  ).map(([path, source]) => [new URL(path, 'file:///src/lib/messages/').pathname.replace(/^\/src\//, ''), source]),
);

/**
 * The shared package's sources but its catalogue of issues: a message its schemas give comes from
 * that catalogue by code (shared/issues.ts), never written into a schema.
 */
const sharedSources = import.meta.glob<string>(
  ['../../../../shared/src/*.ts', '!../../../../shared/src/*.test.ts', '!../../../../shared/src/issues.ts'],
  { query: '?raw', import: 'default', eager: true },
);

/**
 * Shared texts no person reads in the web app, with the reason. The default category names are
 * given in the user's language by the server (shared/default-category-names.ts), not translated here.
 */
const SHARED_NOT_FOR_PEOPLE = new Map<string, string>([
  ['shared/endpoints.ts', 'what each endpoint does, for the API documentation'],
  ['shared/envelope.ts', 'the OpenAPI description of the error envelope'],
  ['shared/binance.ts', 'the statusText of the missing-key codes 10101–10103: the web says them by code'],
  // The export's columns are named in both languages beside each other (KOPIYKA_CSV_COLUMNS).
  ['shared/imports.ts: Base amount', 'a column of the English CSV export; its Ukrainian name is beside it'],
  ['shared/imports.ts: Base currency', 'a column of the English CSV export; its Ukrainian name is beside it'],
  ['shared/imports.ts: Transfer account', 'a column of the English CSV export; its Ukrainian name is beside it'],
  ['shared/imports.ts: Split part', 'a column of the English CSV export; its Ukrainian name is beside it'],
]);
const DEFAULT_CATEGORY_NAMES = new Set(DEFAULT_CATEGORY_TREE.flatMap((root) => [root.name, ...root.children]));

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

type Literal = { text: string; before: string };

/** Where a regular expression literal may start: after these, `/` is not a division. */
const REGEX_FOLLOWS = /[(,=:[!&|?{};]$|^$|\breturn$/;

/**
 * The string and template literals of a source, comments skipped: each one's text (a template's
 * `${…}` as `{}`) and the code just before it. A quote that does not close on its line is an
 * apostrophe of JSX text, not a string.
 */
function literalsOf(source: string): Literal[] {
  const found: Literal[] = [];
  const templates: Array<{ parts: string[]; before: string; depth: number }> = [];
  let depth = 0;
  let index = 0;
  const before = (at: number) => source.slice(Math.max(0, at - 60), at);
  const readTemplate = () => {
    const template = templates.at(-1)!;
    let text = '';
    while (index < source.length) {
      const char = source[index]!;
      if (char === '\\') {
        text += source.slice(index, index + 2);
        index += 2;
      } else if (char === '`') {
        index += 1;
        templates.pop();
        found.push({ text: [...template.parts, text].join('{}'), before: template.before });
        return;
      } else if (source.startsWith('${', index)) {
        index += 2;
        template.parts.push(text);
        template.depth = depth;
        depth += 1;
        return;
      } else {
        text += char;
        index += 1;
      }
    }
  };
  while (index < source.length) {
    const char = source[index]!;
    if (source.startsWith('//', index)) {
      index = source.indexOf('\n', index);
      if (index === -1) break;
    } else if (source.startsWith('/*', index)) {
      index = source.indexOf('*/', index) + 2;
      if (index === 1) break;
    } else if (char === "'" || char === '"') {
      let end = index + 1;
      while (end < source.length && source[end] !== char && source[end] !== '\n') end += source[end] === '\\' ? 2 : 1;
      if (source[end] === char) {
        found.push({ text: source.slice(index + 1, end), before: before(index) });
        index = end + 1;
      } else {
        index += 1;
      }
    } else if (char === '`') {
      templates.push({ parts: [], before: before(index), depth: -1 });
      index += 1;
      readTemplate();
    } else if (char === '/' && REGEX_FOLLOWS.test(source.slice(Math.max(0, index - 6), index).trimEnd())) {
      let end = index + 1;
      let inClass = false;
      while (end < source.length && source[end] !== '\n' && (inClass || source[end] !== '/')) {
        if (source[end] === '[') inClass = true;
        else if (source[end] === ']') inClass = false;
        end += source[end] === '\\' ? 2 : 1;
      }
      index = end + 1;
    } else if (char === '{') {
      depth += 1;
      index += 1;
    } else if (char === '}') {
      depth -= 1;
      index += 1;
      if (templates.length > 0 && templates.at(-1)!.depth === depth) readTemplate();
    } else {
      index += 1;
    }
  }
  return found;
}

/** Code before a literal that makes it something a person reads, whatever it looks like. */
const READ_BY_PEOPLE =
  /(?:\b(?:\w*Label|aria-label|aria-description|title|placeholder|alt|label|description|message|submitLabel|confirmLabel|submittingLabel|hint|heading|text)\s*[=:]\s*\{?\s*|\bnotify\(\s*'\w+',\s*|\bplural\([^,()]+,\s*)$/;
/** Code before a literal that makes it code: class names, test ids, imports, keys, developer logs. */
const CODE =
  /(?:\b(?:className|data-testid|testId|id|key|href|to|src|type|role|variant|size|queryKey|d|viewBox)\s*[=:]\s*\{?\s*|\b(?:cn|clsx|import|require|querySelector\w*|getElementById|matchMedia|console\.\w+)\(\s*|\bfrom\s*|\bimport\s*)$/;

/** A sentence or a label: a capitalised word followed by words or ending a sentence, or words around a `{}`. */
function isProse(text: string): boolean {
  return (
    /^[A-Z][a-z’']+(?:[ ,]+(?:[A-Za-z’']+|\{\})|[.!?…]$)/.test(text) ||
    /(?:^|[ (])[a-z’']{2,} [a-z’']{2,}.*[.!?…]$/.test(text) ||
    /\{\} [a-z’']{3,}(?![-\w:/])|(?<![-\w:/])[a-z’']{3,} \{\}/.test(text)
  );
}

/** Tailwind classes ("w-full truncate px-0.5"): lower-case tokens, some with a dash or a colon. */
const isClassList = (text: string) =>
  text.split(/\s+/).every((token) => /^[!-]?[\w:[\]./#%()-]*$/.test(token) && !/[A-Z]/.test(token)) &&
  /[-:]/.test(text);

/** Texts the catalogue holds as keys. */
const isCatalogued = (text: string) => text in en;

/** Texts a person reads, written into a source instead of taken from the catalogue. */
function hardCodedTexts(file: string, source: string): string[] {
  const found = new Set<string>();
  // JSX text between tags: `>Save changes<` (in .ts files the same marks are generics).
  for (const match of file.endsWith('.tsx')
    ? source.matchAll(/(?<![=/-])>\s*([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*?)\s*[<{]/g)
    : []) {
    const text = match[1]!.trim();
    if (!text.startsWith('//') && !text.startsWith('*')) found.add(text);
  }
  for (const { text, before } of literalsOf(source)) {
    const code = before.trimEnd();
    if (CODE.test(code) || !/[A-Za-z]{2,}/.test(text) || isClassList(text) || isCatalogued(text)) continue;
    if (READ_BY_PEOPLE.test(code) || isProse(text)) found.add(text.trim());
  }
  return [...found].filter((text) => !UNTRANSLATED.has(text)).map((text) => `${file}: ${text}`);
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

  it('leave no text written into a source file', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(150);
    const texts = Object.entries(sources).flatMap(([file, source]) => hardCodedTexts(file, source));
    expect(texts.filter((text) => !NOT_FOR_PEOPLE.has(text))).toEqual([]);
  });

  it('hold every issue code of the shared catalogue, with its arguments, in both languages', () => {
    const templateNames = (template: string) => [...new Set(template.match(/(?<=\{)\w+(?=\})/g) ?? [])].sort();
    const problems = Object.entries(ISSUE_MESSAGES).flatMap(([code, english]) => {
      const key = `issue.${code}` as keyof typeof en;
      if (!(key in en)) return [`${key}: missing`];
      return names(en[key]).join() === templateNames(english).join() ? [] : [`${key}: arguments differ`];
    });
    const fields = Object.keys(ISSUE_FIELDS).filter((field) => !(`issueField.${field}` in en));
    expect([...problems, ...fields.map((field) => `issueField.${field}: missing`)]).toEqual([]);
    // Both catalogues hold the same keys with the same arguments (the tests above), so Ukrainian has them too.
  });

  it('leave no message written into a shared schema: each comes from the catalogue of issues', () => {
    expect(Object.keys(sharedSources).length).toBeGreaterThan(10);
    const messages = Object.entries(sharedSources).flatMap(([path, source]) =>
      hardCodedTexts(path.replace(/^.*\/shared\/src\//, 'shared/'), source),
    );
    expect(
      messages.filter((message) => {
        const text = message.slice(message.indexOf(': ') + 2);
        const file = message.slice(0, message.indexOf(': '));
        return (
          !DEFAULT_CATEGORY_NAMES.has(text) && !SHARED_NOT_FOR_PEOPLE.has(message) && !SHARED_NOT_FOR_PEOPLE.has(file)
        );
      }),
    ).toEqual([]);
  });

  it('name every category icon', () => {
    expect(CATEGORY_ICON_NAMES.filter((name) => !(`categoryIcon.${name}` in en))).toEqual([]);
  });

  it('notice a text written into a file', () => {
    expect(
      hardCodedTexts(
        'x.tsx',
        `<h2>Page not found</h2><p>Not loaded.{' '}<a>{t('a.d')}</a></p><Button aria-label="Close" title={t('a.b')}>{t('a.c')}</Button>;notify('success', 'Saved.')`,
      ),
    ).toEqual(['x.tsx: Page not found', 'x.tsx: Not loaded.', 'x.tsx: Close', 'x.tsx: Saved.']);
  });

  it('notice prose in the strings of code, and let code be', () => {
    const source = `
      const PRESETS = { month: 'This month', none: 'No dates' };
      const CHECK = { message: 'Too short', label: 'Cash' };
      if (!ok) throw new Error('The rate could not be read.');
      const title = \`\${count} items selected\`, cancelLabel = 'Cancel';
      notify('info', plural(count, 'new transaction'));
      // A comment: 'Not a text' in a comment.
      import { x } from './not-a-text.ts';
      const cls = cn('flex items-center gap-2', open && 'w-full truncate px-0.5');
      const row = <div className="flex items-center" data-testid="account-row" aria-label={t('a.b')} />;
      if (event.key === 'Escape') local.get('kopiyka.locale');
      const url = \`/api/v1/accounts/\${id}\`, pattern = /'s (not) a string/g, key = t('nav.dashboard');
    `;
    expect(hardCodedTexts('x.ts', source)).toEqual([
      'x.ts: This month',
      'x.ts: No dates',
      'x.ts: Too short',
      'x.ts: Cash',
      'x.ts: The rate could not be read.',
      'x.ts: {} items selected',
      'x.ts: Cancel',
      'x.ts: new transaction',
    ]);
  });
});
