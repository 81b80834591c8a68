import { isConnected, noteAnswer, useConnectionStore } from '../stores/connection.ts';
import { buildUrl } from './request.ts';

/** The waits between asking a server that went away whether it is back, then every half minute. */
const PROBE_DELAYS_MS = [2000, 5000, 10_000, 20_000, 30_000];

/** Whether the server answers: its health, which needs no session. */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(buildUrl('/health'), { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * While the browser is online but the server did not answer (issue 39), asks it now and then
 * whether it is back, at once when the network returns or the app is looked at again. Its answer
 * ends the wait: reads go on, the outbox sends. Answers a function that stops watching.
 */
export function watchServerReturn(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const away = () => {
    const state = useConnectionStore.getState();
    return state.online && state.serverAway;
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const probe = async () => {
    stop();
    if (!away()) return;
    if (await serverAnswers()) noteAnswer();
    else schedule();
  };
  function schedule() {
    if (timer !== undefined || !away()) return;
    const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => void probe(), delay);
  }
  const unsubscribe = useConnectionStore.subscribe((state) => {
    if (isConnected(state) || !state.online) {
      stop();
      attempt = 0;
    } else schedule();
  });
  const now = () => {
    if (away() && document.visibilityState !== 'hidden') void probe();
  };
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', now);
  schedule();
  return () => {
    stop();
    unsubscribe();
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', now);
  };
}
