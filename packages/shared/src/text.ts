import type { z } from 'zod';
import { type IssueField, issue } from './issues.ts';

/*
 * What free text (names, notes, usernames, searches) may hold: any well-formed character but the
 * control characters, C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). PostgreSQL cannot store NUL
 * at all, and the others are invisible in a name or a list. A note is the one multi-line field (the
 * web form's textarea), so it keeps line breaks and tabs. A lone surrogate is half of a character
 * (JSON can carry one, `"\ud800"`); no database encoding holds it. docs/decisions.md "Free text".
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text from elsewhere (a bank's statement) made to fit the rule: each run of control characters becomes a space. */
export function controlCharactersAsSpaces(text: string): string {
  return text.replace(new RegExp(`(?:${CONTROL_CHARACTERS.source})+`, 'g'), ' ');
}

/**
 * `text` with the rule of free text added: `field` names the field in the messages ("Name must
 * not contain control characters").
 */
export function freeText<T extends z.ZodString>(text: T, field: IssueField, { multiline = false } = {}): T {
  return text
    .refine((value) => !(multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value), {
      ...issue(multiline ? 'text.controlCharactersButLines' : 'text.controlCharacters', { field }),
      abort: true,
    })
    .refine((value) => !LONE_SURROGATE.test(value), issue('text.brokenCharacter', { field }));
}
