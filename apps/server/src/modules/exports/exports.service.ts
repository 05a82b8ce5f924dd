import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportJob, ExportStoreBody } from '@dealer-hr/shared/exports/contract';
import {
  ACTIVE_EXPORTS_MAX,
  ACTIVE_EXPORT_STATUSES,
  exportFileNames,
  exportLabels,
  exportMessages,
  type ExportKind,
} from '@dealer-hr/shared/exports/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canAny } from '../../core/access';
import type { ExportSource, ExportSources } from '../../core/exports';
import type { JobQueue, JobRow } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { sendXlsx, xlsxStream } from '../../lib/xlsx';
import { capturedCallerOf, type CapturedCaller } from '../../plugins/auth';
import { EXPORT_JOB, type ExportPayload, type ExportResult } from './export-job';
import { parseExportQuery } from './export-query';
import type { ExportListQuery } from './exports.schemas';

const ownExports = (userId: number) => and(eq(jobs.kind, EXPORT_JOB), eq(jobs.createdBy, userId));

const resultOf = (row: JobRow) => (row.status === 'succeeded' ? (row.result as ExportResult | null) : null);

function exportJobOf(row: JobRow): ExportJob {
  const payload = row.payload as ExportPayload;
  const result = resultOf(row);
  return {
    id: row.id,
    kind: payload.kind,
    file_name: exportFileNames[payload.kind],
    status: row.status,
    done: row.progressDone,
    total: row.progressTotal,
    rows: result?.rows ?? null,
    size: result?.size ?? null,
    // A failure's cause is in the server log; its owner is told that it failed and may start it again.
    error: row.status === 'failed' ? exportMessages.failed : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** `GET down/timing/excel`: the caller's exports, newest first. */
export async function listExports(db: Database, userId: number, query: ExportListQuery) {
  const where = and(
    ownExports(userId),
    query.active === '1' ? inArray(jobs.status, [...ACTIVE_EXPORT_STATUSES]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.id)).limit(query.limit).offset(offsetOf(query)),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { data: rows.map(exportJobOf), total: total?.total ?? 0 };
}

async function ownExport(db: Database, userId: number, id: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(ownExports(userId), eq(jobs.id, id)));
  if (!row) throw notFound(exportMessages.notFound);
  return row;
}

/** `GET down/timing/excel/detail`: one of the caller's exports (the list's button polls it). */
export const exportDetail = async (db: Database, userId: number, id: number) =>
  exportJobOf(await ownExport(db, userId, id));

function sourceOf(sources: ExportSources, kind: ExportKind): ExportSource<unknown> {
  const source = sources.get(kind);
  if (!source) throw validationFailed([{ field: 'kind', message: selectMessage(exportLabels.kind) }]);
  return source;
}

interface StartContext {
  db: Database;
  jobs: JobQueue;
  sources: ExportSources;
}

/**
 * `POST down/timing/excel/store`: starts an export as a job with the caller's rights and data scope of now.
 * Refused without the list's export permission (1403), with a wrong filter (422 on `query`), or while the
 * caller already has ACTIVE_EXPORTS_MAX exports queued or running (409).
 */
export async function startExport(
  { db, jobs: queue, sources }: StartContext,
  caller: CapturedCaller,
  body: Required<ExportStoreBody>,
): Promise<ExportJob> {
  const source = sourceOf(sources, body.kind);
  if (!canAny(caller.access, source.permission)) throw forbidden();
  const query = parseExportQuery(source, body.query);
  return db.transaction(async (tx) => {
    // One export at a time per user is counted under a lock of their own, so two quick clicks agree.
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK}, ${caller.userId})`);
    const [active] = await tx
      .select({ active: count() })
      .from(jobs)
      .where(and(ownExports(caller.userId), inArray(jobs.status, [...ACTIVE_EXPORT_STATUSES])));
    if ((active?.active ?? 0) >= ACTIVE_EXPORTS_MAX) throw conflict(exportMessages.tooMany);
    const options = (await source.prepare?.(tx, caller, query)) ?? {};
    const payload: ExportPayload = {
      kind: body.kind,
      query: body.query,
      userId: caller.userId,
      scope: caller.scope,
      options,
    };
    const row = await queue.enqueue(EXPORT_JOB, payload, {
      createdBy: caller.userId,
      maxAttempts: 2,
      within: tx,
    });
    return exportJobOf(row!);
  });
}

/** The first key of the advisory locks taken while an export starts (the second is the user id). */
const EXPORT_LOCK = 17_001;

/** `POST down/timing/excel/cancel`: a queued export ends at once, a running one at its next page of rows. */
export async function cancelExport(db: Database, queue: JobQueue, userId: number, id: number) {
  await ownExport(db, userId, id);
  const row = await queue.cancel(id);
  if (!row) throw conflict(exportMessages.notActive);
  return exportJobOf(row);
}

/** `DELETE down/timing/excel/destroy`: a finished export leaves the list, and its file the disk. */
export async function deleteExport(db: Database, dir: string, userId: number, id: number): Promise<void> {
  const row = await ownExport(db, userId, id);
  if ((ACTIVE_EXPORT_STATUSES as readonly string[]).includes(row.status))
    throw conflict(exportMessages.stillActive);
  await db.delete(jobs).where(eq(jobs.id, id));
  const file = (row.result as ExportResult | null)?.file;
  if (file) await rm(join(dir, file), { force: true });
}

/** `GET down/timing/excel/download`: the file of a finished export while it is kept. */
export async function sendExportFile(
  reply: FastifyReply,
  db: Database,
  dir: string,
  userId: number,
  id: number,
) {
  const row = await ownExport(db, userId, id);
  const result = resultOf(row);
  if (row.status === 'expired' || (row.expiresAt && row.expiresAt <= new Date()))
    throw conflict(exportMessages.expired);
  if (!result) throw conflict(exportMessages.notReady);
  const kind = (row.payload as ExportPayload).kind;
  return sendXlsx(reply, createReadStream(join(dir, result.file)), `${kind}.xlsx`, exportFileNames[kind]);
}

/**
 * A list's direct download (`user/export`...): the same file as the job writes, streamed while it is read.
 * For the API and small lists; the web starts a job (docs/decisions.md "Exports").
 */
export async function sendExport<Query>(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, source }: { db: Database; source: ExportSource<Query> },
  query: Query,
  asciiName: string,
) {
  const caller = await capturedCallerOf(request);
  const options = (await source.prepare?.(db, caller, query)) ?? {};
  const run = { userId: caller.userId, scope: caller.scope, query, options };
  return sendXlsx(
    reply,
    xlsxStream(source.sheetName, source.columns, source.rows(run)),
    asciiName,
    exportFileNames[source.kind],
  );
}

/** The caller's finished exports whose files are still kept: the workbench's "exports ready". */
export async function readyExportCount(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(jobs)
    .where(and(ownExports(userId), eq(jobs.status, 'succeeded'), gt(jobs.expiresAt, now)));
  return row?.value ?? 0;
}
