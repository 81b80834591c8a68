import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes, wireRouter } from './app/router.tsx';
import { initLocale } from './lib/i18n.ts';
import { lockIosZoom } from './lib/ios.ts';
import { initTheme } from './stores/theme.ts';

// Before the first render, so the first paint already has the right palette and viewport.
initTheme();
lockIosZoom();
// The catalogue of the language to speak arrives before the first render, so no text flashes in another.
await initLocale();

const router = createBrowserRouter(routes);
wireRouter(router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
