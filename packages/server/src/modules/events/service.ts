/**
 * Server-sent events for signed-in users (GET /events). A module publishes an event for a user
 * after its change has committed; every open stream of that user, on any instance, gets it. On
 * PostgreSQL the event travels by NOTIFY to every instance LISTENing on the channel (one app, many
 * instances); on the embedded database there is one instance, and it goes straight to the streams.
 *
 * A stream belongs to the session it was opened with and ends with it: the auth module says which
 * sessions ended (sign-out, sign-out everywhere, a password change, a deleted account), over the
 * same channel, and a stream ends by itself once its session's expiry as it opened has passed.
 */
import { EVENTS_HEARTBEAT_MS, type ServerEvent } from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';

export const EVENTS_CHANNEL = 'kopiyka_events';

/** Open streams a user may have on one instance: a few tabs and devices of a household member. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * The most an event's JSON may take. PostgreSQL drops a NOTIFY payload of 8000 bytes or more; this
 * leaves room for the envelope, and is checked on the embedded database as well, so an event that
 * grows past it fails the same way on both.
 */
export const MAX_EVENT_BYTES = 4_000;

/** Which of a user's sessions ended: one that signed out, or all of them but perhaps the one that asked. */
export type EndedSessions = { one: number } | { allBut: number | null };

/** Who a stream is for: the user, the session it was opened with, and that session's expiry then. */
export interface StreamOwner {
  userId: number;
  sessionId: number;
  expiresAt: Date;
}

/** Where a stream's text goes: the route writes it to the response. */
export interface StreamSink {
  send(event: ServerEvent): void;
  /** The heartbeat comment, so proxies keep an idle stream open. */
  keepAlive(): void;
  /** Ends the response; the bus has let go of the stream already. */
  end(): void;
}

/**
 * What a module that keeps sessions in memory hears of their ends (the auth service's memory of
 * live sessions): every end, on any instance, while `hearing` last said true.
 */
export interface SessionEndsWatcher {
  ended(userId: number, ended: EndedSessions): void;
  /**
   * True once every instance's ends reach this one (at once on the embedded database; on
   * PostgreSQL when LISTEN is in place, again after a broken connection), false when some may be
   * missed from now on.
   */
  hearing(every: boolean): void;
}

export interface EventBus {
  /** Tells the user's open streams; never throws (a lost event costs a refresh, not the request). */
  publish(userId: number, event: ServerEvent): void;
  /**
   * Resolves once this instance hears what every instance publishes (at once on the embedded
   * database): a stream opened after it misses nothing.
   */
  listening(): Promise<void>;
  /**
   * Attaches a stream; answers the function that lets go of it (the client went away). Refuses
   * with CONFLICT when the user has MAX_STREAMS_PER_USER open here.
   */
  openStream(owner: StreamOwner, sink: StreamSink): () => void;
  /**
   * Ends the streams of sessions that ended, and tells the session watchers, on every instance.
   * Settles once the notice is sent (on PostgreSQL, its NOTIFY committed); never rejects.
   */
  endSessions(userId: number, ended: EndedSessions): Promise<void>;
  /** Starts telling `watcher` of every session end (listening for other instances' from now on). */
  watchSessionEnds(watcher: SessionEndsWatcher): void;
  /** Streams open on this instance. */
  streamCount(): number;
  /** Ends every open stream (the app closes: the server waits for open connections). */
  endAllStreams(): void;
  close(): Promise<void>;
}

type Envelope = { userId: number; event: ServerEvent } | { userId: number; ended: EndedSessions };

interface OpenStream extends StreamOwner {
  sink: StreamSink;
}

/** Whether the session is one of those `ended` names. */
export const endedBy = (ended: EndedSessions, sessionId: number) =>
  'one' in ended ? ended.one === sessionId : ended.allBut !== sessionId;

export function createEventBus(handle: DatabaseHandle, log: FastifyBaseLogger, clock: Clock): EventBus {
  const streamsOf = new Map<number, Set<OpenStream>>();
  let count = 0;
  // One timer for every stream, running only while some are open: nothing is left behind per stream.
  let heartbeat: NodeJS.Timeout | undefined;

  function detach(stream: OpenStream): boolean {
    const own = streamsOf.get(stream.userId);
    if (!own?.delete(stream)) return false;
    if (own.size === 0) streamsOf.delete(stream.userId);
    count -= 1;
    if (count === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
    return true;
  }
  function end(stream: OpenStream) {
    if (detach(stream)) stream.sink.end();
  }
  /** A stream whose session has expired by the clock ends instead of writing anything more. */
  function expired(stream: OpenStream, now: Date): boolean {
    if (stream.expiresAt > now) return false;
    end(stream);
    return true;
  }
  function beat() {
    const now = clock.now();
    for (const own of [...streamsOf.values()]) {
      for (const stream of [...own]) if (!expired(stream, now)) stream.sink.keepAlive();
    }
  }

  const watchers: SessionEndsWatcher[] = [];
  function deliver(envelope: Envelope) {
    if ('ended' in envelope) for (const watcher of watchers) watcher.ended(envelope.userId, envelope.ended);
    const own = streamsOf.get(envelope.userId);
    if (!own) return;
    const now = clock.now();
    for (const stream of [...own]) {
      if ('ended' in envelope) {
        if (endedBy(envelope.ended, stream.sessionId)) end(stream);
      } else if (!expired(stream, now)) stream.sink.send(envelope.event);
    }
  }

  const notifications = handle.notifications;
  let listening: Promise<() => Promise<void>> | undefined;
  const listen = () => {
    if (!notifications || listening) return;
    listening = notifications.listen(
      EVENTS_CHANNEL,
      (payload) => {
        try {
          deliver(JSON.parse(payload) as Envelope);
        } catch (error) {
          log.warn({ err: error }, 'an event notification that is not JSON');
        }
      },
      (every) => {
        for (const watcher of watchers) watcher.hearing(every);
      },
    );
    listening.catch((error: unknown) => {
      log.error({ err: error }, 'could not listen for events; streams get this instance’s events only');
      listening = undefined;
    });
  };

  async function send(envelope: Envelope, what: string): Promise<void> {
    if (!notifications) {
      deliver(envelope);
      return;
    }
    await handle.db
      .execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`)
      .catch((error: unknown) => log.warn({ err: error, what }, 'could not publish an event'));
  }

  return {
    publish(userId, event) {
      const bytes = Buffer.byteLength(JSON.stringify(event));
      if (bytes > MAX_EVENT_BYTES) {
        log.error({ type: event.type, bytes }, 'an event too large to send; the clients see it when they refetch');
        return;
      }
      void send({ userId, event }, event.type);
    },
    async listening() {
      listen();
      await listening?.catch(() => undefined);
    },
    openStream(owner, sink) {
      const own = streamsOf.get(owner.userId) ?? new Set<OpenStream>();
      if (own.size >= MAX_STREAMS_PER_USER) {
        throw refusal('CONFLICT', 'events', 'events.tooManyStreams', { max: MAX_STREAMS_PER_USER });
      }
      const stream: OpenStream = { ...owner, sink };
      own.add(stream);
      streamsOf.set(owner.userId, own);
      count += 1;
      heartbeat ??= setInterval(beat, EVENTS_HEARTBEAT_MS);
      return () => detach(stream);
    },
    endSessions(userId, ended) {
      return send({ userId, ended }, 'sessions ended');
    },
    watchSessionEnds(watcher) {
      watchers.push(watcher);
      if (notifications) listen();
      else watcher.hearing(true);
    },
    streamCount: () => count,
    endAllStreams() {
      for (const own of [...streamsOf.values()]) for (const stream of [...own]) end(stream);
    },
    async close() {
      const stop = await listening?.catch(() => undefined);
      await stop?.();
    },
  };
}
