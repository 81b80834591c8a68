/** The languages the app speaks (issue 16); English is the one every text is written in first. */
export const APP_LOCALES = ['en', 'uk'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';

/** The app's language for a BCP 47 tag: Ukrainian for `uk` and `uk-*`, else English. */
export function appLocale(tag: string | null | undefined): AppLocale {
  return tag?.trim().toLowerCase().split('-')[0] === 'uk' ? 'uk' : DEFAULT_LOCALE;
}

/**
 * The app's language for an `Accept-Language` header ("uk-UA,uk;q=0.9,en;q=0.8"): the tag the
 * sender prefers most (ties go to the first listed), English without one.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): AppLocale {
  let best: { tag: string; weight: number } | null = null;
  for (const entry of (header ?? '').split(',')) {
    const [tag = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = quality ? Number(quality.slice(2)) : 1;
    if (tag !== '' && Number.isFinite(weight) && (best === null || weight > best.weight)) best = { tag, weight };
  }
  return appLocale(best?.tag);
}
