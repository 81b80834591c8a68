import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@kopiyka/shared';

/** The rules of usernameSchema and passwordSchema in words, under the fields that set them. */
export const USERNAME_HINT = `${USERNAME_MIN}–${USERNAME_MAX} characters: letters of one alphabet (Latin or Cyrillic, not mixed), digits, “.”, “_” or “-”.`;
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN}–${PASSWORD_MAX} characters, not only spaces, and not a common password such as “password123”.`;
