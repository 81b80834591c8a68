import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { type JsonPath, readJsonStream } from './json-stream.ts';

const LIMITS = { depth: 6, text: 100 };

/** The bytes of `text` in pieces of `size` (characters and escapes cut through). */
async function* pieces(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The document `text` as the reader builds it whole, read in pieces of `size` bytes. */
async function readWhole(text: string, size: number): Promise<unknown> {
  let read: unknown;
  await readJsonStream(pieces(text, size), LIMITS, {
    open: () => 'whole',
    take: (_path, value) => {
      read = value;
    },
    itemsMax: () => 10,
  });
  return read;
}

/** The issue `text` is refused with: its path and code. */
async function refusal(text: string) {
  const failure = await readWhole(text, 3).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(AppError);
  const [issue] = (failure as AppError).details!;
  return { path: issue!.path, code: issue!.code };
}

describe('readJsonStream', () => {
  it('reads what JSON.parse reads, however the bytes are cut', async () => {
    const documents = [
      '{"a":[1,-2.5,3e2,0.125E-1,true,false,null],"b":{"c":"d"},"e":[]}',
      ' [ {} , [ ] , "" ] ',
      '"Кава \\"з собою\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u00e9\\ud83d\\ude00 ☕"',
      '-0',
      '{"__proto__":{"x":1},"constructor":2}',
    ];
    for (const text of documents) {
      for (const size of [1, 2, 5, 1000]) {
        expect(JSON.stringify(await readWhole(text, size)), `${text} in pieces of ${size}`).toBe(
          JSON.stringify(JSON.parse(text)),
        );
      }
    }
    const built = (await readWhole('{"__proto__":{"x":1}}', 4)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(built)).toBeNull();
    expect(Object.keys(built)).toEqual(['__proto__']);
  });

  it('refuses what JSON.parse refuses, at the body', async () => {
    for (const text of [
      '',
      '{',
      '[1,]',
      '{"a" 1}',
      '{"a":1,}',
      '01',
      '1.',
      '.5',
      '"\\x"',
      '"\\u12g4"',
      'nul',
      'true false',
      '{a:1}',
      '"a\nb"',
    ]) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(await refusal(text), text).toEqual({ path: 'body', code: 'request.unreadable' });
    }
  });

  it('refuses a container past its items, one too deep and a text too long, at its place', async () => {
    expect(await refusal(`{"a":[${'1,'.repeat(10)}1]}`)).toEqual({ path: 'a', code: 'input.tooBig' });
    expect(await refusal('{"a":[[[[[[1]]]]]]}')).toEqual({ path: 'a.0.0.0.0.0', code: 'request.tooDeep' });
    expect(await refusal(`{"a":["${'x'.repeat(101)}"]}`)).toEqual({ path: 'a.0', code: 'input.tooBig' });
    expect(await refusal(`{"a":${'1'.repeat(101)}}`)).toEqual({ path: 'a', code: 'input.tooBig' });
  });

  it('hands over the items of containers read item by item, and passes over what is skipped', async () => {
    const taken: Array<[JsonPath, unknown]> = [];
    await readJsonStream(pieces('{"list":[{"a":1},[2],3],"skip":{"x":[1]},"one":"two"}', 2), LIMITS, {
      open: ([key, ...inside]) =>
        key === undefined || (key === 'list' && inside.length === 0) ? 'items' : key === 'skip' ? 'skip' : 'whole',
      take: (path, value) => taken.push([[...path], value]),
      itemsMax: () => 10,
    });
    expect(JSON.stringify(taken)).toBe(
      JSON.stringify([
        [['list', 0], { a: 1 }],
        [['list', 1], [2]],
        [['list', 2], 3],
        [['one'], 'two'],
      ]),
    );
  });
});
