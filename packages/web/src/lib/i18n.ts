import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { CodedIssue } from '@kopiyka/shared/issues';
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

/**
 * Each language is its own chunk, fetched when chosen: the first load carries neither catalogue
 * beyond the one it speaks.
 */
const LOADERS: Record<AppLocale, () => Promise<Catalogue>> = {
  en: async () => (await import('./messages/en.ts')).en,
  uk: async () => (await import('./messages/uk.ts')).uk,
};

/** The web-app manifest of each language (public/): the app's name and short name on the home screen. */
export const MANIFESTS: Record<AppLocale, string> = { en: '/manifest.webmanifest', uk: '/manifest.uk.webmanifest' };

/** How Intl formats for each language: English as in Britain ("UAH 1,234.56", "14 Nov 2026"). */
export const FORMAT_LOCALES: Record<AppLocale, string> = { en: 'en-GB', uk: 'uk' };

type I18nState = {
  locale: AppLocale;
  intl: IntlShape<ReactNode>;
};

const cache = createIntlCache();
const emptyIntl = (locale: AppLocale) => createIntl<ReactNode>({ locale: FORMAT_LOCALES[locale], messages: {} }, cache);

export const useI18nStore = create<I18nState>()(() => ({
  locale: 'en',
  intl: emptyIntl('en'),
}));

/**
 * zod's own messages in `locale`. zod is fetched here, the first load does without it (the first page
 * that validates brings it). Every call awaits the same module, so the last choice is applied last.
 */
async function speakZod(locale: AppLocale): Promise<void> {
  const { setZodLocale } = await import('./zod-locale.ts');
  setZodLocale(locale);
}

/** Loads `locale`'s catalogue and speaks it from now on: texts, Intl formats, `<html lang>`, the page's description and manifest. */
async function setCatalogue(locale: AppLocale): Promise<void> {
  const messages = await LOADERS[locale]();
  const intl = createIntl<ReactNode>(
    {
      locale: FORMAT_LOCALES[locale],
      messages,
      // A missing text is a bug the catalogue test catches; at run time the key is shown, not a crash.
      onError: () => undefined,
    },
    cache,
  );
  document.documentElement.lang = locale;
  document
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', intl.formatMessage({ id: 'shell.description' }));
  // The home screen names the app in the language it speaks (public/locale-boot.js chose the first).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFESTS[locale]);
  useI18nStore.setState({ locale, intl });
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

/**
 * One full stop where a value that ends in one closes a sentence: a Ukrainian date ends in the
 * abbreviation "р.", and "На {day}." must read "На 1 листопада 2026 р.", not "… 2026 р..".
 */
function oneFullStop(text: string, values: MessageValues | undefined): string {
  if (values === undefined) return text;
  return Object.values(values).reduce<string>(
    (result, value) =>
      typeof value === 'string' && value.endsWith('.') ? result.replaceAll(`${value}.`, value) : result,
    text,
  );
}

/** A text of the interface in the current language, ICU arguments (plurals too) filled in. */
export function t(key: MessageKey, values?: MessageValues): string {
  return oneFullStop(useI18nStore.getState().intl.formatMessage({ id: key }, values), values);
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
 * A validation issue of the shared schemas or of the server, by its code (shared/issues.ts), in the
 * current language: the catalogue's `issue.<code>` with its parameters, a `{field}` named by the
 * catalogue too. Parameters go in as text, as the English message has them (no digit grouping).
 * The server's own English `message`, when given, is shown as it is in English, and stands in for a
 * code this build's catalogue does not know yet (a newer server).
 */
export function issueText(issue: CodedIssue & { message?: string }): string {
  const { intl, locale } = useI18nStore.getState();
  const key = `issue.${issue.code}`;
  if (issue.message !== undefined && (locale === 'en' || !(key in intl.messages))) return issue.message;
  const values = Object.fromEntries(
    Object.entries(issue.params).map(([name, value]) => [
      name,
      name === 'field' ? t(`issueField.${value}` as MessageKey) : String(value),
    ]),
  );
  return t(key as MessageKey, values);
}

/**
 * A problem a job stored (an import's bad row, why a job stopped): translated by the issue code
 * stored beside its English text, or that text as it is where it was stored without one.
 */
export function storedIssueText(message: string, issue: Partial<CodedIssue> | null | undefined): string {
  return issue?.code ? issueText({ code: issue.code, params: issue.params ?? {}, message }) : message;
}
