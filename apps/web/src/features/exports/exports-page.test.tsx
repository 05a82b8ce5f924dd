import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExportJob } from '@dealer-hr/shared/exports/contract';
import { captureDownloads, exportJob, XLSX } from '../../test/exports';
import { callsTo, fileReply, ok, type Routes } from '../../test/mock-api';
import { button, mockPageApi, named, rowOf, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import { fileSize } from './exports-page';

const PAGE = { name: 'systemExports', title: '导出任务', path: '/system/exports' };
const ALL_BUTTONS = ['download', 'cancel', 'delete'].map((action) => `system:exports:${action}`);

const running = exportJob('staff', { id: 3, status: 'running', done: 120, total: 600 });
const ready = exportJob('prohibited', {
  id: 2,
  status: 'succeeded',
  done: 8,
  total: 8,
  rows: 8,
  size: 6_400,
  finished_at: '2026-11-20T08:01:00+08:00',
  expires_at: '2099-01-01T00:00:00+08:00',
});
const cancelled = exportJob('headcount', { id: 1, status: 'cancelled' });

/** The list answers `pages` in turn (the last one from then on); so does the navbar's count of active ones. */
function api(perms: readonly string[], pages: ExportJob[][], routes: Routes = {}) {
  let asked = 0;
  let askedActive = 0;
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/down/timing/excel': (call) => {
      if (call.url.searchParams.get('active') === '1') {
        const page = pages[Math.min(askedActive++, pages.length - 1)]!;
        const active = page.filter((job) => job.status === 'queued' || job.status === 'running');
        return ok({ data: active, total: active.length });
      }
      const page = pages[Math.min(asked++, pages.length - 1)]!;
      return ok({ data: page, total: page.length });
    },
    'POST /api/auth/down/timing/excel/cancel': ok({ ...running, status: 'running' }),
    'DELETE /api/auth/down/timing/excel/destroy': ok(null),
    'GET /api/auth/down/timing/excel/download': fileReply('PK-xlsx', XLSX),
    ...routes,
  });
}

describe('/system/exports', () => {
  it('lists my exports with their progress, rows, size and what can be done with each', async () => {
    api(ALL_BUTTONS, [[running, ready, cancelled]]);
    renderApp('/system/exports');
    const runningRow = await rowOf('员工花名册.xlsx');
    expect(within(runningRow).getByText('导出中')).toBeInTheDocument();
    expect(within(runningRow).getByLabelText('已导出 120 / 600 行')).toBeInTheDocument();
    expect(within(runningRow).getByText('取消')).toBeInTheDocument();
    expect(within(runningRow).queryByText('下载')).toBeNull();

    const readyRow = await rowOf('禁用名单.xlsx');
    expect(within(readyRow).getByText('已完成')).toBeInTheDocument();
    expect(within(readyRow).getByText('6.3 KB')).toBeInTheDocument();
    expect(within(readyRow).getByText('下载')).toBeInTheDocument();
    expect(within(readyRow).getByText('删除')).toBeInTheDocument();

    const cancelledRow = await rowOf('编制计划.xlsx');
    expect(within(cancelledRow).getByText('已取消')).toBeInTheDocument();
    expect(within(cancelledRow).queryByText('下载')).toBeNull();
  });

  it('downloads a finished file under its name in the reader’s language', async () => {
    const downloads = captureDownloads();
    const { calls } = api(ALL_BUTTONS, [[ready]]);
    renderApp('/system/exports');
    const user = setupUser();
    await user.click(button(await rowOf('禁用名单.xlsx'), '下载'));
    await waitFor(() => expect(downloads.click).toHaveBeenCalled());
    expect(await downloads.saved()).toEqual([{ name: '禁用名单.xlsx', type: XLSX, text: 'PK-xlsx' }]);
    expect(callsTo(calls, 'GET', '/api/auth/down/timing/excel/download')[0]!.url.search).toBe('?id=2');
    downloads.restore();
  });

  it('cancels a running export and removes a finished one after asking', async () => {
    const { calls } = api(ALL_BUTTONS, [[running, ready]]);
    renderApp('/system/exports');
    const user = setupUser();
    await user.click(button(await rowOf('员工花名册.xlsx'), '取消'));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/auth/down/timing/excel/cancel')[0]!.body).toEqual({ id: 3 }),
    );
    expect(await screen.findByText('已取消导出')).toBeInTheDocument();

    await user.click(button(await rowOf('禁用名单.xlsx'), '删除'));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: named('删除') }));
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/api/auth/down/timing/excel/destroy')[0]!.body).toEqual({ id: 2 }),
    );
  });

  it('shows no button its permissions do not grant', async () => {
    api([], [[running, ready]]);
    renderApp('/system/exports');
    const readyRow = await rowOf('禁用名单.xlsx');
    expect(within(readyRow).queryByText('下载')).toBeNull();
    expect(within(readyRow).queryByText('删除')).toBeNull();
    expect(within(await rowOf('员工花名册.xlsx')).queryByText('取消')).toBeNull();
  });

  it('follows a running export until it is ready, and the navbar says when it ends', async () => {
    const finished = { ...running, status: 'succeeded', done: 600, rows: 600, size: 90_000 } as ExportJob;
    api(ALL_BUTTONS, [[running], [finished]]);
    renderApp('/system/exports');
    const badge = await screen.findByRole('link', { name: '1 个导出进行中' }, SLOW);
    expect(badge).toHaveAttribute('href', '/system/exports');
    const row = await rowOf('员工花名册.xlsx');
    expect(within(row).getByText('导出中')).toBeInTheDocument();

    await waitFor(() => expect(within(row).getByText('已完成')).toBeInTheDocument(), { timeout: 8_000 });
    expect(within(row).getByText('下载')).toBeInTheDocument();
    expect(await screen.findByText('导出已结束。', undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /个导出进行中/ })).toBeNull();
  });
});

describe('fileSize', () => {
  it('reads as people read sizes', () => {
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(6_400)).toBe('6.3 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
