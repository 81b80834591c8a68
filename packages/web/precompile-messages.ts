/**
 * A build step: the catalogues (`src/lib/messages/*.ts`, objects of ICU strings) are parsed to
 * FormatJS's message AST at build time, and FormatJS's ICU parser is replaced by its no-parser
 * entry, so the app ships neither the parser nor strings to parse at run time. Tests and the dev
 * server keep the strings and the parser. No catalogue is preloaded by index.html: the first render
 * awaits the one of the language spoken, which only the entry knows, and a Ukrainian first load
 * would otherwise fetch the English one too.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]lib[\\/]messages[\\/]\w+\.ts$/;
const PARSER = '@formatjs/icu-messageformat-parser';

export function precompileMessages(): Plugin {
  return {
    name: 'kopiyka-precompile-messages',
    apply: 'build',
    config: () => ({
      resolve: { alias: [{ find: new RegExp(`^${PARSER}$`), replacement: `${PARSER}/no-parser.js` }] },
    }),
    async transform(code, id) {
      if (!CATALOGUE.test(id) || id.endsWith('.test.ts')) return null;
      // After Vite's TypeScript step the catalogue is plain data: its exports are objects of strings.
      if (/^\s*import\s/m.test(code)) this.error(`${id}: a catalogue must not import at run time.`);
      const catalogues: Record<string, Record<string, string>> = await import(
        `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
      );
      return Object.entries(catalogues)
        .map(([name, messages]) => {
          const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
          return `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
        })
        .join('\n');
    },
  };
}
