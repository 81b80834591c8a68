/**
 * Work that drains a queue in the background, one run at a time: a kick while it runs makes it
 * run once more when it ends, so nothing kicked meanwhile waits for the next kick.
 */
export interface Drain {
  kick(): void;
  /** Stops kicks; resolves when the run under way has ended. */
  stop(): Promise<void>;
}

export function drain(run: () => Promise<void>, onError: (error: unknown) => void): Drain {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }
  return {
    kick,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
