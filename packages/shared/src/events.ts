import { z } from 'zod';
import { importProgressSchema } from './imports.ts';
import { bankUserSchema, monobankJobSchema } from './monobank.ts';

/**
 * What `GET /events` streams (server-sent events): each message's `event:` is the `type`, its
 * `data:` the whole object as JSON.
 */
export const serverEventSchema = z.discriminatedUnion('type', [
  /** A bank import or sync job moved on (a window done, waiting for Monobank, finished or failed). */
  z.object({ type: z.literal('monobank.job'), job: monobankJobSchema }),
  /** New bank transactions were stored: by a job's window or by the webhook. */
  z.object({
    type: z.literal('monobank.transactions'),
    source: z.enum(['import', 'webhook']),
    /** New ones; a changed one (a settled hold) is counted in `updated`. */
    count: z.number().int(),
    updated: z.number().int(),
    accountIds: z.array(z.number().int()),
  }),
  /** A CSV import moved on (a batch of rows done, finished, failed or undone): its state and counts. */
  z.object({ type: z.literal('import'), import: importProgressSchema }),
  /** The recording job recorded occurrences of an automatic schedule on their day. */
  z.object({ type: z.literal('recurring.recorded'), recurringId: z.number().int(), count: z.number().int() }),
  /** The bank connection changed by itself: Monobank refused the token, or switched the webhook off. */
  z.object({ type: z.literal('monobank.user'), user: bankUserSchema }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** Sent as an SSE comment this often, so proxies keep an idle stream open. */
export const EVENTS_HEARTBEAT_MS = 25_000;
