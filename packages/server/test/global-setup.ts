import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase, openPglite } from '../src/db/client.ts';
import { currencies } from '../src/db/schema.ts';
import { templateDatabaseName, withDatabase } from './database-url.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** Path of a dumped, migrated PGlite data folder every test file starts from. */
    pgliteTemplate: string;
    /** Name of the migrated PostgreSQL database every test file clones. */
    postgresTemplate: string;
    /** The id of each seeded currency by code; every clone of the template has the same. */
    currencyIds: Record<string, number>;
  }
}

/**
 * Migrates one template database per run; each test file then clones it, which costs a
 * fraction of a fresh migration (docs/decisions.md "Test databases are clones of one migrated template").
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches test workers only; this runs in the main process, so read it from the config.
  if (project.config.env.KOPIYKA_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = templateDatabaseName();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name) });
    project.provide('currencyIds', await currencyIdsOf(handle));
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-template-'));
  const client = new PGlite();
  project.provide('currencyIds', await currencyIdsOf(await openPglite(client)));
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}

async function currencyIdsOf(handle: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await handle.db.select({ code: currencies.code, id: currencies.id }).from(currencies);
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}
