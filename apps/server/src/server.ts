import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { superviseWorkers } from './cluster';
import { DEMO_ADMIN_PASSWORD, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { installDatabase } from './install';
import { listenWhileStarting } from './lib/starting-server';

const config = loadConfig();
const logger = pino({
  level: config.LOG_LEVEL,
  base: { service: 'dealer-hr', ...(cluster.isWorker && { worker: cluster.worker?.id }) },
});

if (config.CLUSTER_WORKERS > 1 && cluster.isPrimary) superviseWorkers(config, logger);
else await runInstance(config, logger);

/** One instance: answers "starting" on its port while it migrates, then serves until SIGTERM. */
async function runInstance(config: Config, logger: Logger) {
  let stop: (signal: string) => Promise<void> = async () => process.exit(0);
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  const starting = await listenWhileStarting(config.PORT, config.HOST);
  const database = openDatabase(config);
  // Instances starting together migrate and seed one after another: the first does it, the rest find it done.
  await database.exclusively('dealer-hr install', () => installDatabase(database, config, logger));
  const app = await buildApp({ config, database, logger });

  let closing = false;
  stop = async (signal) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // A stuck request must not keep the process alive forever.
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
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
  };

  await starting.close();
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
}
