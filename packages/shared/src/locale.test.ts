import { describe, expect, it } from 'vitest';
import { appLocale, localeFromAcceptLanguage } from './locale.ts';

describe('appLocale', () => {
  it('speaks Ukrainian to uk and its regional tags, English to everything else', () => {
    expect(appLocale('uk')).toBe('uk');
    expect(appLocale('uk-UA')).toBe('uk');
    expect(appLocale('UK-ua')).toBe('uk');
    expect(appLocale('en-GB')).toBe('en');
    expect(appLocale('pl')).toBe('en');
    expect(appLocale('ukr')).toBe('en');
    expect(appLocale(undefined)).toBe('en');
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the most preferred tag', () => {
    expect(localeFromAcceptLanguage('uk-UA,uk;q=0.9,en;q=0.8')).toBe('uk');
    expect(localeFromAcceptLanguage('en;q=0.5, uk;q=0.9')).toBe('uk');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,uk;q=0.8')).toBe('en');
  });

  it('falls back to English without a usable header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage('*')).toBe('en');
  });
});
