import type { ImportJob, ImportPreview } from '@dealer-hr/shared/imports/contract';
import { FAILURE_FILE_NAME } from '@dealer-hr/shared/imports/rules';
import { get, post } from './api-client';
import { download } from './download';

// Excel imports go through one mechanism on the server (`imports/*`): the template, a checked preview, the
// commit as a job and the failure file. The import dialog (components/) uses these calls.

export type { ImportJob, ImportPreview };

export const downloadTemplate = (kind: string, fileName: string) =>
  download('/auth/imports/template', { kind }, fileName);

/** `POST imports/preview`: the file checked, nothing written. */
export function previewImport(kind: string, file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return post<ImportPreview>('/auth/imports/preview', form);
}

/** `POST imports/store`: the previewed file committed as a job. */
export const startImport = (kind: string, token: string, allOrNothing: boolean) =>
  post<ImportJob>('/auth/imports/store', { kind, token, all_or_nothing: allOrNothing });

export const importDetail = (id: number) => get<ImportJob>('/auth/imports/detail', { id });

export const downloadFailures = (id: number) => download('/auth/imports/failures', { id }, FAILURE_FILE_NAME);

export const importEnded = (job: Pick<ImportJob, 'status'>) =>
  job.status !== 'queued' && job.status !== 'running';
