import type { Currency } from '@kopiyka/shared';
import { useI18nStore } from '../../lib/i18n.ts';
import { displayLocale } from '../../lib/locale.ts';

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A currency's name in the interface's language. The server names currencies in English, which
 * English shows as it is; another language takes Intl's name, or the server's when Intl has none
 * (a crypto coin, say).
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
  return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : currency.name;
}
