import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
// The contract's module, not its index: the index brings every schema, and with it zod, into the first load.
import { type AppLocale, appLocale } from '@kopiyka/shared/locale';
import { createElement, Fragment, isValidElement, type ReactNode } from 'react';
import { create } from 'zustand';
import { LOCALE_STORAGE_KEY } from './constants.ts';
import type { en } from './messages/en.ts';
import { local } from './storage.ts';

/** The id of a text of the interface: the English catalogue names them all (the other must match it). */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
export type MessageValues = Record<string, string | number>;

type LoadedLocale = {
  messages: Catalogue;
  /**
   * The shared schemas' and the server's English messages, by their English text (ICU arguments
   * where the text varies: "Username must be at least {min} characters"), in this language.
   */
  validation: Record<string, string>;
};

/**
 * Each language is its own chunk, fetched when chosen: the first load carries neither catalogue
 * beyond the one it speaks.
 */
const LOADERS: Record<AppLocale, () => Promise<LoadedLocale>> = {
  en: async () => {
    const { en } = await import('./messages/en.ts');
    return { messages: en, validation: {} };
  },
  uk: async () => {
    const { uk, ukValidation } = await import('./messages/uk.ts');
    return { messages: uk, validation: ukValidation };
  },
};

/** How Intl formats for each language: English as in Britain ("UAH 1,234.56", "14 Nov 2026"). */
export const FORMAT_LOCALES: Record<AppLocale, string> = { en: 'en-GB', uk: 'uk' };

type I18nState = {
  locale: AppLocale;
  intl: IntlShape<ReactNode>;
  /** English templates of validation messages, matched against the text of a message. */
  validationPatterns: ReadonlyArray<{ template: string; pattern: RegExp; names: string[] }>;
};

const cache = createIntlCache();
const emptyIntl = (locale: AppLocale) => createIntl<ReactNode>({ locale: FORMAT_LOCALES[locale], messages: {} }, cache);

export const useI18nStore = create<I18nState>()(() => ({
  locale: 'en',
  intl: emptyIntl('en'),
  validationPatterns: [],
}));

const ARGUMENT = /\\\{(\w+)\\\}/g;

function patternOf(template: string) {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { template, pattern: new RegExp(`^${escaped.replace(ARGUMENT, '(.+?)')}$`, 's'), names };
}

/**
 * zod's own messages in `locale`. zod is fetched here, the first load does without it (the first page
 * that validates brings it). Every call awaits the same module, so the last choice is applied last.
 */
async function speakZod(locale: AppLocale): Promise<void> {
  const { setZodLocale } = await import('./zod-locale.ts');
  setZodLocale(locale);
}

/** Loads `locale`'s catalogue and speaks it from now on: texts, Intl formats, `<html lang>`. */
async function setCatalogue(locale: AppLocale): Promise<void> {
  const loaded = await LOADERS[locale]();
  const intl = createIntl<ReactNode>(
    {
      locale: FORMAT_LOCALES[locale],
      messages: { ...loaded.validation, ...loaded.messages },
      // A missing text is a bug the catalogue test catches; at run time the key is shown, not a crash.
      onError: () => undefined,
    },
    cache,
  );
  document.documentElement.lang = locale;
  useI18nStore.setState({ locale, intl, validationPatterns: Object.keys(loaded.validation).map(patternOf) });
}

/** Speaks `locale` from now on: its texts, Intl formats, zod's own messages, `<html lang>`. */
export async function setLocale(locale: AppLocale): Promise<void> {
  await Promise.all([setCatalogue(locale), speakZod(locale)]);
}

/** The language chosen here before: on the sign-in page, or the signed-in user's saved one. */
export function savedLocale(): AppLocale | null {
  const saved = local.get(LOCALE_STORAGE_KEY);
  return saved === null ? null : appLocale(saved);
}

/** A saved choice wins; before any, the browser's first language (Ukrainian for `uk*`, else English). */
export function resolveInitialLocale(saved: AppLocale | null, browserLanguages: readonly string[]): AppLocale {
  return saved ?? appLocale(browserLanguages[0]);
}

/** Speaks `locale` and remembers it for the next visit. */
export function chooseLocale(locale: AppLocale): Promise<void> {
  local.set(LOCALE_STORAGE_KEY, locale);
  return setLocale(locale);
}

/**
 * Runs before the first render, so the first paint is in the right language. The render waits for
 * the texts only: zod's messages are fetched at once beside them, long before a form's page arrives.
 */
export function initLocale(): Promise<void> {
  const locale = resolveInitialLocale(savedLocale(), navigator.languages ?? [navigator.language]);
  void speakZod(locale);
  return setCatalogue(locale);
}

/** A text of the interface in the current language, ICU arguments (plurals too) filled in. */
export function t(key: MessageKey, values?: MessageValues): string {
  return useI18nStore.getState().intl.formatMessage({ id: key }, values);
}

/**
 * `t` for a text with `<tags>`, each tag's function wrapping its part (`strong: (chunks) => <b>{chunks}</b>`).
 * The parts come back keyed by position (a text's parts never reorder), as react-intl keys them.
 */
export function tRich(
  key: MessageKey,
  values: Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>,
): ReactNode {
  const text = useI18nStore.getState().intl.formatMessage({ id: key }, values);
  if (!Array.isArray(text)) return text;
  return text.map((part, index) => (isValidElement(part) ? createElement(Fragment, { key: index }, part) : part));
}

/** `t` for components: re-renders them when the language changes. */
export function useT(): typeof t {
  useI18nStore((state) => state.intl);
  return t;
}

export function useLocale(): AppLocale {
  return useI18nStore((state) => state.locale);
}

/**
 * A message of the shared schemas or of the server (both English) in the current language; a label
 * it names ("Name must not…") is translated too. Unknown text stays as it is.
 */
export function localizeMessage(message: string): string {
  const { intl, validationPatterns } = useI18nStore.getState();
  for (const { template, pattern, names } of validationPatterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = match[index + 1]!;
        if (/^\d+$/.test(value)) return [name, Number(value)];
        return [name, validationPatterns.some((other) => other.template === value) ? localizeMessage(value) : value];
      }),
    );
    return intl.formatMessage({ id: template }, values);
  }
  return message;
}
