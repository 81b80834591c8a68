import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readableLogStream, readableLogs } from './log-output.ts';

function capture() {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  return { written, destination };
}

describe('the log for a person at a terminal', () => {
  it('is readable on a terminal or when asked, JSON otherwise', () => {
    expect(readableLogs('auto', true)).toBe(true);
    expect(readableLogs('auto', false)).toBe(false);
    expect(readableLogs('pretty', false)).toBe(true);
    expect(readableLogs('json', true)).toBe(false);
  });

  it('writes a request as one short line and a message with its level', async () => {
    const { written, destination } = capture();
    const stream = await readableLogStream(destination, false);
    const time = Date.UTC(2026, 10, 29, 9, 4, 31);
    stream.write(
      `${JSON.stringify({
        level: 20,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        sessionId: 's',
        req: { method: 'GET', url: '/api/v1/user', host: 'localhost' },
        res: { statusCode: 200 },
        responseTime: 2.6,
        msg: 'request completed',
      })}\n`,
    );
    stream.write(
      `${JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'rates synced', provider: 'nbu' })}\n`,
    );
    const lines = written.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] DEBUG: GET \/api\/v1\/user 200 3 ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: rates synced \{"provider":"nbu"\}$/);
  });
});
