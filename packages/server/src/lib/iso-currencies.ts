import currencyCodes from 'currency-codes';

/** Codes ISO reserves for testing and for "no currency": nothing a person keeps money in. */
const NOT_MONEY = new Set(['XTS', 'XXX']);

export interface IsoCurrency {
  code: string;
  name: string;
  number: number;
  digits: number;
}

/** The maintained ISO 4217 list, sorted by code so ids come out the same on every fresh database. */
export function currencyList(): IsoCurrency[] {
  return currencyCodes.data
    .filter((c) => !NOT_MONEY.has(c.code))
    .map((c) => ({ code: c.code, name: c.currency, number: Number(c.number), digits: c.digits }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
