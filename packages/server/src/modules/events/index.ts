/** The event bus other modules publish to. */
export type { EventBus } from './service.ts';
