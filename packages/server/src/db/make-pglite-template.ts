// A build step (build.mjs runs it from the build's folder): the ready embedded database — created,
// migrated, seeded — that a fresh data folder of the built server starts from (PGLITE_TEMPLATE_DIR).
import { rm } from 'node:fs/promises';
import { PGLITE_TEMPLATE_DIR } from '../paths.ts';
import { embeddedDatabase, openPglite } from './client.ts';

await rm(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
const handle = await openPglite(embeddedDatabase(PGLITE_TEMPLATE_DIR));
await handle.close();
