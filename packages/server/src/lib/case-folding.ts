/**
 * Case-insensitive matching in every script that does not rely on the database's locale: the
 * embedded database runs in the C locale, where lower() and ILIKE fold only ASCII, so "сІЛЬПО"
 * would miss "Сільпо" there and find it on a server PostgreSQL (docs/decisions.md "Search").
 * Each character of the Basic Multilingual Plane is folded to its lower case when that is one
 * other code unit; a word becomes a regular expression in which every such letter stands for all
 * the characters folding alike, so the database matches it as written, in any locale.
 */

let classes: Map<string, string> | undefined;

/** A character folded: its lower case when that is one other code unit, else itself. */
function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return lower.length === 1 ? lower : char;
}

/** Every folded letter with the characters that fold to it (itself included), worked out once. */
function foldClasses(): Map<string, string> {
  if (classes) return classes;
  classes = new Map();
  for (let code = 0; code <= 0xffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCharCode(code);
    const folded = foldChar(char);
    if (folded === char) continue;
    classes.set(folded, (classes.get(folded) ?? folded) + char);
  }
  return classes;
}

/** Text folded as the patterns fold it: what a name is compared as. */
export function foldCase(text: string): string {
  return Array.from(text, foldChar).join('');
}

/** The characters a PostgreSQL regular expression reads as more than themselves. */
const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/;

/**
 * A PostgreSQL regular expression (for `~`) matching `word` anywhere, whatever the case of each
 * letter; every other character, `%` and `_` included, stands for itself.
 */
export function caseInsensitivePattern(word: string): string {
  const folded = foldClasses();
  return Array.from(word, (char) => {
    const alike = folded.get(foldChar(char));
    if (alike) return `[${alike}]`;
    return REGEX_SPECIAL.test(char) ? `\\${char}` : char;
  }).join('');
}
