import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { fixedClock } from '../lib/clock.ts';

/**
 * With the rate providers unreachable (a port nothing listens on), each sync attempt says so in
 * one plain line per provider and one for the task: no stacks, nothing more.
 */
const clock = fixedClock('2026-11-23T20:20:00Z');
const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  const closed = await freePort();
  t = await startTestApp(
    {
      backgroundJobs: true,
      schedulerCheckMs: 20,
      logLevel: 'info',
      rates: { nbuBaseUrl: closed, frankfurterBaseUrl: closed, timeoutMs: 2_000 },
    },
    { clock, logStream: { write: (line) => lines.push(JSON.parse(line)) } },
  );
});
afterAll(() => t.close());

/** The address of a port that was free a moment ago: nothing listens there. */
async function freePort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const about = (task: string) =>
  lines.filter((line) => line.task === task || String(line.msg).startsWith('exchange rate'));

describe('the rates sync while the providers are unreachable', () => {
  it('logs one plain warning line per provider and attempt, with the reason, and none with a stack', async () => {
    await vi.waitFor(() => expect(about('rates-sync')).toHaveLength(3), { timeout: 10_000 });
    const first = about('rates-sync');
    expect(first.map((line) => [line.level, line.source ?? line.task, line.msg])).toEqual(
      expect.arrayContaining([
        [40, 'nbu', 'exchange rates could not be fetched'],
        [40, 'ecb', 'exchange rates could not be fetched'],
        [40, 'rates-sync', 'scheduled task not done; tried again later'],
      ]),
    );
    for (const line of first) {
      expect(JSON.stringify(line)).not.toContain('stack');
      expect(line.err).toBeUndefined();
    }
    expect(
      first
        .filter((line) => line.source)
        .map((line) => line.reason)
        .sort(),
    ).toEqual(['ecb: unreachable (ECONNREFUSED)', 'nbu: unreachable (ECONNREFUSED)']);

    // The retry is due five minutes on: once more, alike.
    clock.advance(6 * 60_000);
    await vi.waitFor(() => expect(about('rates-sync')).toHaveLength(6), { timeout: 10_000 });
    expect(lines.filter((line) => JSON.stringify(line).includes('stack'))).toEqual([]);
  });
});
