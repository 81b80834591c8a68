/**
 * The one way the server runs background work (docs/decisions.md "Background work: one leased
 * worker"): an item is claimed with a lease held in the database, so that of several instances
 * exactly one works on it; the lease is renewed while the work runs, and an instance that dies
 * leaves the item to whoever claims it once the lease has run out.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { drain } from '../lib/drain.ts';

/**
 * The item was taken over (its lease ran out while this worker stalled) or ended by someone
 * else: what this worker has not written yet is no longer wanted. Writes made under a lease are
 * conditional on it and throw this when they find it gone.
 */
export class LeaseLost extends Error {
  constructor() {
    super('the lease was lost');
  }
}

/** What a claim writes: the lease's own token, and until when it holds. */
export interface LeaseTerms {
  /** New for every claim; a row leased under a token of its own carries it while the lease holds. */
  readonly token: string;
  /** The moment of the claim, by the injected clock. */
  readonly now: Date;
  /** When the lease runs out unless renewed (`now` + the lease length). */
  readonly until: Date;
}

/** The lease an item is worked on under. */
export interface Lease extends LeaseTerms {
  /** Moved on by every renewal: the lease's end as the database has it. */
  readonly until: Date;
  /** A renewal found the lease gone. */
  readonly lost: boolean;
  /** The worker is stopping: long work ends at its next safe point and leaves the rest for later. */
  readonly stopping: boolean;
  /** Throws LeaseLost once a renewal found the lease gone: long work calls it between its steps. */
  check(): void;
}

export interface LeasedWork<Item> {
  /** Names the work in log lines. */
  name: string;
  /** How long a claim or a renewal holds the item; renewed every quarter of it while the work runs. */
  leaseMs: number;
  /** How often a polling worker looks for items (queued by another instance, or left by a restart). */
  pollMs: number;
  /** How often the lease is renewed while the work runs (a quarter of the lease unless said). */
  heartbeatMs?: number;
  /**
   * Takes the lease of the next due item on these terms and answers the item; nothing ends the
   * pass until the next poll or kick. A claim that several instances race for is won by exactly
   * one (`for update skip locked`, or an update conditional on the lease being free).
   */
  claim(terms: LeaseTerms): Promise<Item | undefined>;
  /** Moves the lease on to `until`; false when `lease` no longer holds the item. */
  renew(item: Item, lease: Lease, until: Date): Promise<boolean>;
  /** The work. Every write it makes is conditional on the lease (throwing LeaseLost when it is gone). */
  work(item: Item, lease: Lease): Promise<void>;
  /**
   * After the work, unless the lease was lost, with no renewal under way: records how the work
   * went under the lease (`failure` when it threw) and lets the lease go. Without it, a failure is
   * logged and the lease is left to run out.
   */
  finish?(item: Item, lease: Lease, failure: { error: unknown } | undefined): Promise<void>;
  /** When the next item falls due, if it may be sooner than the next poll: the worker wakes up then. */
  nextDue?(): Promise<Date | undefined>;
  /** Runs once before the first pass (the only instance lets go of the leases its last process left). */
  beforeFirst?(): Promise<void>;
  /** The fields that name an item in log lines. */
  describe(item: Item): Record<string, unknown>;
}

export interface LeasedWorkerOptions {
  clock: Clock;
  log: FastifyBaseLogger;
  /** Looks for items every `pollMs` (background jobs on); otherwise only when kicked or due. */
  poll: boolean;
  /** Makes a first pass right after the start; otherwise the first poll or kick does. */
  passAtStart: boolean;
}

export interface LeasedWorker {
  /** Looks for items now (one was queued) rather than at the next poll. */
  kick(): void;
  /** No more claims; resolves once the item under way is finished or left. */
  stop(): Promise<void>;
}

/** Claims items one at a time, works on each under its lease, and looks again until none is due. */
export function startLeasedWorker<Item>(work: LeasedWork<Item>, options: LeasedWorkerOptions): LeasedWorker {
  const { clock, log, poll } = options;
  const heartbeatMs = work.heartbeatMs ?? work.leaseMs / 4;
  const leaseEnd = (from: Date) => new Date(from.getTime() + work.leaseMs);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  const passes = drain(
    async () => {
      try {
        while (!stopping) {
          const now = clock.now();
          const terms: LeaseTerms = { token: randomUUID(), now, until: leaseEnd(now) };
          const item = await work.claim(terms);
          if (item === undefined) break;
          await runLeased(item, terms);
        }
      } finally {
        // After a failure too (the database away for a moment): the worker wakes up again.
        await wakeUpLater();
      }
    },
    (error) => log.error({ err: error }, `${work.name}: could not claim work`),
  );

  async function wakeUpLater(): Promise<void> {
    clearTimeout(timer);
    if (stopping) return;
    const due = work.nextDue ? await work.nextDue().catch(() => undefined) : undefined;
    const wait = due && Math.max(0, due.getTime() - clock.now().getTime());
    const delay = poll ? Math.min(wait ?? work.pollMs, work.pollMs) : wait;
    if (delay === undefined) return;
    timer = setTimeout(passes.kick, delay);
    timer.unref();
  }

  async function runLeased(item: Item, terms: LeaseTerms): Promise<void> {
    let until = terms.until;
    let lost = false;
    let working = true;
    const lease: Lease = {
      token: terms.token,
      now: terms.now,
      get until() {
        return until;
      },
      get lost() {
        return lost;
      },
      get stopping() {
        return stopping;
      },
      check() {
        if (lost) throw new LeaseLost();
      },
    };
    // One renewal at a time; one that answers after the work ended decides nothing (the work may
    // have let the lease go itself).
    let renewing = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing.then(async () => {
        if (lost || !working) return;
        const next = leaseEnd(clock.now());
        try {
          if (await work.renew(item, lease, next)) until = next;
          else if (working) lost = true;
        } catch (error) {
          log.warn({ err: error, ...work.describe(item) }, `${work.name}: could not renew a lease`);
        }
      });
    }, heartbeatMs);
    heartbeat.unref();
    let failure: { error: unknown } | undefined;
    try {
      await work.work(item, lease);
    } catch (error) {
      failure = { error };
    } finally {
      working = false;
      clearInterval(heartbeat);
      await renewing;
    }
    if (lost || failure?.error instanceof LeaseLost) {
      log.info(work.describe(item), `${work.name}: the lease was lost; this worker let the item go`);
      return;
    }
    if (!work.finish) {
      if (failure) log.error({ err: failure.error, ...work.describe(item) }, `${work.name} failed`);
      return;
    }
    await work
      .finish(item, lease, failure)
      .catch((error) => log.error({ err: error, ...work.describe(item) }, `${work.name}: could not record a run`));
  }

  const first = options.passAtStart
    ? setTimeout(() => {
        void (work.beforeFirst?.() ?? Promise.resolve()).catch(() => undefined).then(passes.kick);
      }, 0)
    : undefined;
  first?.unref();
  if (!options.passAtStart) void wakeUpLater();
  return {
    kick: passes.kick,
    async stop() {
      stopping = true;
      clearTimeout(first);
      clearTimeout(timer);
      await passes.stop();
    },
  };
}
