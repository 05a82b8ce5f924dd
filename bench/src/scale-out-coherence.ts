import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { signIn } from './api-load';
import { call, loginFrom, sleep, waitFor } from './scale-out-api';
import type { Instance } from './scale-out-instances';
import type { Report } from './scale-out-report';

// Two instances behind a client-side round robin must behave as one server: what one of them does to a
// session, an account, the login throttle, a role or a job is what the other sees on its next request.

/** How soon a change on A must be seen on B. */
const SEEN_WITHIN_MS = 1_000;
const REASON = '扩容检查';

interface Pair {
  a: Instance;
  b: Instance;
  db: pg.Client;
  dataDir: string;
  /** Admin's bearer header, signed in on A (valid on both). */
  admin: string;
}

const me = (instance: Instance, authorization: string) =>
  call<{ roles: string[]; permissions: string[] }>(instance.url, 'POST', '/api/auth/me', { authorization });

/** The session is over for `instance`: a refusal, not a server error or no answer. */
async function ended(instance: Instance, authorization: string) {
  const answer = await me(instance, authorization);
  return answer.status !== 0 && answer.status < 500 && answer.code !== 200;
}

async function userIdOf(db: pg.Client, username: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select id from users where username = $1', [username]);
  if (!rows[0]) throw new Error(`no account ${username}`);
  return rows[0].id;
}

/** Polls B until the session is refused: the time it took after the change, or undefined after 3 s. */
const endedOnB = (pair: Pair, authorization: string) =>
  waitFor(() => ended(pair.b, authorization), 3_000, 25);

const seenIn = (took: number | undefined) =>
  took === undefined ? 'still valid on B after 3 s' : `ended on B after ${Math.round(took)} ms`;

async function sessionCarriesOver(pair: Pair) {
  const token = await signIn(pair.a, 'staff');
  const answer = await me(pair.b, token);
  return { pass: answer.code === 200, detail: `POST /api/auth/me on B answered ${answer.code}` };
}

async function logoutEndsEverywhere(pair: Pair) {
  const token = await signIn(pair.a, 'staff');
  if ((await me(pair.b, token)).code !== 200) return { pass: false, detail: 'not valid on B to begin with' };
  const logout = await call(pair.a.url, 'POST', '/api/logout', { authorization: token, body: {} });
  if (logout.code !== 200) return { pass: false, detail: `logout on A answered ${logout.code}` };
  const took = await endedOnB(pair, token);
  return { pass: took !== undefined && took <= SEEN_WITHIN_MS, detail: seenIn(took) };
}

async function freezeEndsEverywhere(pair: Pair) {
  const id = await userIdOf(pair.db, 'staff');
  const token = await signIn(pair.b, 'staff');
  if ((await me(pair.b, token)).code !== 200) return { pass: false, detail: 'not valid on B to begin with' };
  const freeze = await call(pair.a.url, 'PUT', '/api/auth/user/freeze', {
    authorization: pair.admin,
    body: { id, reason: REASON },
  });
  try {
    if (freeze.code !== 200)
      return { pass: false, detail: `freeze on A answered ${freeze.code} ${freeze.message}` };
    const took = await endedOnB(pair, token);
    return { pass: took !== undefined && took <= SEEN_WITHIN_MS, detail: seenIn(took) };
  } finally {
    if (freeze.code === 200)
      await call(pair.a.url, 'PUT', '/api/auth/user/thaw', {
        authorization: pair.admin,
        body: { id, reason: REASON },
      });
  }
}

/** Wrong passwords for one username, alternating A and B: five refusals, then 429 on either. */
async function throttleCountsAcross(pair: Pair, label: string) {
  // A username and a client address of this run only (the counts may be in Redis, which outlives it).
  const username = `nobody-${label.replace(/\W+/g, '-')}-${process.pid}-${Date.now() % 100_000}`;
  const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${2 + Math.floor(Math.random() * 250)}`;
  const seen: string[] = [];
  for (let attempt = 0; attempt < 7; attempt++) {
    const instance = attempt % 2 === 0 ? pair.a : pair.b;
    const answer = await loginFrom(instance.url, username, 'Wrong@2026', address);
    seen.push(`${instance.name}${answer.status}`);
  }
  const expected = ['A422', 'B422', 'A422', 'B422', 'A422', 'B429', 'A429'];
  return { pass: seen.join() === expected.join(), detail: `${seen.join(' ')} (from ${address})` };
}

/** A role given on A shows in B's very next answer for that user; the user's own roles are put back. */
async function roleChangeSeenAtOnce(pair: Pair) {
  const id = await userIdOf(pair.db, 'staff');
  const token = await signIn(pair.b, 'staff');
  const before = await me(pair.b, token);
  if (before.code !== 200 || !before.data) return { pass: false, detail: `me on B answered ${before.code}` };
  const { rows: direct } = await pair.db.query<{ role_id: number }>(
    'select role_id from user_roles where user_id = $1',
    [id],
  );
  const { rows: candidates } = await pair.db.query<{ id: number; key: string }>(
    'select id, key from roles where not is_super and not (key = any($1)) order by id limit 1',
    [before.data.roles],
  );
  const role = candidates[0];
  if (!role) return { pass: false, detail: 'no role left to give' };
  const give = await call(pair.a.url, 'PUT', '/api/auth/user/roles/give', {
    authorization: pair.admin,
    body: { user_id: id, role_ids: [role.id] },
  });
  try {
    if (give.code !== 200)
      return { pass: false, detail: `roles/give on A answered ${give.code} ${give.message}` };
    const next = await me(pair.b, token);
    const has = (answer: typeof next) => answer.data?.roles.includes(role.key) ?? false;
    if (has(next))
      return {
        pass: true,
        detail: `role ${role.key} seen at once; permissions ${before.data.permissions.length} -> ${next.data!.permissions.length}`,
      };
    const took = await waitFor(async () => has(await me(pair.b, token)), 3_000, 25);
    return {
      pass: false,
      detail: took === undefined ? 'not seen on B in 3 s' : `seen only after ${Math.round(took)} ms`,
    };
  } finally {
    await call(pair.a.url, 'PUT', '/api/auth/user/roles/sync', {
      authorization: pair.admin,
      body: { user_id: id, role_ids: direct.map((row) => row.role_id) },
    });
  }
}

/** An export job started on A, followed on B: completed once, one file, one completion notice. */
async function jobRunsOnce(pair: Pair) {
  const store = await call<{ id: number }>(pair.a.url, 'POST', '/api/auth/down/timing/excel/store', {
    authorization: pair.admin,
    body: { kind: 'staff', query: '' },
  });
  if (store.code !== 200 || !store.data) return { pass: false, detail: `store on A answered ${store.code}` };
  const id = store.data.id;
  const done = await waitFor(
    async () => {
      const detail = await call<{ status: string }>(
        pair.b.url,
        'GET',
        `/api/auth/down/timing/excel/detail?id=${id}`,
        {
          authorization: pair.admin,
        },
      );
      return detail.data !== null && !['queued', 'running'].includes(detail.data.status);
    },
    60_000,
    100,
  );
  if (done === undefined) return { pass: false, detail: `job ${id} not finished in 60 s` };
  // Another instance finishing it a second time would do so right after: give it the chance to show.
  await sleep(1_500);
  return jobFigures(pair, id);
}

/** What one export job left: its row, its files in the shared data directory, its completion notices. */
export async function jobFigures(pair: { db: pg.Client; dataDir: string }, id: number) {
  const { rows } = await pair.db.query<{ status: string; attempts: number; error: string | null }>(
    'select status, attempts, error from jobs where id = $1',
    [id],
  );
  const files = (await readdir(path.join(pair.dataDir, 'job-files')).catch(() => [] as string[])).filter(
    (name) => name.startsWith(`export-${id}.`),
  );
  const { rows: notices } = await pair.db.query<{ count: number }>(
    `select count(*)::int as count from messages where kind = 'export_ready' and link = $1`,
    [`/system/exports?id=${id}`],
  );
  const job = rows[0];
  const pass =
    job?.status === 'succeeded' &&
    files.length === 1 &&
    files[0] === `export-${id}.xlsx` &&
    notices[0]!.count === 1;
  return {
    pass,
    job,
    detail:
      `job ${id} ${job?.status} after ${job?.attempts} attempt(s), files [${files.join(', ')}], ` +
      `${notices[0]!.count} completion notice(s)`,
  };
}

/** The checks of two instances, A and B, on one database; `label` says which setup (with Redis or not). */
export async function coherenceChecks(
  report: Report,
  a: Instance,
  b: Instance,
  db: pg.Client,
  dataDir: string,
  label: string,
) {
  const pair: Pair = { a, b, db, dataDir, admin: await signIn(a) };
  const checks: [string, () => Promise<{ pass: boolean; detail: string }>][] = [
    ['a session opened on A is valid on B', () => sessionCarriesOver(pair)],
    [`logout on A ends the session on B within ${SEEN_WITHIN_MS} ms`, () => logoutEndsEverywhere(pair)],
    [
      `freezing a user on A ends their session on B within ${SEEN_WITHIN_MS} ms`,
      () => freezeEndsEverywhere(pair),
    ],
    ['the login throttle counts across A and B (6th attempt 429)', () => throttleCountsAcross(pair, label)],
    ["a role change on A is seen by B's next request", () => roleChangeSeenAtOnce(pair)],
    ['an export job started on A completes exactly once', () => jobRunsOnce(pair)],
  ];
  for (const [name, probe] of checks) await report.attempt(`${label}: ${name}`, probe);
}
