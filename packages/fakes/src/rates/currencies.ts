/** What the emulated services say about each currency besides its rate. */

export interface NbuCurrency {
  /** ISO 4217 numeric code. */
  r030: number;
  /** Ukrainian name, as NBU's `txt`. */
  txt: string;
  /** English name, as NBU's `exchange_site` `enname`. */
  enname: string;
  /** NBU's classifier group, a string in its answers. An approximation: "1" for widely traded currencies. */
  group: '1' | '2';
}

export const NBU_CURRENCIES: Readonly<Record<string, NbuCurrency>> = {
  AUD: { r030: 36, txt: 'Австралійський долар', enname: 'Australian Dollar', group: '1' },
  CAD: { r030: 124, txt: 'Канадський долар', enname: 'Canadian Dollar', group: '1' },
  CNY: { r030: 156, txt: 'Юань Женьміньбі', enname: 'Yuan Renminbi', group: '1' },
  CZK: { r030: 203, txt: 'Чеська крона', enname: 'Czech Koruna', group: '2' },
  DKK: { r030: 208, txt: 'Данська крона', enname: 'Danish Krone', group: '1' },
  HKD: { r030: 344, txt: 'Гонконгівський долар', enname: 'Hong Kong Dollar', group: '1' },
  HUF: { r030: 348, txt: 'Форинт', enname: 'Forint', group: '2' },
  INR: { r030: 356, txt: 'Індійська рупія', enname: 'Indian Rupee', group: '2' },
  ILS: { r030: 376, txt: 'Новий ізраїльський шекель', enname: 'New Israeli Sheqel', group: '2' },
  JPY: { r030: 392, txt: 'Єна', enname: 'Yen', group: '1' },
  KZT: { r030: 398, txt: 'Теньге', enname: 'Tenge', group: '2' },
  MDL: { r030: 498, txt: 'Молдовський лей', enname: 'Moldovan Leu', group: '2' },
  NZD: { r030: 554, txt: 'Новозеландський долар', enname: 'New Zealand Dollar', group: '1' },
  NOK: { r030: 578, txt: 'Норвезька крона', enname: 'Norwegian Krone', group: '1' },
  SGD: { r030: 702, txt: 'Сінгапурський долар', enname: 'Singapore Dollar', group: '1' },
  SEK: { r030: 752, txt: 'Шведська крона', enname: 'Swedish Krona', group: '1' },
  CHF: { r030: 756, txt: 'Швейцарський франк', enname: 'Swiss Franc', group: '1' },
  GBP: { r030: 826, txt: 'Фунт стерлінгів', enname: 'Pound Sterling', group: '1' },
  USD: { r030: 840, txt: 'Долар США', enname: 'US Dollar', group: '1' },
  AZN: { r030: 944, txt: 'Азербайджанський манат', enname: 'Azerbaijan Manat', group: '2' },
  RON: { r030: 946, txt: 'Румунський лей', enname: 'Romanian Leu', group: '2' },
  TRY: { r030: 949, txt: 'Турецька ліра', enname: 'Turkish Lira', group: '2' },
  EUR: { r030: 978, txt: 'Євро', enname: 'Euro', group: '1' },
  GEL: { r030: 981, txt: 'Ларі', enname: 'Lari', group: '2' },
  PLN: { r030: 985, txt: 'Злотий', enname: 'Zloty', group: '2' },
};

/** A currency a test table brings that the list above lacks still gets an answer, as NBU would give one. */
export function nbuCurrency(code: string): NbuCurrency {
  return NBU_CURRENCIES[code] ?? { r030: 0, txt: code, enname: code, group: '2' };
}

/** Frankfurter v1 `/currencies` names (it takes them from the Ruby `money` gem). */
export const FRANKFURTER_NAMES: Readonly<Record<string, string>> = {
  AUD: 'Australian Dollar',
  BGN: 'Bulgarian Lev',
  BRL: 'Brazilian Real',
  CAD: 'Canadian Dollar',
  CHF: 'Swiss Franc',
  CNY: 'Chinese Renminbi Yuan',
  CZK: 'Czech Koruna',
  DKK: 'Danish Krone',
  EUR: 'Euro',
  GBP: 'British Pound',
  HKD: 'Hong Kong Dollar',
  HUF: 'Hungarian Forint',
  IDR: 'Indonesian Rupiah',
  ILS: 'Israeli New Sheqel',
  INR: 'Indian Rupee',
  ISK: 'Icelandic Króna',
  JPY: 'Japanese Yen',
  KRW: 'South Korean Won',
  MXN: 'Mexican Peso',
  MYR: 'Malaysian Ringgit',
  NOK: 'Norwegian Krone',
  NZD: 'New Zealand Dollar',
  PHP: 'Philippine Peso',
  PLN: 'Polish Złoty',
  RON: 'Romanian Leu',
  SEK: 'Swedish Krona',
  SGD: 'Singapore Dollar',
  THB: 'Thai Baht',
  TRY: 'Turkish Lira',
  USD: 'United States Dollar',
  ZAR: 'South African Rand',
};
