import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from './app';
import { DEMO_ADMIN_PASSWORD, loadConfig } from './config';
import { openDatabase } from './db/client';
import { installDatabase } from './install';

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'dealer-hr' } });

const database = openDatabase(config);
await installDatabase(database, config, logger);
const app = await buildApp({ config, database, logger });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  // A stuck request must not keep the process alive forever.
  const timer = setTimeout(() => {
    logger.error('shutdown timed out');
    process.exit(1);
  }, 10_000).unref();
  try {
    // A running job goes back to the queue at its next checkpoint, for the next instance to take.
    await app.jobRunner.stop();
    await app.close();
    await database.close();
    clearTimeout(timer);
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.jobRunner.start();
// What fell due while no instance ran (a transfer dated today, after a night of downtime) is applied now.
await app.jobRunner.catchUp();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.info(
  {
    database: database.kind,
    dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined,
    startupMs: Math.round(performance.now()),
  },
  `Dealer HR is ready on http://localhost:${port}`,
);
if (config.adminPasswordIsDefault) {
  logger.warn(
    `sign in as admin / ${DEMO_ADMIN_PASSWORD} (demo default; set ADMIN_PASSWORD to choose another)`,
  );
}
