// The server suite again on a real PostgreSQL server, when TEST_POSTGRES_URL names one (CI does); each run
// creates its own databases there and drops them at the end. One worker: it runs beside the browser tests.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_POSTGRES_URL;
if (!url) {
  console.log(
    'server tests on PostgreSQL: not run (set TEST_POSTGRES_URL to a server where the user may CREATEDB)',
  );
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--maxWorkers=1'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
