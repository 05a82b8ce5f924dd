import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTime } from '@dealer-hr/shared/time';
import { callsTo, ok, type ApiCall } from '../../test/mock-api';
import { chooseOption, mockPageApi, rowOf } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { AuditDetail, AuditRow } from './api';
import { auditDiff, formatValue } from './audit-diff';

const PAGE = { name: 'systemAudit', title: '操作日志', path: '/system/audit' };

const row = (id: number, extra: Partial<AuditRow> = {}): AuditRow => ({
  id,
  user: { id: 1, username: 'admin', name: '系统管理员' },
  action: 'update',
  entity: 'dictionary_item',
  entity_id: '12',
  ip: '10.0.0.1',
  created_at: '2026-03-01T01:00:00.000Z',
  changed_fields: ['name', 'sort'],
  ...extra,
});

const rows: AuditRow[] = [
  row(3),
  row(2, { user: null, action: 'freeze', entity: 'user', changed_fields: ['a', 'b', 'c', 'd', 'e', 'f'] }),
  row(1, { action: 'create', entity: 'role', entity_id: '5', changed_fields: ['key', 'name'] }),
];

const details: Record<number, AuditDetail> = {
  3: {
    ...rows[0]!,
    before: { name: '华东区', sort: 10, tags: ['a'] },
    after: { name: '华东大区', sort: 10, tags: ['a', 'b'] },
    request_id: 'req-3',
  },
  2: { ...rows[1]!, before: null, after: null, request_id: null },
  1: {
    ...rows[2]!,
    before: null,
    after: { key: 'auditor', name: '审计员', menus: { pages: [1, 2] } },
    request_id: null,
  },
};

function api() {
  return mockPageApi(PAGE, [], {
    'GET /api/auth/audit/index': ok({ data: rows, total: 3 }),
    'GET /api/auth/audit/filters': ok({
      entities: ['dictionary_item', 'role', 'user', 'widget'],
      actions: ['create', 'freeze', 'update'],
    }),
    'GET /api/auth/audit/detail': (call) => ok(details[Number(call.url.searchParams.get('id'))] ?? null),
  });
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/audit/index');

/** A select of the filter bar, by its label: opens it and picks the option. */
async function choose(user: UserEvent, label: string, option: string) {
  const form = document.querySelector('form[id="audit-filters"]') as HTMLElement;
  await chooseOption(user, within(form).getByLabelText(label), option);
}

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./audit-page');
}, 60_000);

describe('/system/audit', { timeout: 30_000 }, () => {
  it('lists the log with people, and actions, objects and changed fields by their labels', async () => {
    const { calls } = api();
    renderApp('/system/audit');

    const updated = await rowOf('名称、排序');
    expect(within(updated).getByText('系统管理员（admin）')).toBeInTheDocument();
    expect(within(updated).getByText('修改')).toBeInTheDocument();
    expect(within(updated).getByText('字典项')).toBeInTheDocument();
    // Shown in the reader's time zone.
    expect(within(updated).getByText(parseTime('2026-03-01T01:00:00.000Z')!)).toBeInTheDocument();
    const frozen = await rowOf('系统');
    expect(within(frozen).getByText('冻结')).toBeInTheDocument();
    // A field without a label (none is written today) shows as it is stored.
    expect(within(frozen).getByText(/a、b、c、d\s*等 2 项/)).toBeInTheDocument();
    expect(listCalls(calls)[0]!.url.search).toBe('?page=1&limit=20');
  });

  it('sends the filters as the query: user, object, action, record and the date range with the time zone', async () => {
    const { calls } = api();
    const { user } = renderApp('/system/audit');
    await rowOf('系统');
    const form = document.querySelector('form[id="audit-filters"]') as HTMLElement;

    await user.type(within(form).getByLabelText('操作人'), ' 张 ');
    await choose(user, '对象', '角色');
    await choose(user, '操作', '新增');
    await user.type(within(form).getByLabelText('对象 ID'), '5');
    const [from, to] = within(form).getAllByPlaceholderText(/日期/) as [HTMLInputElement, HTMLInputElement];
    await user.click(from);
    await user.type(from, '2026-03-01{Enter}');
    await user.type(to, '2026-03-02{Enter}');
    await user.click(within(form).getByText('搜索'));

    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    const params = Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);
    expect(params).toEqual({
      page: '1',
      limit: '20',
      username: '张',
      entity: 'role',
      action: 'create',
      entity_id: '5',
      from: '2026-03-01',
      to: '2026-03-02',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    await user.click(within(form).getByText('重置'));
    expect(within(form).getByLabelText('操作人')).toHaveValue('');
    await waitFor(() => expect(within(form).getAllByPlaceholderText(/日期/)[0]).toHaveValue(''));
  });

  it('opens a change with one row per field, before and after', async () => {
    const { calls } = api();
    const { user } = renderApp('/system/audit');

    const updated = await rowOf('名称、排序');
    await user.click(within(updated).getByText('查看'));

    const drawer = (await screen.findByText('日志详情')).closest('.ant-drawer') as HTMLElement;
    // No role queries: jsdom matches every element's style against all of antd's rules, which is slow.
    await within(drawer).findByText('变更内容');
    const table = drawer.querySelector<HTMLElement>('.ant-table table')!;
    expect(within(drawer).getByText('变更内容')).toBeInTheDocument();
    expect(within(drawer).getByText('req-3')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/auth/audit/detail')!.url.search).toBe('?id=3');
    const name = within(table).getByText('名称').closest('tr')!;
    expect(within(name).getByText('华东区')).toBeInTheDocument();
    expect(within(name).getByText('华东大区')).toBeInTheDocument();
    const tags = within(table).getByText('tags').closest('tr')!;
    const cells = tags.querySelectorAll('td');
    expect(cells[1]!.querySelector('pre')!.textContent).toBe('[\n  "a"\n]');
    expect(cells[2]!.querySelector('pre')!.textContent).toBe('[\n  "a",\n  "b"\n]');
  });

  it('shows a created record whole', async () => {
    api();
    const { user } = renderApp('/system/audit');

    await user.click(within(await rowOf('标识、名称')).getByText('查看'));

    const drawer = (await screen.findByText('日志详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('新建的记录')).toBeInTheDocument();
    const menusRow = within(drawer).getByText('menus').closest('tr')!;
    expect(menusRow.querySelector('pre')!.textContent).toBe(formatValue({ pages: [1, 2] }));
    expect(within(drawer).getByText('审计员')).toBeInTheDocument();
    expect(within(drawer).queryByText('修改前')).not.toBeInTheDocument();
  });
});

describe('the detail of an action that records no values', () => {
  it('says so instead of showing an empty table', async () => {
    api();
    const { user } = renderApp('/system/audit');
    await user.click(within(await rowOf('冻结')).getByText('查看'));
    const drawer = (await screen.findByText('日志详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('此操作未记录字段变化')).toBeInTheDocument();
    expect(within(drawer).queryByText('未记录字段')).not.toBeInTheDocument();
    expect(drawer.querySelector('.ant-table')).toBeNull();
  });
});

describe('auditDiff', () => {
  it('pairs the fields of an update, lists a create or delete whole', () => {
    expect(auditDiff({ name: 'a', gone: 1 }, { name: 'b', added: true })).toEqual({
      kind: 'change',
      rows: [
        { field: 'name', before: 'a', after: 'b' },
        { field: 'added', before: null, after: true },
        { field: 'gone', before: 1, after: null },
      ],
    });
    expect(auditDiff(null, { name: 'a' })).toEqual({
      kind: 'created',
      rows: [{ field: 'name', after: 'a' }],
    });
    expect(auditDiff({ name: 'a' }, null)).toEqual({
      kind: 'deleted',
      rows: [{ field: 'name', before: 'a' }],
    });
    expect(auditDiff(null, null)).toEqual({ kind: 'empty', rows: [] });
  });

  it('prints values: text as it is, JSON indented, null and empty text visibly', () => {
    expect(formatValue('华东区')).toBe('华东区');
    expect(formatValue('')).toBe('""');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(3)).toBe('3');
    expect(formatValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
