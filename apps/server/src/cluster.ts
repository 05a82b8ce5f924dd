import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config';

const RESTART_DELAY_MS = 1_000;

/**
 * The primary of CLUSTER_WORKERS > 1: it holds no database and serves nothing, it forks the workers (each a
 * whole instance on the one port: docs/operations.md "Several instances"), forks again any worker that dies,
 * and on SIGTERM or SIGINT passes the signal on and waits for the workers' own graceful stops.
 */
export function superviseWorkers(config: Config, logger: Logger): void {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let n = 0; n < config.CLUSTER_WORKERS; n++) fork();
  logger.info({ workers: config.CLUSTER_WORKERS }, 'starting workers');

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'worker died: starting another');
    setTimeout(fork, RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A worker bounds its own stop by SHUTDOWN_TIMEOUT_MS; this bounds the primary's wait for it.
    setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
