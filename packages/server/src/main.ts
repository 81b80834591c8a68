import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { readableLogStream, readableLogs } from './lib/log-output.ts';
import { SERVER_ROOT } from './paths.ts';

const WEB_DIST = path.join(SERVER_ROOT, '../web/dist');

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, WEB_DIST);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: FastifyInstance | undefined;
  // The database opens first (PGlite compiles its WebAssembly and starts PostgreSQL: about a
  // second) while the rest of the server loads beside it: the app's modules and the packages they
  // use come in with this import (a chunk of their own in the build, see build.mjs).
  const [database, { buildApp }] = await Promise.all([
    openDatabase(config.database, {
      onConnectionError: (err) => app?.log.error({ err }, 'database connection lost'),
    }),
    import('./app.ts'),
  ]);
  const onTerminal = process.stdout.isTTY === true;
  const logStream = readableLogs(config.logFormat, onTerminal)
    ? await readableLogStream(process.stdout, onTerminal && !process.env.NO_COLOR)
    : undefined;
  app = await buildApp(config, { database, logStream });
  const running = app;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.log.info({ signal }, 'shutting down');
      void running.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`Kopiyka is running at ${shown} (database: ${app.dbKind})`);
  console.log(`\n  Kopiyka is ready: ${shown}\n`);
}

void main();
