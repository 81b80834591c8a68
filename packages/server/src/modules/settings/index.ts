/** What other modules use of user settings. */
export { insertDefaultSettings, removeExcludedCategory, updateSettings } from './queries.ts';
export { assertDatabaseKnowsZone, getSettings } from './service.ts';
