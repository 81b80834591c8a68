/**
 * The emulators' test controls over HTTP, for tests that run in another process than the emulator
 * (browser tests against the demo server): JSON bodies POSTed under `/_control/<name>`, JSON answers.
 * Each emulator says what its controls do; this file handles the request and the failures.
 */
import { type Answer, jsonAnswer } from './answer.ts';

export const CONTROL_PREFIX = '/_control/';

/** What a control was sent. */
export interface ControlInput {
  /** The parsed body (`{}` when empty). */
  values: Record<string, unknown>;
  /** A string field of the body; throws unless it is a non-empty string. */
  text(key: string): string;
}

/** What `perform` answers for a name no control has. */
export const NO_SUCH_CONTROL = Symbol('no such control');

/**
 * Runs the control `name` through `perform`, which answers what to send back (as JSON). A control that
 * throws (unknown token, bad body) answers 400 `{ "error": "…" }`; a name it does not know, 404.
 */
export function controlAnswer(
  method: string,
  name: string,
  body: string,
  perform: (name: string, input: ControlInput) => unknown,
): Answer {
  if (method !== 'POST') return jsonAnswer(405, JSON.stringify({ error: 'Controls are POSTed' }));
  try {
    const values = JSON.parse(body || '{}') as Record<string, unknown>;
    const text = (key: string) => {
      const value = values[key];
      if (typeof value !== 'string' || value === '') throw new Error(`${key} must be a non-empty string`);
      return value;
    };
    const result = perform(name, { values, text });
    if (result === NO_SUCH_CONTROL) return jsonAnswer(404, JSON.stringify({ error: `No control ${name}` }));
    return jsonAnswer(200, JSON.stringify(result));
  } catch (error) {
    return jsonAnswer(400, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  }
}
