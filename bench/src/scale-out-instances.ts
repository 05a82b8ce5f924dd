import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { serverEntry, startServer, type RunningServer } from '../../scripts/built-server';
import { sleep } from './scale-out-api';
import { DATA_KEY } from './staff-list';

// Server instances of one fault run: separate processes on their own loopback ports, all on one database
// and one data directory (shared storage), with one signing secret so a token of one is valid on all.
// Every instance started is remembered, so a failed run still stops them all.

const run = promisify(execFile);

export interface InstanceSettings {
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  redisUrl?: string;
  /** CLUSTER_WORKERS: node:cluster workers on the instance's one port. */
  workers?: number;
}

export interface Instance {
  name: string;
  url: string;
  pid: number;
  server: RunningServer;
  /** Ended by SIGKILL: nothing is left to stop. */
  killed: boolean;
}

const running = new Set<Instance>();

const envOf = (settings: InstanceSettings): Record<string, string> => ({
  DATABASE_URL: settings.databaseUrl,
  DATA_KEY,
  JWT_SECRET: settings.jwtSecret,
  // Empty is unset for the server: an outer REDIS_URL must not leak into the runs without Redis.
  REDIS_URL: settings.redisUrl ?? '',
  CLUSTER_WORKERS: settings.workers === undefined ? '' : String(settings.workers),
});

export async function startInstance(name: string, settings: InstanceSettings): Promise<Instance> {
  const server = await startServer({ dataDir: settings.dataDir, env: envOf(settings) });
  const instance = { name, url: server.url, pid: server.process.pid!, server, killed: false };
  running.add(instance);
  return instance;
}

/** A and B, started one after the other (the first may install; the second finds it done). */
export async function startPair(settings: InstanceSettings): Promise<[Instance, Instance]> {
  const a = await startInstance('A', settings);
  try {
    return [a, await startInstance('B', settings)];
  } catch (error) {
    await stopInstance(a);
    throw error;
  }
}

/**
 * Why the instance is no longer running (its exit code or signal), with the part of its log that says why;
 * undefined while it runs. An instance that died by itself is a finding of its own.
 */
export function goneOf(instance: Instance): string | undefined {
  const child = instance.server.process;
  if (child.exitCode === null && child.signalCode === null) return undefined;
  const how = child.exitCode === null ? `ended by ${child.signalCode}` : `exited with ${child.exitCode}`;
  return [how, ...whyItEnded(instance.server.output())].join('\n');
}

/** From the last uncaught error's heading (or the last error line), else the end of the log. */
function whyItEnded(output: string): string[] {
  const lines = output.trim().split('\n');
  const uncaught = lines.findLastIndex((line) => /unhandled|uncaught/i.test(line));
  const errorLine = lines.findLastIndex((line) => /^\w*(Error|error)\b/.test(line));
  const start = uncaught >= 0 ? uncaught : errorLine;
  const excerpt = start >= 0 ? lines.slice(start, start + 16) : lines.slice(-12);
  return excerpt.map((line) => `    | ${line.slice(0, 300)}`);
}

/** The processes `pid` started (node:cluster workers). */
export async function childPids(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * SIGTERM and its graceful stop (20 s at most, then SIGKILL); workers still alive afterwards are killed by
 * their ids, and answered, since a worker outliving its primary is a fault of its own.
 */
export async function stopInstance(instance: Instance): Promise<number[]> {
  running.delete(instance);
  const child = instance.server.process;
  // Gone already (killed, or died by itself): its exit has passed and stop() would wait for it forever.
  if (instance.killed || child.exitCode !== null || child.signalCode !== null) return [];
  const workers = await childPids(instance.pid);
  const stopped = instance.server.stop();
  const late = await Promise.race([stopped.then(() => false), sleep(20_000).then(() => true)]);
  if (late) await killInstance(instance);
  await sleep(workers.length > 0 ? 1_000 : 0);
  const leftOver = workers.filter(alive);
  for (const pid of leftOver) process.kill(pid, 'SIGKILL');
  return leftOver;
}

/** SIGKILL, as a crash or an OOM kill would; answers once the process is gone. */
export async function killInstance(instance: Instance): Promise<void> {
  const child = instance.server.process;
  instance.killed = true;
  running.delete(instance);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/**
 * Stops every instance still running (a failed run's finally), then any server process of ours it never
 * heard of: startServer gives up on a server that is not healthy in time without stopping it.
 */
export async function stopAllInstances() {
  await Promise.all([...running].map((instance) => stopInstance(instance).catch(() => [])));
  for (const pid of await childPids(process.pid)) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(serverEntry)) process.kill(pid, 'SIGKILL');
  }
}
