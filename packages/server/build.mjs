// `npm run build -w @kopiyka/server [folder]`: the server as one ES module, dist/main.js, so it
// starts without compiling TypeScript, and beside it the ready embedded database a fresh data
// folder starts from (src/paths.ts). Our own code and @kopiyka/shared (TypeScript source) go into
// the bundle; every other package stays in node_modules and is imported from there at run time.
// The folder must sit right below packages/server, as the bundle finds the package from there.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const outdir = path.resolve(import.meta.dirname, process.argv[2] ?? 'dist');
const bundled = /^(\.|\/|@kopiyka\/)/;

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'make-pglite-template': 'src/db/make-pglite-template.ts' },
  outdir,
  absWorkingDir: import.meta.dirname,
  bundle: true,
  // What main.ts imports dynamically (the app, while the database opens) is a chunk of its own, loaded
  // with its packages only then. Chunks sit beside main.js: src/paths.ts finds the package from there.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(builder) {
        builder.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'entry-point' || bundled.test(args.path) ? undefined : { external: true },
        );
      },
    },
  ],
});

// Run once here, then gone: the template is what the server needs of it.
const makeTemplate = path.join(outdir, 'make-pglite-template.js');
await import(pathToFileURL(makeTemplate).href);
await rm(makeTemplate);
await rm(`${makeTemplate}.map`);
