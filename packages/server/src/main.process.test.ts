import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer, type ServerProcess, startEmbeddedServer } from '../test/server-process.ts';
import { SERVER_ROOT } from './paths.ts';

/**
 * The built server, as `npm start` runs it: a bundle of its own made from the current source (in a
 * folder of this test's, so parallel runs never share one), started on a fresh data folder.
 */
let buildDir: string;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(SERVER_ROOT, 'dist-test-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-built-'));
  execFileSync(process.execPath, ['build.mjs', path.basename(buildDir)], { cwd: SERVER_ROOT, stdio: 'pipe' });
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await rm(buildDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The cluster's identity, set once when a database is created and kept by every copy of it, and
 * the databases it holds.
 */
async function clusterOf(pgliteDir: string): Promise<{ id: string; databases: string[] }> {
  const db = new PGlite({ dataDir: pgliteDir });
  try {
    const { rows } = await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()');
    const databases = await db.query<{ name: string }>('select datname as name from pg_database order by datname');
    return { id: rows[0]!.id, databases: databases.rows.map((row) => row.name) };
  } finally {
    await db.close();
  }
}

describe('the built server', () => {
  it('starts on a fresh data folder from the ready database of its build, and works', {
    timeout: 120_000,
  }, async () => {
    server = await startEmbeddedServer(dataDir, {}, path.join(buildDir, 'main.js'));
    const health = await callServer(server.api, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.response).toEqual({ status: 'ok', db: 'pglite', registrations: 'open' });
    // Migrated and seeded: a person can sign up, and the currencies are there.
    const credentials = { username: `built_${Date.now()}`, password: 'correct horse battery' };
    const registered = await callServer(server.api, 'POST', '/auth/register', { body: credentials });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const currencies = await callServer(server.api, 'GET', '/models/currencies');
    expect(currencies.body.response.map((c: { code: string }) => c.code)).toContain('UAH');
    await server.kill();

    // A copy of the build's database, which keeps the app's alone (no template databases to copy).
    const started = await clusterOf(path.join(dataDir, 'pglite'));
    expect(started).toEqual(await clusterOf(path.join(buildDir, 'pglite-template')));
    expect(started.databases).toEqual(['postgres']);
  });
});
