import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { scheduledTasks } from '../db/schema.ts';
import { fixedClock } from '../lib/clock.ts';
import { type Lease, type LeasedWork, LeaseLost, startLeasedWorker } from './leased-worker.ts';
import { claimTask, finishTask, renewTask } from './scheduler-queries.ts';

/**
 * The runner on the real database, its items rows of the scheduler's leases (one per name, due
 * once an hour): what it claims, renews, records and leaves, and two runners on one database.
 */
const clock = fixedClock('2026-11-23T12:00:00Z');
const LEASE_MS = 60_000;
const HOUR = 3_600_000;
const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'info' }, { clock, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
});
afterAll(() => t.close());

/** Resolves once `ready()` holds, looked at after each call of `poke`: for waiting on what the runner does. */
function signal() {
  const waiters: Array<{ ready: () => boolean; resolve: () => void }> = [];
  return {
    poke() {
      for (const waiter of waiters.filter((w) => w.ready())) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    until(ready: () => boolean): Promise<void> {
      return ready() ? Promise.resolve() : new Promise((resolve) => waiters.push({ ready, resolve }));
    },
  };
}

/** Work on the named leases: claims the first due one, renews and records under its lease. */
function namedWork(names: string[], work: LeasedWork<string>['work'], events = signal()) {
  const seen = { claimed: [] as string[], renewals: [] as boolean[], finished: [] as string[] };
  const definition: LeasedWork<string> = {
    name: 'test work',
    leaseMs: LEASE_MS,
    pollMs: HOUR,
    heartbeatMs: 1,
    async claim(terms) {
      for (const name of names) {
        if (await claimTask(t.handle.db, terms.now, name, HOUR, LEASE_MS)) {
          seen.claimed.push(name);
          return name;
        }
      }
      return undefined;
    },
    async renew(name, lease, until) {
      const renewed = await renewTask(t.handle.db, name, lease.until, until);
      seen.renewals.push(renewed);
      // Once the runner has taken the answer in (the lease's end moved, or the lease lost).
      setImmediate(events.poke);
      return renewed;
    },
    work,
    async finish(name, lease, failure) {
      await finishTask(t.handle.db, { startedAt: lease.now, now: clock.now() }, name, lease.until, !failure, HOUR);
      seen.finished.push(failure ? `${name} failed` : name);
      events.poke();
    },
    describe: (name) => ({ task: name }),
  };
  return { definition, seen, events };
}

const start = (work: LeasedWork<string>) =>
  startLeasedWorker(work, { clock, log: t.app.log, poll: false, passAtStart: false });

const row = async (name: string) =>
  (await t.handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name)))[0];

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('the leased worker', () => {
  it('claims each due item, works on it under its lease and records it; a kick makes it look, and nothing is claimed twice', async () => {
    const worked: Array<{ name: string; until: Date }> = [];
    const { definition, seen, events } = namedWork(['claim-a', 'claim-b'], async (name, lease) => {
      worked.push({ name, until: lease.until });
    });
    const worker = start(definition);
    // Not polling and not started with a pass: nothing happens until it is kicked.
    expect(seen.claimed).toEqual([]);
    worker.kick();
    await events.until(() => seen.finished.length === 2);
    expect(worked.map((w) => w.name)).toEqual(['claim-a', 'claim-b']);
    expect(await row('claim-a')).toMatchObject({ lastSuccessAt: clock.now(), lockedUntil: clock.now() });
    // Done and not due for an hour: a second look claims nothing.
    worker.kick();
    await worker.stop();
    expect(seen.claimed).toEqual(['claim-a', 'claim-b']);
  });

  it('renews the lease while the work runs', async () => {
    const claimedUntil = new Date(clock.now().getTime() + LEASE_MS);
    let renewedTo: Date | undefined;
    const { definition, events, seen } = namedWork(['renew'], async (_name, lease) => {
      // The work takes a minute: the heartbeat moves the lease a minute on.
      clock.advance(60_000);
      const later = new Date(clock.now().getTime() + LEASE_MS);
      await events.until(() => lease.until.getTime() === later.getTime());
      renewedTo = lease.until;
      expect((await row('renew'))?.lockedUntil).toEqual(later);
    });
    const worker = start(definition);
    worker.kick();
    await events.until(() => seen.finished.length === 1);
    await worker.stop();
    expect(seen.finished).toEqual(['renew']);
    expect(renewedTo!.getTime() - claimedUntil.getTime()).toBe(60_000);
    expect(seen.renewals).not.toContain(false);
  });

  it('tells the work when its lease is lost, and records nothing of it', async () => {
    const afterLoss: string[] = [];
    const events = signal();
    const { definition, seen } = namedWork(
      ['lost-check', 'lost-ignored'],
      async (name, lease: Lease) => {
        // The work stalls past its lease; another instance claims the item meanwhile (for an hour).
        // Its claim is made at that later moment before this worker's clock gets there, so that no
        // heartbeat can renew the lease in between (a renewal at the later moment would still hold).
        const stalledTo = new Date(clock.now().getTime() + LEASE_MS + 1000);
        expect(await claimTask(t.handle.db, stalledTo, name, HOUR, HOUR)).toBe(true);
        clock.advance(LEASE_MS + 1000);
        await events.until(() => lease.lost);
        if (name === 'lost-check') {
          expect(() => lease.check()).toThrow(LeaseLost);
          lease.check();
        }
        // One that goes on regardless: what it did is still not recorded.
        afterLoss.push(name);
        events.poke();
      },
      events,
    );
    const worker = start(definition);
    const other = new Date(clock.now().getTime() + 2 * (LEASE_MS + 1000) + HOUR);
    worker.kick();
    await events.until(() => afterLoss.length === 1);
    await worker.stop();
    expect(afterLoss).toEqual(['lost-ignored']);
    expect(seen.claimed).toEqual(['lost-check', 'lost-ignored']);
    expect(seen.finished).toEqual([]);
    // The other instance's lease stands; neither item is recorded as run.
    expect(await row('lost-ignored')).toMatchObject({ lockedUntil: other, lastSuccessAt: null });
    expect(await row('lost-check')).toMatchObject({ lastSuccessAt: null });
    expect(lines.filter((line) => line.msg === 'test work: the lease was lost; this worker let the item go')).toEqual([
      expect.objectContaining({ task: 'lost-check' }),
      expect.objectContaining({ task: 'lost-ignored' }),
    ]);
  });

  it('on stop, waits for the item under way and claims no other', async () => {
    const running = gate();
    const release = gate();
    let stopping = false;
    const { definition, seen } = namedWork(['stop-a', 'stop-b'], async (_name, lease) => {
      running.open();
      await release.opened;
      stopping = lease.stopping;
    });
    const worker = start(definition);
    worker.kick();
    await running.opened;
    let stopped = false;
    const stop = worker.stop().then(() => {
      stopped = true;
    });
    // A turn of the event loop: stop() has not returned while the work runs.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release.open();
    await stop;
    expect(stopping).toBe(true);
    expect(seen.finished).toEqual(['stop-a']);
    expect(seen.claimed).toEqual(['stop-a']);
    // Stopped: a kick claims nothing.
    worker.kick();
    expect(seen.claimed).toEqual(['stop-a']);
    expect(await row('stop-b')).toBeUndefined();
  });

  it('logs a failing claim or work and goes on', async () => {
    let claimFails = true;
    const events = signal();
    const { definition, seen } = namedWork(
      ['fail-a', 'fail-b'],
      async (name) => {
        events.poke();
        if (name === 'fail-a') throw new Error('the work broke');
      },
      events,
    );
    const claim = definition.claim;
    const worker = start({
      ...definition,
      async claim(terms) {
        if (claimFails) {
          claimFails = false;
          throw new Error('the database is away');
        }
        return claim(terms);
      },
    });
    worker.kick();
    await worker.stop();
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'test work: could not claim work', err: expect.anything() }),
    );
    expect(seen.claimed).toEqual([]);

    const again = start({ ...definition, finish: undefined });
    again.kick();
    await events.until(() => seen.claimed.length === 2);
    await again.stop();
    // Without a finish of its own the failure is logged, and the next item is worked on.
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'test work failed', task: 'fail-a', err: expect.anything() }),
    );
    expect(seen.claimed).toEqual(['fail-a', 'fail-b']);

    // With one, the failure is its to record.
    clock.advance(HOUR + LEASE_MS);
    const recording = start(definition);
    recording.kick();
    await events.until(() => seen.finished.length === 2);
    await recording.stop();
    expect(seen.finished).toEqual(['fail-a failed', 'fail-b']);
    expect(await row('fail-a')).toMatchObject({ lockedUntil: new Date(clock.now().getTime() + HOUR) });
  });

  it('lets two runners on one database work on each item once, never both at once', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `shared-${i}`);
    const active = new Set<string>();
    const overlaps: string[] = [];
    const byInstance = new Map<string, string[]>();
    const events = signal();
    const workers = ['a', 'b'].map((instance) =>
      start(
        namedWork(
          names,
          async (name) => {
            if (active.has(name)) overlaps.push(name);
            active.add(name);
            // Lets the other runner claim meanwhile.
            await new Promise((resolve) => setImmediate(resolve));
            active.delete(name);
            byInstance.set(name, [...(byInstance.get(name) ?? []), instance]);
            events.poke();
          },
          events,
        ).definition,
      ),
    );
    for (const worker of workers) worker.kick();
    await events.until(() => byInstance.size === names.length);
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(overlaps).toEqual([]);
    expect([...byInstance.values()].every((ran) => ran.length === 1)).toBe(true);
  });
});
