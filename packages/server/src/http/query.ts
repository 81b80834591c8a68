import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/errors.ts';

/** Decodes one name or value of a query string, null when it is not valid percent-encoded UTF-8. */
function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * A query string whose escapes do not decode (`%ZZ`, a cut `%E`, `%ED%A0%80` — half a character)
 * is refused naming the parameter. The parser would pass such a value on as it came, and a search
 * would then look for text nobody wrote.
 */
export function registerQueryEncodingCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const start = request.url.indexOf('?');
    if (start < 0) return;
    for (const pair of request.url.slice(start + 1).split('&')) {
      const split = pair.indexOf('=');
      const name = decodedOrNull(split < 0 ? pair : pair.slice(0, split));
      if (name === null) throw validationError('query', 'request.badParameterName');
      if (split >= 0 && decodedOrNull(pair.slice(split + 1)) === null) {
        throw validationError(name, 'value.badEncoding');
      }
    }
  });
}

/** Query parameters with empty values are ignored, as if they were not sent. */
export function registerEmptyQueryDropping(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (value === '') delete query[key];
    }
  });
}
