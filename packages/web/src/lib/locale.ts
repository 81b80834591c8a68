/**
 * The interface is in English; dates and numbers follow it until user settings bring a locale of
 * their own. One fixed locale also keeps every formatted figure the same on any machine.
 */
export const DISPLAY_LOCALE = 'en-GB';
