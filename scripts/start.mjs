// `npm start`: install what is missing, build the web app and the server when their sources
// changed, then run the built server (embedded PGlite under ./data unless DATABASE_URL is set).
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, root } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();
ensureServerBuilt();

// The server runs in this process, one Node start fewer than a child's, with the source maps of
// its bundle (as `--enable-source-maps` would) and the checkout as its working folder (./data).
process.setSourceMapsEnabled(true);
process.chdir(root);
await import('../packages/server/dist/main.js');
