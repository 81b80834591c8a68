import currencyCodes from 'currency-codes';

/** Codes ISO reserves for testing and for "no currency": nothing a person keeps money in. */
const NOT_MONEY = new Set(['XTS', 'XXX']);

export interface IsoCurrency {
  code: string;
  name: string;
  number: number;
  digits: number;
}

/**
 * Entries of the ISO list that are not money a person keeps: fund and accounting units (Chile's
 * UF, Mexico's UDI, Uruguay's UI…), "next day" dollars, WIR, precious metals, bond units, SDR.
 */
// biome-ignore format: a list
const NOT_HELD = new Set([
  'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW',
  'XAG', 'XAU', 'XPD', 'XPT', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA',
]);

/**
 * Whether a currency is offered to be kept: amounts are stored in hundredths, so a
 * currency of three decimals (KWD, BHD, …) could not be held exactly, and the ISO list's funds,
 * metals and units are nobody's account. They stay in the table (ids and old rows keep working)
 * but are neither listed nor accepted for a new account, currency or base.
 */
export function isOffered(currency: { code: string; digits: number }): boolean {
  return currency.digits <= 2 && !NOT_HELD.has(currency.code);
}

/** The maintained ISO 4217 list, sorted by code so ids come out the same on every fresh database. */
export function currencyList(): IsoCurrency[] {
  return currencyCodes.data
    .filter((c) => !NOT_MONEY.has(c.code))
    .map((c) => ({ code: c.code, name: c.currency, number: Number(c.number), digits: c.digits }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
