import type { Writable } from 'node:stream';
import type { AppConfig } from '../config.ts';

interface LogLine {
  [key: string]: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** Whether the log is written for a person reading a terminal rather than for a log collector. */
export function readableLogs(format: AppConfig['logFormat'], onTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && onTerminal);
}

/**
 * A stream that turns the server's JSON log lines into one readable line each ("12:04:31 INFO:
 * GET /api/v1/user 200 3 ms"), for `npm start` on a terminal. Loaded only then: a server whose
 * output is collected writes JSON and never needs it.
 */
export async function readableLogStream(destination: Writable, colorize: boolean) {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination,
    colorize,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,sessionId,req,res,responseTime',
    messageFormat: (line: LogLine, messageKey: string) =>
      line.req && line.res
        ? `${line.req.method} ${line.req.url} ${line.res.statusCode} ${Math.round(line.responseTime ?? 0)} ms`
        : String(line[messageKey] ?? ''),
  });
}
