// Runs npm scripts at the same time and prints each one's output whole when it ends, so the logs stay
// readable; fails when any of them fails. `npm test` runs lint beside the type check, and the browser tests beside
// the web tests and the PostgreSQL pass, one worker each after the other.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        let output = '';
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = Math.round((Date.now() - started) / 1000);
          process.stdout.write(`\n==> npm run ${script} (ended after ${seconds} s, exit ${code})\n${output}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
