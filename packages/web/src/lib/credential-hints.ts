import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@kopiyka/shared';
import { t } from './i18n.ts';

/** The rules of usernameSchema and passwordSchema in words, under the fields that set them. */
export const usernameHint = () => t('auth.usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX });
export const newPasswordHint = () => t('auth.newPasswordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX });
