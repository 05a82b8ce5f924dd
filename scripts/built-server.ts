import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Shared by the browser tests (e2e/) and the benchmarks (bench/): both drive the real built server.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** From spawn to the first healthy answer. */
  readyMs: number;
  output(): string;
  stop(): Promise<void>;
}

export const newDataDir = () => mkdtemp(path.join(tmpdir(), 'dealer-hr-e2e-'));

/**
 * Starts the built server (node directly, so the PID is the server's). A given data dir is kept on stop,
 * so a test can start again on it; otherwise a fresh one is made and removed.
 */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run "npm run build" first.`);
  // A restart on the port of an earlier run lets an open browser page carry on against it.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await newDataDir());
  const started = performance.now();
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  // A fresh demo install migrates and seeds first (three months of attendance among it): give it time.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy in 120 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    dataDir,
    process: child,
    readyMs: Math.round(performance.now() - started),
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
