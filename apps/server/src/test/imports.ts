import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ImportPreview } from '@dealer-hr/shared/imports/contract';
import { jobs } from '../db/schema';
import { XLSX_TYPE } from '../lib/xlsx';
import { answerOf, callerOf } from './api';
import type { TestApp } from './app';
import { multipart } from './uploads';

// A file through the import mechanism as the import dialog sends it: checked (`imports/preview`), then
// committed (`imports/store`) and run to its end by the app's runner.

interface ImportCall {
  kind: string;
  authorization: string;
}

/** `POST imports/preview` of the file, as `authorization`. */
export async function previewImport(
  t: TestApp,
  { kind, bytes, authorization }: ImportCall & { bytes: Buffer },
) {
  const { payload, headers } = multipart({ name: `${kind}.xlsx`, type: XLSX_TYPE, bytes }, { kind });
  return answerOf<ImportPreview>(
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/imports/preview',
      headers: { ...headers, authorization },
      payload,
    }),
  );
}

/** Commits a previewed file and runs its job; answers the finished job as its owner sees it (`imports/detail`). */
export async function commitImport(
  t: TestApp,
  {
    kind,
    token,
    authorization,
    allOrNothing = false,
  }: ImportCall & { token: string; allOrNothing?: boolean },
) {
  const call = callerOf(() => ({ app: t, authorization }));
  const started = await call('POST', 'imports/store', { kind, token, all_or_nothing: allOrNothing });
  expect(started.code, started.message).toBe(200);
  while (await t.app.jobRunner.runNext()) {
    // the import, and nothing else is queued
  }
  // The answer hides a failed job's own error from users; a test that trips here wants to read it.
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, started.data.id));
  expect(row, JSON.stringify(row)).toMatchObject({ status: 'succeeded' });
  return (await call('GET', `imports/detail?id=${started.data.id}`)).data;
}

/** The preview of a file and, when it reads, the finished job of its commit. */
export async function importThrough(
  t: TestApp,
  { allOrNothing, ...file }: ImportCall & { bytes: Buffer; allOrNothing?: boolean },
) {
  const preview = await previewImport(t, file);
  if (preview.code !== 200) return { preview, job: null };
  const job = await commitImport(t, { ...file, token: preview.data.token, allOrNothing });
  return { preview, job };
}
