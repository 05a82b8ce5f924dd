import type pg from 'pg';
import { signIn } from './api-load';
import { approve, completionStates, pendingCandidates } from './onboarding-candidates';
import type { Reconnecting } from './pg-cluster';
import { call, sleep, waitFor } from './scale-out-api';
import { jobFigures } from './scale-out-coherence';
import { goneOf, killInstance, type Instance } from './scale-out-instances';
import { ms, type Report } from './scale-out-report';
import { generateStaff } from './staff-list';

// SIGKILL of instance A while it completes onboardings (each one transaction: employee, assignment, account,
// the entry approved) and runs an export job: PostgreSQL must hold every completion whole or not at all, and
// the job, whose lease A can no longer renew, must be taken back and completed by B. Nothing is restarted.

const CANDIDATES = 12;
/** Enough for an export of several seconds on this machine, cheap enough to generate (a few seconds). */
const EMPLOYEES = 20_000;
/** Lease (30 s) plus B's reclaim period (60 s) plus the export itself, with room to spare. */
const TAKEOVER_LIMIT_MS = 240_000;

interface JobRow {
  status: string;
  progress_done: number;
  progress_total: number | null;
}

async function jobRow(db: pg.Client, id: number): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(
    'select status, progress_done, progress_total from jobs where id = $1',
    [id],
  );
  return rows[0];
}

/** An export of the whole roster started on A, answered once it has written its first rows. */
async function exportUnderWay(db: pg.Client, a: Instance, admin: string) {
  const store = await call<{ id: number }>(a.url, 'POST', '/api/auth/down/timing/excel/store', {
    authorization: admin,
    body: { kind: 'staff', query: '' },
  });
  if (store.code !== 200 || !store.data)
    throw new Error(`export store on A answered ${store.code} ${store.message}`);
  const id = store.data.id;
  const started = await waitFor(async () => ((await jobRow(db, id))?.progress_done ?? 0) > 0, 30_000, 50);
  if (started === undefined) throw new Error(`export job ${id} wrote no rows in 30 s`);
  return id;
}

/** Approvals fired at A together; A is killed when the first one answers (some done, some in flight). */
async function approvalsCutOff(
  a: Instance,
  manager: string,
  candidates: Awaited<ReturnType<typeof pendingCandidates>>,
) {
  const answers = candidates.map((candidate) => approve(a.url, manager, candidate));
  await Promise.race([Promise.race(answers), sleep(2_000)]);
  await killInstance(a);
  const killedAt = performance.now();
  const settled = await Promise.all(answers);
  const acknowledged = candidates.filter(
    (_, index) => settled[index]!.code === 200 && settled[index]!.data?.status === 'approved',
  );
  return { killedAt, acknowledged };
}

/** The onboarding half of the phase: whole or untouched, acknowledged ones whole, the rest completable on B. */
async function checkCompletions(
  report: Report,
  db: pg.Client,
  b: Instance,
  manager: string,
  candidates: Awaited<ReturnType<typeof pendingCandidates>>,
  acknowledged: readonly { phone: string }[],
) {
  const states = await completionStates(db, candidates);
  const lost = acknowledged.filter((candidate) => !states.whole.has(candidate.phone));
  report.figure(
    `kill: ${candidates.length} onboarding approvals sent to A, ${acknowledged.length} acknowledged before the ` +
      `kill; in PostgreSQL ${states.whole.size} whole, ${states.untouched.size} untouched, ${states.half.length} half-written`,
  );
  report.check(
    'kill: no half-written onboarding completion',
    states.half.length === 0,
    states.half.join('; ') || '0',
  );
  report.check('kill: every acknowledged completion is whole', lost.length === 0, `${lost.length} missing`);
  for (const candidate of candidates.filter((c) => states.untouched.has(c.phone)))
    await approve(b.url, manager, candidate);
  const after = await completionStates(db, candidates);
  report.check(
    'kill: the completions cut off complete on B afterwards',
    after.whole.size === candidates.length && after.half.length === 0,
    `${after.whole.size} of ${candidates.length} whole`,
  );
}

/** The export half: taken back after its lease and completed once by B, timed from the kill. */
async function checkTakeOver(
  report: Report,
  db: pg.Client,
  dataDir: string,
  jobId: number,
  killedAt: number,
  atKill?: JobRow,
) {
  let finishedAt: number | undefined;
  await waitFor(
    async () => {
      const row = await jobRow(db, jobId);
      if (row && !['queued', 'running'].includes(row.status)) finishedAt = performance.now();
      return finishedAt !== undefined;
    },
    TAKEOVER_LIMIT_MS,
    250,
  );
  const figures = await jobFigures({ db, dataDir }, jobId);
  const tookOver = (figures.job?.attempts ?? 0) >= 2 && (figures.job?.error ?? '').includes('lease expired');
  const took = finishedAt === undefined ? undefined : finishedAt - killedAt;
  report.figure(
    `kill: export job ${jobId} was at ${atKill?.progress_done ?? '?'} of ${atKill?.progress_total ?? '?'} rows ` +
      `when A was killed; finished ${ms(took)} after the kill (${figures.detail})`,
  );
  report.check(
    'kill: the interrupted export is taken back after its lease and completed once by B',
    figures.pass && tookOver,
    tookOver
      ? `${ms(took)} after the kill`
      : `not a take-over: ${figures.detail}, error ${figures.job?.error ?? 'none'}`,
  );
}

export async function killDuringWork(
  report: Report,
  a: Instance,
  b: Instance,
  connection: Reconnecting,
  dataDir: string,
) {
  report.section('SIGKILL of instance A during onboarding completions and an export job');
  const db = await connection.client();
  const generating = performance.now();
  await generateStaff(db, EMPLOYEES);
  console.log(`  ${EMPLOYEES} employees generated for the export in ${ms(performance.now() - generating)}`);
  const [admin, hr, manager] = [await signIn(a), await signIn(b, 'hr'), await signIn(b, 'manager')];
  const candidates = await pendingCandidates(db, b.url, hr, CANDIDATES);
  const jobId = await exportUnderWay(db, a, admin);
  const { killedAt, acknowledged } = await approvalsCutOff(a, manager, candidates);
  const atKill = await jobRow(db, jobId);
  await checkCompletions(report, db, b, manager, candidates, acknowledged);
  await checkTakeOver(report, db, dataDir, jobId, killedAt, atKill);
  const gone = goneOf(b);
  report.check('kill: instance B is still running', gone === undefined, gone ?? 'yes');
}
