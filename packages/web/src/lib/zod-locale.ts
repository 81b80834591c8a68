import { speakIssues } from '@kopiyka/shared/issues';
import type { AppLocale } from '@kopiyka/shared/locale';
import { config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import uk from 'zod/v4/locales/uk.js';
import { issueText } from './i18n.ts';

/** zod's own messages (a wrong type, a missing field), by language. */
const MESSAGES: Record<AppLocale, typeof en> = { en, uk };

/**
 * zod speaks `locale` from now on, and so do the shared schemas' own checks: each words its issue
 * through the catalogue by code (`issueText`), so a form's errors come in the user's language.
 */
export function setZodLocale(locale: AppLocale): void {
  config(MESSAGES[locale]());
  speakIssues(issueText);
}
