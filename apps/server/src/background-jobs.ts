import { readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { jobs } from './db/schema';
import { defineJob, type JobDefinition } from './core/jobs/queue';
import type { JobSchedule } from './core/jobs/runner';
import type { ExportSources } from './core/exports';
import { exportJob } from './modules/exports';
import { importJob } from './modules/imports';
import type { ImportSources } from './core/imports';
import type { Today } from './core/clock';
import type { Sealer } from './lib/sealed-values';
import type { ApprovalEngine } from './modules/approvals';
import { SETTLE_DUE_DISPATCHES, settleDueDispatchesJob } from './modules/dispatch';
import { COMPLETE_DUE_RESIGNATIONS, completeDueResignationsJob } from './modules/resignation';
import { SETTLE_DUE_ROTATIONS, settleDueRotationsJob } from './modules/rotation';
import { APPLY_DUE_TRANSFERS, applyDueTransfersJob } from './modules/transfers';
import {
  BUILD_ATTENDANCE_DAY,
  buildAttendanceDayJob,
  ENSURE_PUNCH_PARTITIONS,
  ensurePunchPartitionsJob,
  EXPIRE_LEAVE,
  expireLeaveJob,
} from './modules/attendance';
import {
  SWEEP_HANDOVERS,
  advanceHandoverJob,
  sweepHandoversJob,
  type HandoverDeps,
} from './modules/handover';

// The product's background jobs and their schedules, registered here at the composition root as the
// approval businesses are: a module defines its jobs, this file decides which the runner knows.

/** A file checked for an import is kept this long for its commit. */
const PREVIEW_KEEP_MS = 86_400_000;

/**
 * A finished job's product is kept until `expires_at`; then the job says so, and the file it wrote (a
 * result's `file`, under the job files' directory) is removed.
 */
const expireResults = (db: Database, filesDir: string) =>
  defineJob<Record<string, never>, { expired: number }>({
    kind: 'jobs.expire-results',
    async run() {
      const expired = await db
        .update(jobs)
        .set({ status: 'expired' })
        .where(and(eq(jobs.status, 'succeeded'), lt(jobs.expiresAt, sql`now()`)))
        .returning({ result: jobs.result });
      for (const { result } of expired) {
        const file = (result as { file?: unknown } | null)?.file;
        if (typeof file === 'string') await rm(join(filesDir, basename(file)), { force: true });
      }
      // Files previewed for an import that was never started.
      const names = await readdir(filesDir).catch(() => [] as string[]);
      for (const name of names.filter((candidate) => candidate.startsWith('preview-'))) {
        const { mtimeMs } = await stat(join(filesDir, name));
        if (Date.now() - mtimeMs > PREVIEW_KEEP_MS) await rm(join(filesDir, name), { force: true });
      }
      return { expired: expired.length };
    },
  });

interface JobsContext {
  db: Database;
  exports: ExportSources;
  imports: ImportSources;
  /** Where jobs write their products (DATA_DIR/job-files). */
  filesDir: string;
  exportKeepDays: number;
  today: Today;
  /** A dispatch that ends withdraws its extension still in approval (a leaver's too). */
  approvals: ApprovalEngine;
  /** A leaver added to the prohibited list is kept by their sealed ID number. */
  sealer: Sealer;
  /** A leaver's customers and group chats, handed over through the work-messaging platform. */
  handover: HandoverDeps;
  /** The group's time zone: attendance days and the punches' monthly partitions are bounded in it. */
  timeZone: string;
}

export const productJobs = ({
  db,
  exports,
  imports,
  filesDir,
  exportKeepDays,
  today,
  approvals,
  sealer,
  handover,
  timeZone,
}: JobsContext): JobDefinition[] => [
  applyDueTransfersJob(db, today),
  settleDueDispatchesJob(db, approvals, today),
  settleDueRotationsJob(db, today),
  completeDueResignationsJob(db, sealer, approvals, today),
  advanceHandoverJob(handover),
  sweepHandoversJob(handover),
  buildAttendanceDayJob(db, today, timeZone),
  ensurePunchPartitionsJob(db, today, timeZone),
  expireLeaveJob(db, today),
  expireResults(db, filesDir),
  exportJob({ db, sources: exports, dir: filesDir, keepMs: exportKeepDays * 86_400_000 }),
  importJob({ db, sources: imports, dir: filesDir, keepMs: exportKeepDays * 86_400_000 }),
];

export const productSchedules: JobSchedule[] = [
  { name: 'expire-job-results', cron: '5 * * * *', kind: 'jobs.expire-results' },
  // Effective dates begin at midnight in the group's time zone; a server down then catches up when it starts.
  { name: 'apply-due-transfers', cron: '0 0 * * *', kind: APPLY_DUE_TRANSFERS, catchUp: true },
  { name: 'settle-due-dispatches', cron: '0 0 * * *', kind: SETTLE_DUE_DISPATCHES, catchUp: true },
  { name: 'settle-due-rotations', cron: '0 0 * * *', kind: SETTLE_DUE_ROTATIONS, catchUp: true },
  { name: 'complete-due-resignations', cron: '0 0 * * *', kind: COMPLETE_DUE_RESIGNATIONS, catchUp: true },
  // A day's group-chat cap ends at midnight; at start-up, handovers a stopped instance left go on.
  { name: 'sweep-handovers', cron: '0 0 * * *', kind: SWEEP_HANDOVERS, catchUp: true },
  // Yesterday's attendance days, once its night shifts are over for most groups (a punch after this still
  // recomputes its own day). A build stopped part way goes on from its last batch.
  { name: 'build-attendance-day', cron: '30 4 * * *', kind: BUILD_ATTENDANCE_DAY, catchUp: true },
  // This month's punch partition and the next two, every day and at start-up.
  { name: 'ensure-punch-partitions', cron: '10 0 * * *', kind: ENSURE_PUNCH_PARTITIONS, catchUp: true },
  // Last year's leave balances end with it (the first run of a year); a balance that comes back is caught later.
  { name: 'expire-leave', cron: '20 0 * * *', kind: EXPIRE_LEAVE, catchUp: true },
];
