import { describe, expect, it } from 'vitest';
import { callSpacing } from './bank-calls.ts';

describe('the spacing of a token’s calls', () => {
  it('is Monobank’s interval and a margin (2 %, at least a quarter second), none without an interval', () => {
    expect(callSpacing(60_000)).toBe(61_200);
    expect(callSpacing(3_000)).toBe(3_250);
    expect(callSpacing(0)).toBe(0);
  });
});
