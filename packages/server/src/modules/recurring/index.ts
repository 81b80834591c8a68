/** What other modules use of recurring money; app.ts builds the service, its routes and its job. */
export type { RecurringService } from './service.ts';
