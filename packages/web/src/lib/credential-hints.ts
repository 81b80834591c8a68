import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@kopiyka/shared';

/** The rules of usernameSchema and passwordSchema in words, under the fields that set them. */
export const USERNAME_HINT = `${USERNAME_MIN}–${USERNAME_MAX} characters: letters, digits, “.”, “_” or “-”. Letters of one alphabet only (Latin or Cyrillic, not both).`;
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN}–${PASSWORD_MAX} characters, not only spaces, and not a common password such as “password123”.`;
