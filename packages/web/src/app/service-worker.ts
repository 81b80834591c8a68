import { t } from '../lib/i18n.ts';
import { notify } from '../stores/notifications.ts';

/*
 * The service worker (issue 39; the worker itself is service-worker/sw.js, written by the build): it
 * keeps the built app's files, so the app opens without a connection. Registered once the first
 * render is done, so the first load carries none of this. A new build's worker waits until the
 * person chooses to reload: the page they have open keeps its own build's files meanwhile.
 */

const WORKER_URL = '/sw.js';
/** How often an open app asks whether there is a new build, beside the browser's own check on each visit. */
const UPDATE_CHECK_MS = 60 * 60_000;
/** The offer to reload stays until it is taken or closed: a day is longer than any visit. */
const OFFER_MS = 24 * 60 * 60_000;
const OFFER_ID = 'app-update';

/** Set once the person chose to reload: only then does a new worker taking over reload the page. */
let reloadAsked = false;

/** Offers the new build `worker` holds: "Reload" lets it take over, and the page reloads with it. */
function offerReload(worker: ServiceWorker): void {
  notify('info', t('update.ready'), {
    id: OFFER_ID,
    duration: OFFER_MS,
    action: {
      label: t('update.reload'),
      run: () => {
        reloadAsked = true;
        worker.postMessage({ type: 'skip-waiting' });
      },
    },
  });
}

/** Watches `registration` for a new build, and offers it once it is ready and waiting. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // The first worker installs with no page under an older one: nothing to offer then.
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) offerReload(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && isUpdate()) offerReload(installing);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Registers the worker where browsers allow one (https, or localhost); elsewhere the app works as before. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadAsked) window.location.reload();
  });
  try {
    watchForUpdates(await navigator.serviceWorker.register(WORKER_URL, { scope: '/' }));
  } catch {
    // No worker (a private window may refuse one): the app still works while connected.
  }
}
