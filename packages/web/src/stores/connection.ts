import { create } from 'zustand';

/**
 * Whether the app can reach its server (issue 39). Two ways to be cut off: the browser has no
 * network (`online` false: the phone in a tunnel, airplane mode), or it has one but the server does
 * not answer (`serverAway`: a power cut at home where the server runs, the server restarting).
 * While either lasts the app shows what was loaded last, marked as of when, and keeps new
 * transactions on the device to send later.
 */
type ConnectionState = {
  /** The browser says it has a network (navigator.onLine, then its online and offline events). */
  online: boolean;
  /** A request found no server though the browser is online; a later answer ends it. */
  serverAway: boolean;
  /** When what is shown was last answered by the server (ms since the epoch); null when unknown. */
  asOf: number | null;
  /** The height of the notice that says so, in CSS pixels (0 while connected): what sticks to the top sits under it. */
  noticeHeight: number;
};

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export const useConnectionStore = create<ConnectionState>()(() => ({
  online: browserOnline(),
  serverAway: false,
  asOf: null,
  noticeHeight: 0,
}));

/** The moment of the last answer from the server, kept outside the state: answers come often. */
let lastAnswerAt: number | null = null;

export function isConnected(state: Pick<ConnectionState, 'online' | 'serverAway'> = useConnectionStore.getState()) {
  return state.online && !state.serverAway;
}

/** The server answered (anything, even a refusal): it is there. */
export function noteAnswer(at = Date.now()): void {
  lastAnswerAt = at;
  if (useConnectionStore.getState().serverAway) useConnectionStore.setState({ serverAway: false });
}

/** A request found no server. What is shown from now on is as of the last answer. */
export function noteUnreachable(): void {
  const state = useConnectionStore.getState();
  if (state.serverAway) return;
  useConnectionStore.setState({ serverAway: true, asOf: isConnected(state) ? lastAnswerAt : state.asOf });
}

/**
 * What is shown was loaded at `at` (a session restored from the device, issue 39): until the
 * server answers again, that is the moment the notice names.
 */
export function showingAsOf(at: number): void {
  lastAnswerAt = at;
  useConnectionStore.setState({ asOf: at });
}

/** Follows the browser's network from now on; answers a function that stops following it. */
export function followBrowserNetwork(): () => void {
  const update = () => {
    const online = browserOnline();
    const state = useConnectionStore.getState();
    if (online === state.online) return;
    // Going offline, what is on the page is as of the last answer.
    useConnectionStore.setState(online ? { online } : { online, asOf: isConnected(state) ? lastAnswerAt : state.asOf });
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}

/** Back to a connected start: for tests, and for a new session. */
export function resetConnection(): void {
  lastAnswerAt = null;
  useConnectionStore.setState({ online: browserOnline(), serverAway: false, asOf: null, noticeHeight: 0 });
}
