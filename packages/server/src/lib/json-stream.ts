import { setImmediate as nextTurn } from 'node:timers/promises';
import { validationError } from './errors.ts';

/** Where a value sits in a JSON document: the keys and indexes from the top down. */
export type JsonPath = Array<string | number>;

/** How a container is read: item by item (each handed over on its own), built whole, or passed over. */
export type JsonReading = 'items' | 'whole' | 'skip';

export interface JsonStreamLimits {
  /** Containers inside each other, the top one counting 1. */
  depth: number;
  /** Characters of one string, key or number. */
  text: number;
}

/** What a document read as a stream is for: the reader asks it how to read and hands it the values. */
export interface JsonStreamHandler {
  /**
   * How to read the container opening at `path`, asked of the top one and of each item of a
   * container read item by item (inside one built whole or passed over, its children follow it).
   */
  open(path: JsonPath, kind: 'object' | 'array'): JsonReading;
  /**
   * A value built whole (a container or a plain value) whose container is read item by item, or
   * the document itself when its top is no container read so. `path` is the reader's own: copy it to keep it.
   */
  take(path: JsonPath, value: unknown): void;
  /** The most items (members, for an object) the container at `path` may hold. */
  itemsMax(path: JsonPath): number;
}

/** Characters read before the event loop gets its turn: a large body never holds it for long. */
const SLICE = 64 * 1024;

/**
 * Reads one JSON document from `source` as its bytes arrive, never holding more of it than the
 * values built whole, and refuses it (VALIDATION_ERROR at the place) as soon as it breaks a limit
 * or the syntax: no container deeper than `limits.depth`, none with more items than the handler
 * allows, no text longer than `limits.text`. Objects are built without a prototype, so a
 * `__proto__` key is only data.
 */
export async function readJsonStream(
  source: AsyncIterable<Uint8Array>,
  limits: JsonStreamLimits,
  handler: JsonStreamHandler,
): Promise<void> {
  const reader = new JsonStreamReader(limits, handler);
  const decoder = new TextDecoder();
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length; at += SLICE) {
      reader.write(decoder.decode(chunk.subarray(at, at + SLICE), { stream: true }));
      await nextTurn();
    }
  }
  reader.write(decoder.decode());
  reader.end();
}

interface Frame {
  kind: 'object' | 'array';
  reading: JsonReading;
  /** What is built of it, when it is read whole. */
  value: Record<string, unknown> | unknown[] | undefined;
  items: number;
  itemsMax: number;
}

/** What may come next outside a string, number or literal. */
type Expecting = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';

const ESCAPES = new Map(
  Object.entries({ '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }),
);
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS = new Map<string, unknown>([
  ['true', true],
  ['false', false],
  ['null', null],
]);

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isNumberPart = (c: number) =>
  (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || (c | 0x20) === 0x65;
const isLetter = (c: number) => c >= 0x61 && c <= 0x7a;

/** A push parser: `write` takes the text as it comes, in pieces of any size, `end` after the last. */
class JsonStreamReader {
  private readonly stack: Frame[] = [];
  /** One place per open container: its current key or index. */
  private readonly path: JsonPath = [];
  private expecting: Expecting = 'value';
  /** The string, number or literal being read, if one is. */
  private token: { kind: 'string' | 'key' | 'number' | 'literal'; text: string } | null = null;
  /** Inside a string: 0 plain, 1 after a backslash, 2 in the hex digits of \u. */
  private escape = 0;
  private hex = '';
  /** Characters read before the piece being read, for the place of a syntax error. */
  private readBefore = 0;

  constructor(
    private readonly limits: JsonStreamLimits,
    private readonly handler: JsonStreamHandler,
  ) {}

  write(text: string): void {
    let i = 0;
    while (i < text.length) {
      if (this.token?.kind === 'string' || this.token?.kind === 'key') i = this.readString(text, i);
      else if (this.token) i = this.readWord(text, i);
      else {
        const c = text.charCodeAt(i);
        if (!isSpace(c)) this.readSign(text, i, c);
        i += 1;
      }
    }
    this.readBefore += text.length;
  }

  end(): void {
    if (this.token && this.token.kind !== 'string' && this.token.kind !== 'key') this.finishWord();
    if (this.expecting !== 'end' || this.token) throw unreadable('The document ends before it is complete');
  }

  /** A character outside any token: a container's sign, or the start of a token. */
  private readSign(text: string, i: number, c: number): void {
    const top = this.stack.at(-1);
    const closing = top?.kind === 'array' ? 0x5d : 0x7d;
    const expecting = this.expecting;
    if ((expecting === 'valueOrClose' || expecting === 'keyOrClose' || expecting === 'commaOrClose') && c === closing) {
      this.close();
    } else if (expecting === 'value' || expecting === 'valueOrClose') this.startValue(text, i, c);
    else if (expecting === 'key' || expecting === 'keyOrClose') this.startKey(text, i, c);
    else if (expecting === 'colon' && c === 0x3a) this.expecting = 'value';
    else if (expecting === 'commaOrClose' && c === 0x2c) this.expecting = top!.kind === 'array' ? 'value' : 'key';
    else throw this.unexpected(text, i);
  }

  private startValue(text: string, i: number, c: number): void {
    const top = this.stack.at(-1);
    if (top?.kind === 'array') {
      this.count(top);
      this.path[this.path.length - 1] = top.items - 1;
    }
    if (c === 0x7b || c === 0x5b) this.open(c === 0x7b ? 'object' : 'array');
    else if (c === 0x22) this.token = { kind: 'string', text: '' };
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) this.token = { kind: 'number', text: text[i]! };
    else if (isLetter(c)) this.token = { kind: 'literal', text: text[i]! };
    else throw this.unexpected(text, i);
  }

  private startKey(text: string, i: number, c: number): void {
    if (c !== 0x22) throw this.unexpected(text, i);
    this.count(this.stack.at(-1)!);
    this.token = { kind: 'key', text: '' };
  }

  /** One more item in `frame`, past its most refused at once. */
  private count(frame: Frame): void {
    frame.items += 1;
    if (frame.items > frame.itemsMax) {
      throw validationError(placeOf(this.path.slice(0, -1)), 'input.tooBig', {
        origin: frame.kind,
        maximum: frame.itemsMax,
      });
    }
  }

  private open(kind: 'object' | 'array'): void {
    if (this.stack.length >= this.limits.depth) {
      throw validationError(placeOf(this.path), 'request.tooDeep', { max: this.limits.depth });
    }
    const parent = this.stack.at(-1);
    const reading = !parent || parent.reading === 'items' ? this.handler.open(this.path, kind) : parent.reading;
    const value = reading !== 'whole' ? undefined : kind === 'object' ? Object.create(null) : [];
    this.stack.push({ kind, reading, value, items: 0, itemsMax: this.handler.itemsMax(this.path) });
    this.path.push(0);
    this.expecting = kind === 'object' ? 'keyOrClose' : 'valueOrClose';
  }

  private close(): void {
    const frame = this.stack.pop()!;
    this.path.pop();
    if (frame.reading === 'whole') this.complete(frame.value);
    else this.expecting = this.stack.length === 0 ? 'end' : 'commaOrClose';
  }

  /** A value read whole: handed over, put into the container built around it, or passed over. */
  private complete(value: unknown): void {
    const top = this.stack.at(-1);
    if (!top || top.reading === 'items') this.handler.take(this.path, value);
    else if (Array.isArray(top.value)) top.value.push(value);
    else if (top.value) top.value[this.path.at(-1) as string] = value;
    this.expecting = this.stack.length === 0 ? 'end' : 'commaOrClose';
  }

  private readString(text: string, start: number): number {
    const token = this.token!;
    let i = start;
    while (i < text.length) {
      if (this.escape === 0) {
        let j = i;
        for (let c = text.charCodeAt(j); j < text.length && c !== 0x22 && c !== 0x5c && c >= 0x20; ) {
          j += 1;
          c = text.charCodeAt(j);
        }
        if (j > i) this.append(token, text.slice(i, j));
        i = j;
        if (i === text.length) break;
        const c = text.charCodeAt(i);
        i += 1;
        if (c === 0x5c) this.escape = 1;
        else if (c === 0x22) {
          this.finishString();
          return i;
        } else throw this.unexpected(text, i - 1);
      } else if (this.escape === 1) {
        const escaped = ESCAPES.get(text[i]!);
        if (escaped !== undefined) {
          this.append(token, escaped);
          this.escape = 0;
        } else if (text[i] === 'u') {
          this.escape = 2;
          this.hex = '';
        } else throw this.unexpected(text, i);
        i += 1;
      } else {
        if (!/[0-9a-fA-F]/.test(text[i]!)) throw this.unexpected(text, i);
        this.hex += text[i];
        i += 1;
        if (this.hex.length === 4) {
          this.append(token, String.fromCharCode(Number.parseInt(this.hex, 16)));
          this.escape = 0;
        }
      }
    }
    return i;
  }

  private finishString(): void {
    const { kind, text } = this.token!;
    this.token = null;
    if (kind === 'key') {
      this.path[this.path.length - 1] = text;
      this.expecting = 'colon';
    } else this.complete(text);
  }

  /** A number or a literal, which ends at the first character that cannot be part of it. */
  private readWord(text: string, start: number): number {
    const token = this.token!;
    const belongs = token.kind === 'number' ? isNumberPart : isLetter;
    let i = start;
    while (i < text.length && belongs(text.charCodeAt(i))) i += 1;
    if (i > start) this.append(token, text.slice(start, i));
    if (i < text.length) this.finishWord();
    return i;
  }

  private finishWord(): void {
    const { kind, text } = this.token!;
    this.token = null;
    if (kind === 'number') {
      if (!NUMBER.test(text)) throw unreadable(`"${text}" at character ${this.readBefore} is not a number`);
      this.complete(Number(text));
    } else if (LITERALS.has(text)) this.complete(LITERALS.get(text));
    else throw unreadable(`"${text}" at character ${this.readBefore} is not a value`);
  }

  private append(token: { text: string }, more: string): void {
    token.text += more;
    if (token.text.length > this.limits.text) {
      throw validationError(placeOf(this.path), 'input.tooBig', { origin: 'string', maximum: this.limits.text });
    }
  }

  private unexpected(text: string, i: number) {
    return unreadable(`Unexpected ${JSON.stringify(text[i])} at character ${this.readBefore + i}`);
  }
}

/** A path as the API names fields: `transactions.12.note`; the body itself when it is the top. */
const placeOf = (path: JsonPath) => (path.length === 0 ? 'body' : path.join('.'));

const unreadable = (reason: string) => validationError('body', 'request.unreadable', { reason });
