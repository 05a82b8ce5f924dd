import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  ImportJob,
  ImportPreview,
  ImportReport,
  ImportStoreBody,
} from '@dealer-hr/shared/imports/contract';
import { importLabels, importMessages, PREVIEW_ROWS } from '@dealer-hr/shared/imports/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { canAny, type Access } from '../../core/access';
import type { ImportSource, ImportSources } from '../../core/imports';
import type { CapturedCaller } from '../../plugins/auth';
import type { JobQueue, JobRow } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { checkFile } from './import-check';
import { IMPORT_JOB, refusalMessage, type ImportPayload, type ImportResult } from './import-job';
import { readSourceRows, templateOf } from './import-sheet';

interface ImportContext {
  db: Database;
  jobs: JobQueue;
  sources: ImportSources;
  /** The job files' directory: previews, and failure files. */
  dir: string;
}

/** The source of `kind`, if the caller may import it: 422 for an unknown kind, 1403 without the button. */
function sourceFor(sources: ImportSources, kind: string, access: Access): ImportSource<unknown> {
  const source = sources.get(kind);
  if (!source) throw validationFailed([{ field: 'kind', message: selectMessage(importLabels.kind) }]);
  if (!canAny(access, source.permission)) throw forbidden();
  return source;
}

/** `GET imports/template`: the file to fill in, with its name. */
export async function importTemplate({ db, sources }: ImportContext, access: Access, kind: string) {
  const source = sourceFor(sources, kind, access);
  return {
    bytes: await templateOf(source, (await source.lists?.(db)) ?? {}),
    name: `${source.sheetName}导入模板.xlsx`,
  };
}

/** A previewed file, kept for the commit: its owner and kind are in its name. */
const previewFile = (userId: number, kind: string, token: string) =>
  `preview-${userId}-${kind}-${token}.xlsx`;

/**
 * `POST imports/preview`: reads and checks the whole file against the data as it is now, keeps it for the
 * commit, and answers the counts, the first rows and the first bad rows with every problem of each.
 */
export async function previewImport(
  context: ImportContext,
  caller: CapturedCaller,
  kind: string,
  bytes: Buffer,
): Promise<ImportPreview> {
  const source = sourceFor(context.sources, kind, caller.access);
  const rows = await readSourceRows(bytes, source);
  const { good, bad } = await checkFile(context.db, source, caller, rows);
  const token = randomUUID();
  await mkdir(context.dir, { recursive: true });
  await writeFile(join(context.dir, previewFile(caller.userId, kind, token)), bytes);
  const problemsOf = new Map(bad.map((row) => [row.row, row.problems]));
  return {
    token,
    kind,
    columns: source.columns.map((column) => ({ key: column.key, header: column.header })),
    total: rows.length,
    valid: good.length,
    invalid: bad.length,
    rows: rows.slice(0, PREVIEW_ROWS).map((row) => ({ ...row, problems: problemsOf.get(row.row) ?? [] })),
    failures: bad.slice(0, 50),
  };
}

const resultOf = (row: JobRow) => (row.status === 'succeeded' ? (row.result as ImportResult | null) : null);

function importJobOf(row: JobRow): ImportJob {
  const payload = row.payload as ImportPayload;
  const result = resultOf(row);
  return {
    id: row.id,
    kind: payload.kind,
    status: row.status,
    all_or_nothing: payload.allOrNothing,
    done: row.progressDone,
    total: row.progressTotal,
    succeeded: result?.succeeded ?? null,
    failed: result?.failed ?? null,
    error: row.status === 'failed' ? importMessages.failed : result ? refusalMessage(result) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** `POST imports/store`: commits a previewed file as a job, with the caller's scope of now. */
export async function startImport(
  context: ImportContext,
  caller: CapturedCaller,
  body: Required<ImportStoreBody> & { kind: string },
): Promise<ImportJob> {
  sourceFor(context.sources, body.kind, caller.access);
  const file = previewFile(caller.userId, body.kind, body.token);
  const kept = await access(join(context.dir, file)).then(
    () => true,
    () => false,
  );
  if (!kept) throw validationFailed([{ field: 'token', message: importMessages.previewGone }]);
  const payload: ImportPayload = {
    kind: body.kind,
    file,
    allOrNothing: body.all_or_nothing,
    run: { userId: caller.userId, scope: caller.scope, audit: caller.audit },
  };
  // One job per previewed file: a second click commits nothing twice.
  const row = await context.jobs.enqueue(IMPORT_JOB, payload, {
    createdBy: caller.userId,
    maxAttempts: 1,
    uniqueKey: `import:${file}`,
  });
  if (!row) throw conflict(importMessages.previewGone);
  return importJobOf(row);
}

async function ownImport(db: Database, userId: number, id: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, IMPORT_JOB), eq(jobs.createdBy, userId), eq(jobs.id, id)));
  if (!row) throw notFound(importMessages.notFound);
  return row;
}

/** `GET imports/detail`: one of the caller's imports, with its progress and, once done, its counts. */
export const importDetail = async (db: Database, userId: number, id: number) =>
  importJobOf(await ownImport(db, userId, id));

/** `GET imports/failures`: the failure file of one of the caller's imports. */
export async function importFailures(db: Database, dir: string, userId: number, id: number) {
  const result = resultOf(await ownImport(db, userId, id));
  if (!result?.file) throw conflict(importMessages.noFailures);
  return readFile(join(dir, result.file));
}

/**
 * A list's `import/success` and `import/failure` (training): the caller's last import of `kind` that ended,
 * the rows it wrote or the rows it refused. Null when there was none.
 */
export async function lastImportReport(
  db: Database,
  userId: number,
  kind: string,
  side: 'written' | 'refused',
): Promise<Omit<ImportReport, 'columns'> | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, IMPORT_JOB),
        eq(jobs.createdBy, userId),
        sql`${jobs.payload}->>'kind' = ${kind}`,
        inArray(jobs.status, ['succeeded', 'failed']),
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(1);
  if (!row) return null;
  const result = resultOf(row);
  const rows = result?.report?.[side] ?? [];
  const count = side === 'written' ? (result?.succeeded ?? 0) : (result?.failed ?? 0);
  return {
    job_id: row.id,
    status: row.status,
    finished_at: row.finishedAt?.toISOString() ?? null,
    total: result?.total ?? 0,
    succeeded: result?.succeeded ?? 0,
    failed: result?.failed ?? 0,
    rows,
    more: Math.max(0, count - rows.length),
  };
}
