import { EVENTS_HEARTBEAT_MS, endpoints, type ServerEvent } from '@kopiyka/shared';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/endpoint-routes.ts';
import type { EventBus } from './service.ts';

/** One server-sent event: its name is the event's type, its data the event as JSON. */
export function formatEvent(event: ServerEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export async function eventRoutes(app: FastifyInstance, { events }: { events: EventBus }) {
  const open = new Set<() => void>();
  // Streams never end by themselves: closing the app ends them first, or it would wait forever.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  routes(app, endpoints.events, {
    async stream(request, reply) {
      // The stream is written by hand: no envelope, no serialiser, headers set so far kept.
      reply.hijack();
      const res = reply.raw;
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
      const unsubscribe = events.subscribe(request.userId, (event) => res.write(formatEvent(event)));
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), EVENTS_HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  });
}
