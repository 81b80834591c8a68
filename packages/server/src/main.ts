import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
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
  const app = await buildApp(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`Kopiyka is running at ${shown} (database: ${app.dbKind})`);
  console.log(`\n  Kopiyka is ready: ${shown}\n`);
}

void main();
