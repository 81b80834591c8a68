/** What other modules use of account groups; app.ts builds the service and its routes. */
export { assertOwnGroup, restoreGroups } from './service.ts';
