import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { startServer } from '../../scripts/built-server';
import { withPostgresDatabase } from './postgres';
import { DATA_KEY, EMPLOYEES, generateStaff, percentile } from './staff-list';

// An export of the whole roster of a large group as a job, on PostgreSQL: 100 000 generated employees, the
// time the job takes, the server's peak memory, and the latency of the directory's first page asked one
// request after another while the export runs (and before it, for comparison).

/** The server's peak resident memory so far (Linux: VmHWM), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** Sequential `user/index` requests until `done()` says stop: their latencies, sorted. */
async function directoryLatencies(url: string, authorization: string, done: () => boolean, least = 50) {
  const took: number[] = [];
  while (!done() || took.length < least) {
    const started = performance.now();
    const response = await fetch(`${url}/api/auth/user/index?page=${1 + (took.length % 50)}&limit=20`, {
      headers: { authorization },
    });
    if (response.status !== 200) throw new Error(`user/index answered ${response.status}`);
    await response.arrayBuffer();
    took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b);
}

const figures = (took: number[]) =>
  `${took.length} requests   p50 ${percentile(took, 0.5).toFixed(1)} ms   p99 ${percentile(took, 0.99).toFixed(1)} ms` +
  `   max ${took.at(-1)!.toFixed(1)} ms`;

export async function benchExport() {
  await withPostgresDatabase(async (databaseUrl) => {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl, DATA_KEY } });
    try {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await generateStaff(client);
      await client.end();
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
      });
      const authorization = `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}`;
      const headers = { authorization, 'content-type': 'application/json' };

      const idle = await directoryLatencies(server.url, authorization, () => true, 200);
      const rssBefore = await peakRssMb(server.process.pid!);

      const started = performance.now();
      const store = await fetch(`${server.url}/api/auth/down/timing/excel/store`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'staff', query: '' }),
      });
      const { data: job } = (await store.json()) as { data: { id: number } };
      let finished: { status: string; rows: number | null; size: number | null } | undefined;
      let took = 0;
      const watch = (async () => {
        for (;;) {
          const answer = await fetch(`${server.url}/api/auth/down/timing/excel/detail?id=${job.id}`, {
            headers,
          });
          const { data } = (await answer.json()) as { data: { status: string; rows: number; size: number } };
          if (data.status !== 'queued' && data.status !== 'running') {
            took = performance.now() - started;
            finished = data;
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const during = await directoryLatencies(server.url, authorization, () => finished !== undefined);
      await watch;
      const peak = await peakRssMb(server.process.pid!);

      console.log(`\nexport of the whole roster as a job on PostgreSQL (${EMPLOYEES} generated employees):`);
      console.log(
        `  ${finished!.status}: ${finished!.rows} rows, ${((finished!.size ?? 0) / 1024 / 1024).toFixed(1)} MB, ` +
          `${(took / 1000).toFixed(1)} s from the request to the file (the job polled every 100 ms)`,
      );
      console.log(`  server peak RSS: ${rssBefore} MB before the export, ${peak} MB after it`);
      console.log(`  user/index, page of 20, sequential, before the export: ${figures(idle)}`);
      console.log(`  user/index, page of 20, sequential, during the export: ${figures(during)}`);
    } finally {
      await server.stop();
    }
  });
}
