/**
 * Where a piece of `text` of at most `size` characters from `at` ends: never between the two halves
 * of a character beyond 16 bits (an emoji), since each piece is encoded, or stored, alone.
 */
export function pieceEnd(text: string, at: number, size: number): number {
  const end = Math.min(at + size, text.length);
  return end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!) ? end - 1 : end;
}
