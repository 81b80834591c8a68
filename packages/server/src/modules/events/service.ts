/**
 * Server-sent events for signed-in users (GET /events). A module publishes an event for a user
 * after its change has committed; every open stream of that user, on any instance, gets it. On
 * PostgreSQL the event travels by NOTIFY to every instance LISTENing on the channel (one app, many
 * instances); on the embedded database there is one instance, and it goes straight to the streams.
 */
import { EventEmitter } from 'node:events';
import type { ServerEvent } from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

export const EVENTS_CHANNEL = 'kopiyka_events';

export type EventListener = (event: ServerEvent) => void;

export interface EventBus {
  /** Tells the user's open streams; never throws (a lost event costs a refresh, not the request). */
  publish(userId: number, event: ServerEvent): void;
  /** Answers the unsubscribe function. */
  subscribe(userId: number, listener: EventListener): () => void;
  close(): Promise<void>;
}

interface Envelope {
  userId: number;
  event: ServerEvent;
}

export function createEventBus(handle: DatabaseHandle, log: FastifyBaseLogger): EventBus {
  const local = new EventEmitter();
  // One listener per open stream; a household with many tabs is no leak.
  local.setMaxListeners(0);
  const deliver = ({ userId, event }: Envelope) => local.emit(String(userId), event);

  const notifications = handle.notifications;
  let listening: Promise<() => Promise<void>> | undefined;
  const listen = () => {
    if (!notifications || listening) return;
    listening = notifications.listen(EVENTS_CHANNEL, (payload) => {
      try {
        deliver(JSON.parse(payload) as Envelope);
      } catch (error) {
        log.warn({ err: error }, 'an event notification that is not JSON');
      }
    });
    listening.catch((error: unknown) => {
      log.error({ err: error }, 'could not listen for events; streams get this instance’s events only');
      listening = undefined;
    });
  };

  return {
    publish(userId, event) {
      const envelope: Envelope = { userId, event };
      if (!notifications) {
        deliver(envelope);
        return;
      }
      handle.db
        .execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`)
        .catch((error: unknown) => log.warn({ err: error, type: event.type }, 'could not publish an event'));
    },
    subscribe(userId, listener) {
      listen();
      const name = String(userId);
      local.on(name, listener);
      return () => local.off(name, listener);
    },
    async close() {
      local.removeAllListeners();
      const stop = await listening?.catch(() => undefined);
      await stop?.();
    },
  };
}
