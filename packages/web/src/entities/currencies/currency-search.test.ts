import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { sampleCurrencies } from '../../test/api.ts';
import { currencyName } from './currency-name.ts';
import { searchCurrencies } from './currency-search.ts';

const codes = (query: string) => searchCurrencies(sampleCurrencies, query).map((currency) => currency.code);

describe('currency search', () => {
  it('lists the popular currencies first, then the rest by code', () => {
    expect(codes('')).toEqual(['UAH', 'USD', 'EUR', 'GBP', 'PLN', 'CHF', 'JPY']);
  });

  it('finds by code, case-insensitively', () => {
    expect(codes('usd')).toEqual(['USD']);
    // Codes starting with U come before names that merely contain a u.
    expect(codes('U')).toEqual(['UAH', 'USD', 'EUR', 'GBP']);
  });

  it('finds by name and by a word inside the name', () => {
    expect(codes('euro')).toEqual(['EUR']);
    expect(codes('franc')).toEqual(['CHF']);
    expect(codes('dollar')).toEqual(['USD']);
  });

  it('ranks code matches above name matches', () => {
    // "PL" starts the code PLN, and no name; "po" starts "Pound".
    expect(codes('pl')).toEqual(['PLN']);
    expect(codes('  gbp ')).toEqual(['GBP']);
  });

  it('finds nothing for a query nothing matches', () => {
    expect(codes('xyz')).toEqual([]);
  });

  describe('in Ukrainian', () => {
    afterEach(() => setLocale('en'));

    it('names the currencies in Ukrainian, and finds them by that name or the English one', async () => {
      await setLocale('uk');
      const hryvnia = sampleCurrencies.find((currency) => currency.code === 'UAH')!;
      expect(currencyName(hryvnia)).toBe('Українська гривня');
      expect(codes('гривн')).toEqual(['UAH']);
      expect(codes('фунт')).toEqual(['GBP']);
      expect(codes('dollar')).toEqual(['USD']);
    });

    it('names in Ukrainian the newer currencies Intl may not know', async () => {
      await setLocale('uk');
      expect(currencyName({ code: 'VED', name: 'Bolívar Soberano' })).toBe('Венесуельський цифровий болівар');
      expect(currencyName({ code: 'XBT', name: 'Bitcoin' })).toBe('Bitcoin');
    });
  });
});
