import { httpStatusOf } from '@dealer-hr/shared';
import {
  contractBreach,
  fuzzRequest,
  operationsOf,
  randomOf,
  type OpenApiDocument,
} from '../../scripts/api-fuzz';
import pg from 'pg';
import { startServer, type RunningServer } from '../../scripts/built-server';
import { withPostgresDatabase } from './postgres';

// The long fuzz pass: thousands of malformed requests for every operation of the OpenAPI document, over real
// HTTP to the built server on loopback (the server suite sends a short pass through app.inject). Bounded by
// the count per operation; a few requests run at once.
const CONCURRENCY = 4;

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
  });
  const answer = (await response.json()) as { data: { access_token: string } };
  return `Bearer ${answer.data.access_token}`;
}

/**
 * On PostgreSQL, so the administrator's account can be put back from outside the server: a fuzzed request
 * may reset its password, freeze it or take its roles.
 */
export function fuzzLong(perOperation: number, seed = 20261124) {
  return withPostgresDatabase(async (databaseUrl) => {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      return await fuzzServer(server, database, perOperation, seed);
    } finally {
      await database.end();
      await server.stop();
    }
  });
}

async function administratorRestorer(database: pg.Client) {
  const { rows } = await database.query<{ id: number; password_hash: string }>(
    "select id, password_hash from users where username = 'admin'",
  );
  const admin = rows[0]!;
  const roles = await database.query<{ role_id: number }>(
    'select role_id from user_roles where user_id = $1',
    [admin.id],
  );
  return async () => {
    await database.query(
      "update users set password_hash = $2, status = 'active', deleted_at = null where id = $1",
      [admin.id, admin.password_hash],
    );
    for (const { role_id } of roles.rows) {
      await database.query(
        'insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing',
        [admin.id, role_id],
      );
    }
  };
}

async function fuzzServer(server: RunningServer, database: pg.Client, perOperation: number, seed: number) {
  const restoreAdministrator = await administratorRestorer(database);
  let authorization = await signIn(server.url);
  const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  const statuses = new Map<number, number>();
  const breaches = new Map<string, { count: number; example: string }>();
  const breach = (key: string, example: string) => {
    const group = breaches.get(key) ?? { count: 0, example };
    group.count++;
    breaches.set(key, group);
  };
  // A fuzzed request may end the administrator's session (a password reset, a freeze): sign in again at
  // once, so the rest of the operation's requests still reach past authentication.
  const sessionEndedBy = new Map<string, number>();
  let signingIn: Promise<string> | undefined;
  const signInAgain = async (operationName: string, used: string) => {
    if (used !== authorization) return;
    sessionEndedBy.set(operationName, (sessionEndedBy.get(operationName) ?? 0) + 1);
    signingIn ??= restoreAdministrator()
      .then(() => signIn(server.url))
      .finally(() => (signingIn = undefined));
    authorization = await signingIn;
  };
  let sent = 0;
  let closed = 0;
  const closedLabels = new Set<string>();
  const started = performance.now();
  for (const [index, operation] of operations.entries()) {
    await restoreAdministrator();
    const me = await fetch(`${server.url}/api/auth/me`, { method: 'POST', headers: { authorization } });
    if (me.status !== 200) authorization = await signIn(server.url);
    const random = randomOf(seed + index);
    const requests = Array.from({ length: perOperation }, () => fuzzRequest(operation, random));
    const operationName = `${operation.method} ${operation.path}`;
    const send = async () => {
      for (let request = requests.shift(); request; request = requests.shift()) {
        let response: Response;
        let body: string;
        const used = authorization;
        try {
          response = await fetch(`${server.url}${request.url}`, {
            method: request.method,
            headers: { ...request.headers, authorization: used },
            ...(request.body === undefined ? {} : { body: new Uint8Array(Buffer.from(request.body)) }),
          });
          body = await response.text();
        } catch (error) {
          // A server that refuses a request early (a body over the limit) may close the connection while
          // the client still writes: an answer of the transport, unless the server itself went down.
          sent++;
          closed++;
          if (server.process.exitCode !== null) {
            breach(`${operationName}: the server exited`, request.label);
            return;
          }
          closedLabels.add(`${operationName} [${request.label}]: ${String(error)}`);
          continue;
        }
        sent++;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const found = contractBreach(
          { status: response.status, contentType: response.headers.get('content-type') ?? undefined, body },
          httpStatusOf,
        );
        if (found) breach(`${operationName} → ${found.slice(0, 80)}`, `[${request.label}] ${found}`);
        if ((response.status === 401 || response.status === 403) && operation.path.startsWith('/api/auth/')) {
          await signInAgain(operationName, used);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, send));
  }
  const seconds = (performance.now() - started) / 1000;
  const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  const breachCount = [...breaches.values()].reduce((sum, group) => sum + group.count, 0);
  console.log(
    `fuzz: ${operations.length} operations x ${perOperation} = ${sent} requests in ${seconds.toFixed(0)} s ` +
      `(seed ${seed}, PostgreSQL)`,
  );
  console.log(
    `  answers by status: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}`,
  );
  console.log(`  5xx: ${fiveHundreds}   outside the envelope: ${breachCount - fiveHundreds}`);
  for (const [key, group] of [...breaches].sort((a, b) => b[1].count - a[1].count).slice(0, 30)) {
    console.log(`  ${group.count} x ${key}\n      e.g. ${group.example.slice(0, 300)}`);
  }
  console.log(
    `  the administrator's session ended and was signed in again: ${
      [...sessionEndedBy].map(([name, n]) => `${name} (${n})`).join(', ') || 'never'
    }`,
  );
  console.log(`  connections closed by the server before an answer (the server still up): ${closed}`);
  for (const label of [...closedLabels].slice(0, 10)) console.log(`    ${label.slice(0, 300)}`);
  const loggedErrors = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":50'));
  console.log(`  errors the server logged: ${loggedErrors.length}`);
  for (const line of loggedErrors.slice(0, 10)) console.log(`    ${line.slice(0, 300)}`);
  return { sent, breaches: breachCount };
}
