// Without zod: the web's first load folds names too (whose session a stored page was).

/**
 * What Unicode full case folding (CaseFolding.txt, statuses C and F) folds beyond `toLowerCase`, once
 * a name is in NFKC (which already takes ligatures, `ſ`, `ŉ` and the Greek symbol variants apart):
 * the sharp s, the final sigma, the iota subscript (every Greek letter that carries one decomposes to
 * it) and the old Cyrillic letter variants.
 */
const FOLDS_BEYOND_LOWER_CASE: Record<string, string> = {
  ß: 'ss',
  ς: 'σ',
  '\u0345': 'ι',
  ᲀ: 'в',
  ᲁ: 'д',
  ᲂ: 'о',
  ᲃ: 'с',
  ᲄ: 'т',
  ᲅ: 'т',
  ᲆ: 'ъ',
  ᲇ: 'ѣ',
  ᲈ: 'ꙋ',
};
const FOLDED_BEYOND_LOWER_CASE = new RegExp(`[${Object.keys(FOLDS_BEYOND_LOWER_CASE).join('')}]`, 'gu');

/**
 * The form two names are compared in whatever their case, in every script: equal for `Straße` and
 * `STRASSE`, `ΟΔΟΣ` and `οδος`, `ﬀ` and `FF`, `Відпустка` and `ВІДПУСТКА` (docs/decisions.md
 * "Usernames compared under full case folding"). Lower case first (a capital `ẞ` becomes `ß`), then
 * decomposed so that a letter with an iota subscript shows it as a mark of its own, then composed again.
 */
export function foldCase(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(FOLDED_BEYOND_LOWER_CASE, (letter) => FOLDS_BEYOND_LOWER_CASE[letter]!)
    .normalize('NFKC');
}

/** The form two usernames are compared in (tag names are compared the same way). */
export const foldUsername = foldCase;
