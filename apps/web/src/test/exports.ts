import { vi } from 'vitest';
import type { ExportJob } from '@dealer-hr/shared/exports/contract';
import type { ExportKind } from '@dealer-hr/shared/exports/rules';
import { callsTo, fileReply, ok, type ApiCall, type Routes } from './mock-api';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportJob = (kind: ExportKind, overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: 41,
  kind,
  file_name: `${kind}.xlsx`,
  status: 'queued',
  done: 0,
  total: null,
  rows: null,
  size: null,
  error: null,
  created_at: '2026-11-20T08:00:00+08:00',
  finished_at: null,
  expires_at: null,
  ...overrides,
});

/**
 * The export routes of a list whose export is quick: started queued, done at the first look, its file
 * `content`. The list's button then downloads it at once.
 */
export function quickExportRoutes(kind: ExportKind, content: string): Routes {
  const done = exportJob(kind, { status: 'succeeded', done: 3, total: 3, rows: 3, size: content.length });
  return {
    'POST /api/auth/down/timing/excel/store': ok(exportJob(kind)),
    'GET /api/auth/down/timing/excel/detail': ok(done),
    'GET /api/auth/down/timing/excel/download': fileReply(content, XLSX),
  };
}

/** What the list's export was started with: its kind and its filters (as a query string's fields). */
export function startedExport(calls: ApiCall[]): { kind: string; filters: Record<string, string> } {
  const [start] = callsTo(calls, 'POST', '/api/auth/down/timing/excel/store');
  if (!start) throw new Error('no export was started');
  const body = start.body as { kind: string; query: string };
  return { kind: body.kind, filters: Object.fromEntries(new URLSearchParams(body.query)) };
}

/**
 * The files the page saves: jsdom has no object URLs, so the two static methods are put on URL until
 * `restore`, and a link's click is caught.
 */
export function captureDownloads() {
  const createObjectURL = vi.fn((_file: Blob) => 'blob:download');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    click,
    /** The saved files: their content and the name the link gave them. */
    async saved(): Promise<{ name: string; type: string; text: string }[]> {
      return Promise.all(
        createObjectURL.mock.calls.map(async ([file], index) => ({
          name: (click.mock.contexts[index] as HTMLAnchorElement).download,
          type: file.type,
          text: await file.text(),
        })),
      );
    },
    revoked: revokeObjectURL,
    restore() {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    },
  };
}
