import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { sendEarlyRequests } from './app/early-requests.ts';
import { preloadSignedIn, routes, wireRouter } from './app/router.tsx';
import { initLocale } from './lib/i18n.ts';
import { lockIosZoom } from './lib/ios.ts';
import { followBrowserNetwork } from './stores/connection.ts';
import { useSessionStore } from './stores/session.ts';
import { initTheme } from './stores/theme.ts';

// Before the first render, so the first paint already has the right palette and viewport.
initTheme();
lockIosZoom();
followBrowserNetwork();
// The catalogue of the language to speak arrives before the first render, so no text flashes in another.
const locale = initLocale();
// Signed in: the page's code comes beside the texts, and the server works on its answers meanwhile.
const { token } = useSessionStore.getState();
if (token) {
  preloadSignedIn(window.location.pathname);
  // Without a network they could only fail: the session is restored from this device instead.
  if (navigator.onLine) sendEarlyRequests(token);
}
await locale;

const router = createBrowserRouter(routes);
wireRouter(router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// The service worker once the first render is done: the first load carries none of it (issue 39).
// Only in a build: the dev server has no worker to register.
if (import.meta.env.PROD) {
  const register = () =>
    void import('./app/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') setTimeout(register);
  else window.addEventListener('load', register, { once: true });
}
