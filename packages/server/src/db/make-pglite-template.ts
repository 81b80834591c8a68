// A build step (build.mjs runs it from the build's folder): the ready embedded database — created,
// migrated, seeded — that a fresh data folder of the built server starts from (PGLITE_TEMPLATE_DIR).
import { rm } from 'node:fs/promises';
import { PGLITE_TEMPLATE_DIR } from '../paths.ts';
import { embeddedDatabase, openPglite } from './client.ts';

await rm(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
const client = embeddedDatabase(PGLITE_TEMPLATE_DIR);
const handle = await openPglite(client);
// The app's tables are in the `postgres` database. PostgreSQL's two template databases are only
// read by CREATE DATABASE, which the app never runs; without them a fresh data folder is a copy of
// about 520 files instead of 1,120, which is most of what copying it costs. One statement a call:
// DROP DATABASE cannot run in the transaction a multi-statement call makes.
await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
await client.exec('drop database template0');
await client.exec('drop database template1');
await handle.close();
