/** The event bus other modules publish to. */
export type { EndedSessions, EventBus } from './service.ts';
export { endedBy } from './service.ts';
