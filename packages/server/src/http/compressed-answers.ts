import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers from this size on are gzipped for clients that take it: a year of balance history
 * (85 KB) is, a page of 50 transactions (28 KB) is not. Gzipping that page cost the server and the
 * client a millisecond together on this machine, a third of what the page costs over GET /user.
 */
export const COMPRESS_FROM_BYTES = 64 * 1024;

const gzipped = promisify(gzip);

/** Whether an Accept-Encoding header takes gzip (listed without `q=0`, or `*`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * Large JSON answers go gzipped (at the fastest level) to clients that take it, as every browser
 * does (docs/decisions.md "Large answers are compressed"): a year of balance history crosses a
 * phone's network at a sixth of its size. Small answers, most of them, go as they are: compressing
 * them saves little and costs the server's CPU on every request.
 */
export function registerAnswerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_FROM_BYTES) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.header('vary', 'Accept-Encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipped(payload, { level: constants.Z_BEST_SPEED });
  });
}
