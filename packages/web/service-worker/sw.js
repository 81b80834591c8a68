// Kopiyka's service worker (issue 39; docs/decisions.md "Installable and offline"). The build
// (service-worker.ts beside this folder) writes it to dist/sw.js with BUILD filled in: the build's
// version and every file of the built app. It keeps one build's files together in one cache, so
// the page and every chunk it loads later are always of the same build, with or without a
// connection. It never touches the API: what a person last saw is the app's to keep (per user, and
// gone at sign-out), not this worker's.

/** @type {{ version: string, files: string[] }} */
const BUILD = /* BUILD */ { version: 'dev', files: [] } /* /BUILD */;

const PREFIX = 'kopiyka-app-';
const CACHE = `${PREFIX}${BUILD.version}`;
/** What a navigation gets: the page of this worker's build, whatever the address (client-side routes). */
const PAGE = '/index.html';
/** Fingerprinted files: the same name is the same content in every build. */
const HASHED = /^\/assets\//;

/** A fingerprinted file an earlier build already holds, else the server's answer (fresh for the others). */
async function fetchForCache(url) {
  if (HASHED.test(url)) {
    const kept = await caches.match(url);
    if (kept) return kept;
  }
  const response = await fetch(url, { cache: HASHED.test(url) ? 'default' : 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

self.addEventListener('install', (event) => {
  // A file that cannot be fetched fails the install: this build is not kept half.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(BUILD.files.map(async (url) => cache.put(url, await fetchForCache(url))));
    })(),
  );
  // No skipWaiting: a worker of a new build waits until the page says the person chose to reload
  // (the "skip-waiting" message), so an open page never gets the files of another build.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // The first worker takes the page that installed it: it was loaded from the same build.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting();
});

/** From this build's cache, or from the network when it is not there (a cache cleared by the browser). */
async function fromCache(request, key) {
  const cache = await caches.open(CACHE);
  return (await cache.match(key)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API (and its documentation pages) always goes to the server, never through a cache here.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // A page of the app (a path without a file's extension) is this build's page.
    if (!/\.[a-z0-9]+$/i.test(url.pathname)) event.respondWith(fromCache(request, PAGE));
    return;
  }
  if (BUILD.files.includes(url.pathname)) event.respondWith(fromCache(request, url.pathname));
});
