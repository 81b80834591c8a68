import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the code that runs: src/ when run from source, the build's folder (dist/) when the
 * bundle runs, where this file is inlined into dist/main.js. Both sit right below the package.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The server package's folder (packages/server); files read at run time resolve from here. */
export const SERVER_ROOT = path.resolve(HERE, '..');

/**
 * An embedded database the build made ready (created, migrated, seeded), copied to start a fresh
 * data folder in a fraction of the time creating one takes. Only a build has one: from source,
 * a fresh data folder is created as before.
 */
export const PGLITE_TEMPLATE_DIR = path.join(HERE, 'pglite-template');
