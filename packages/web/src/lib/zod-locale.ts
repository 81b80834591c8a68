import type { AppLocale } from '@kopiyka/shared/locale';
import { config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import uk from 'zod/v4/locales/uk.js';

/** zod's own messages (a wrong type, a missing field), by language. */
const MESSAGES: Record<AppLocale, typeof en> = { en, uk };

/** zod speaks `locale` from now on. */
export function setZodLocale(locale: AppLocale): void {
  config(MESSAGES[locale]());
}
