import { endpoints, type ServerEvent } from '@kopiyka/shared';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { EventBus } from './service.ts';

/** One server-sent event: its name is the event's type, its data the event as JSON. */
export function formatEvent(event: ServerEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export async function eventRoutes(app: FastifyInstance, { events }: { events: EventBus }) {
  // Streams never end by themselves: closing the app ends them first, or it would wait forever.
  app.addHook('preClose', async () => events.endAllStreams());

  routes(app, endpoints.events, {
    async stream(request, reply) {
      const res = reply.raw;
      await events.listening();
      // The sign-in check (and the wait for LISTEN) before this were asynchronous: a client gone
      // meanwhile would never close again, so nothing may be attached for it.
      if (request.raw.socket.destroyed) {
        reply.hijack();
        return;
      }
      // Before the stream starts, so a refusal (too many streams) answers as any error does.
      const detach = events.openStream(
        { userId: request.userId, sessionId: request.authSession.id, expiresAt: request.authSession.expiresAt },
        {
          send: (event) => res.write(formatEvent(event)),
          keepAlive: () => res.write(': keep-alive\n\n'),
          end: () => res.end(),
        },
      );
      request.log.debug({ streams: events.streamCount() }, 'event stream opened');
      res.once('close', () => {
        detach();
        request.log.debug({ streams: events.streamCount() }, 'event stream closed');
      });
      // The stream is written by hand: no envelope, no serialiser, headers set so far kept.
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise hold events back in its buffer.
        'x-accel-buffering': 'no',
      });
      // The client waits this long before reconnecting after a drop.
      res.write('retry: 3000\n\n');
    },
  });
}
