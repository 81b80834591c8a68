import type { Currency } from '@kopiyka/shared';
import { useI18nStore } from '../../lib/i18n.ts';
import { displayLocale } from '../../lib/locale.ts';

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * Ukrainian names of the currencies a browser's Intl may not name yet (newer ISO codes: Chromium
 * has none for these), which would otherwise show in English ("Leone", "Bolívar Soberano").
 */
const UKRAINIAN_NAMES_INTL_MAY_LACK: Readonly<Record<string, string>> = {
  SLE: 'Леоне Сьєрра-Леоне',
  VED: 'Венесуельський цифровий болівар',
  ZWG: 'Зімбабвійський золотий',
};

/**
 * A currency's name in the interface's language. The server names currencies in English, which
 * English shows as it is; Ukrainian takes Intl's name, else one of ours for a newer code, else the
 * server's (a crypto coin, say).
 */
export function currencyName(currency: Pick<Currency, 'code' | 'name'>): string {
  if (useI18nStore.getState().locale === 'en') return currency.name;
  const locale = displayLocale();
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'none' });
    displayNames.set(locale, names);
  }
  const name = names.of(currency.code);
  if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  return UKRAINIAN_NAMES_INTL_MAY_LACK[currency.code] ?? currency.name;
}
