import { create } from 'zustand';
import { FORMAT_LOCALES, useI18nStore } from './i18n.ts';
import { currentZoneName } from './time-zones.ts';

/**
 * The Intl locale of the interface's language ("en-GB", "uk"): every number, amount and date is
 * formatted for it, through this module's formatters.
 */
export function displayLocale(): string {
  return FORMAT_LOCALES[useI18nStore.getState().locale];
}

/** The browser's IANA time zone, by its current name: the one days are read in before sign-in, and a new user's. */
export function browserTimeZone(): string {
  return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The signed-in user's saved time zone; null before sign-in (the browser's zone is used). */
export const useTimeZoneStore = create<{ saved: string | null }>()(() => ({ saved: null }));

/** Follows the user's saved zone from now on; null goes back to the browser's. */
export function setDisplayTimeZone(saved: string | null): void {
  useTimeZoneStore.setState({ saved });
}

/**
 * Issue 16: the zone every moment is shown in and every day and month is read in. The user's saved
 * one, not the browser's when they differ, so the days here are the days the server counts.
 */
export function displayTimeZone(): string {
  return useTimeZoneStore.getState().saved ?? browserTimeZone();
}

/** `displayTimeZone` for components: re-renders them when the zone changes. */
export function useDisplayTimeZone(): string {
  return useTimeZoneStore((state) => state.saved) ?? browserTimeZone();
}

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const formats = new Map<string, Formatter>();

/** Formatters are costly to build and lists format many values: one per locale, kind and set of options. */
function cached<F extends Formatter>(kind: string, locale: string, options: object, make: () => F): F {
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

/** A whole share of a total, "75%"; nothing of nothing is 0%. */
export function formatShare(part: number, total: number): string {
  return numberFormat({ style: 'percent' }).format(total === 0 ? 0 : Math.round((part / total) * 100) / 100);
}

/** "5 minutes ago", "yesterday". */
export function relativeTimeFormat(
  options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' },
  locale = displayLocale(),
): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** Moments in the user's time zone, unless `options` name another. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale = displayLocale()): Intl.DateTimeFormat {
  const zoned = { timeZone: displayTimeZone(), ...options };
  return cached('date', locale, zoned, () => new Intl.DateTimeFormat(locale, zoned));
}

/**
 * Calendar values (a day, a month) built with `Date.UTC`: formatted as UTC, so they read as the
 * same day whatever the zone.
 */
export function calendarFormat(options: Intl.DateTimeFormatOptions, locale = displayLocale()): Intl.DateTimeFormat {
  return dateTimeFormat({ ...options, timeZone: 'UTC' }, locale);
}
