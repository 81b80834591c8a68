// `npm run build -w @kopiyka/server [folder]`: the server as one ES module, dist/main.js, so it
// starts without compiling TypeScript, and beside it the ready embedded database a fresh data
// folder starts from (src/paths.ts). Our code, @kopiyka/shared and the packages they use go into
// the bundle: a start then reads a few files, not hundreds from node_modules, and compiles less
// (whitespace and dead branches minified away; names kept, so stacks and plugin names read as
// they are). Packages that read files beside their own code at run time, or load a native
// binary, stay in node_modules (RUN_FROM_NODE_MODULES).
// The folder must sit right below packages/server, as the bundle finds the package from there.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const outdir = path.resolve(import.meta.dirname, process.argv[2] ?? 'dist');
/** PGlite's WebAssembly and data, argon2's binary, the docs page's files, pg's optional native driver, and the terminal log formatter (loaded only on a terminal). */
const RUN_FROM_NODE_MODULES = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pg-native',
  'pino-pretty',
];

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
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  external: RUN_FROM_NODE_MODULES.flatMap((name) => [name, `${name}/*`]),
  // The CommonJS packages in the bundle require Node's own modules; an ES module has no `require`.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
});

// Run once here, then gone: the template is what the server needs of it.
const makeTemplate = path.join(outdir, 'make-pglite-template.js');
await import(pathToFileURL(makeTemplate).href);
await rm(makeTemplate);
await rm(`${makeTemplate}.map`);
