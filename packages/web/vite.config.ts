/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompileMessages } from './precompile-messages.ts';
import { precompress } from './precompress.ts';
import { serviceWorker } from './service-worker.ts';

// The API server's default port; `npm run dev` runs it beside Vite.
const API_TARGET = process.env.KOPIYKA_API_URL ?? 'http://localhost:3000';

/**
 * What the signed-in pages share: the contract and the libraries beyond the first load's, the API,
 * the shared components and helpers. One chunk, not a hundred small ones queued six at a time
 * behind each other. The texts stay one chunk per language.
 */
const SIGNED_IN_COMMON = (id: string) =>
  /[\\/]src[\\/](api|components|entities|hooks|lib|stores)[\\/]|[\\/]packages[\\/]shared[\\/]|node_modules/.test(id) &&
  !/[\\/]src[\\/]lib[\\/]messages[\\/]/.test(id);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompileMessages(), serviceWorker(), precompress()],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only those the first paint needs ($initial) go to `vendor`; what only lazily loaded pages
        // use stays with them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            { name: 'shell', test: /[\\/]src[\\/]/, tags: ['$initial'] },
            { name: 'signed-in', test: SIGNED_IN_COMMON },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Page tests render the whole app; on a loaded 2-core machine some take several seconds.
    testTimeout: 20_000,
  },
});
