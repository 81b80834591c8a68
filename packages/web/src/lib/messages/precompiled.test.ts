import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from '@formatjs/intl';
import type { TransformPluginContext } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { precompileMessages } from '../../../precompile-messages.ts';
import { en } from './en.ts';
import { uk } from './uk.ts';

/** What the build makes of a catalogue module exporting `catalogues`. */
async function precompiled(catalogues: Record<string, Record<string, string>>) {
  const source = Object.entries(catalogues)
    .map(([name, messages]) => `export const ${name} = ${JSON.stringify(messages)};`)
    .join('\n');
  const transform = precompileMessages().transform as (
    this: Partial<TransformPluginContext>,
    code: string,
    id: string,
  ) => Promise<string>;
  const code = await transform.call({}, source, '/app/src/lib/messages/catalogue.ts');
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    Record<string, MessageFormatElement[]>
  >;
}

/** The arguments a message takes, every one given `count`; a tag wraps its part in brackets. */
function valuesOf(elements: MessageFormatElement[], count: number, values: Record<string, unknown> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks: string[]) => `[${chunks.join('')}]`;
      valuesOf(element.children, count, values);
    } else if (element.type === TYPE.select || element.type === TYPE.plural) {
      values[element.value] = element.type === TYPE.plural ? count : 'other';
      for (const option of Object.values(element.options)) valuesOf(option.value, count, values);
    } else if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
      values[element.value] = count;
    }
  }
  return values;
}

describe('the catalogues as built (ICU AST, no parser at run time)', () => {
  it('say what their strings say, every key, in every plural form', async () => {
    const built = await precompiled({ en, uk });
    const sources = { en, uk };
    for (const [name, messages] of Object.entries(sources)) {
      const locale = name === 'en' ? 'en-GB' : 'uk';
      const fromStrings = createIntl({ locale, messages, onError: () => undefined });
      const fromAst = createIntl({ locale, messages: built[name]!, onError: () => undefined });
      for (const [key, message] of Object.entries(messages)) {
        for (const count of [0, 1, 3, 5, 21, 1.5]) {
          const values = valuesOf(parse(message), count) as Record<string, string>;
          expect(fromAst.formatMessage({ id: key }, values), `${name} ${key} ${count}`).toEqual(
            fromStrings.formatMessage({ id: key }, values),
          );
        }
      }
    }
    expect(JSON.stringify(built)).not.toContain('"location"');
  });
});
