import { FORMAT_LOCALES, useI18nStore } from './i18n.ts';

/**
 * The Intl locale of the interface's language ("en-GB", "uk"): every number, amount and date is
 * formatted for it, through this module's formatters.
 */
export function displayLocale(): string {
  return FORMAT_LOCALES[useI18nStore.getState().locale];
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Formatters are costly to build and lists format many values: one per locale, kind and set of options. */
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(options: Intl.NumberFormatOptions = {}, locale = displayLocale()): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale = displayLocale()): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}
