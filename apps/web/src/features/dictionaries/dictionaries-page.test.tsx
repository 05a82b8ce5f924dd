import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionaryQueryOptions } from '../../components/dictionary-select';
import { callsTo, fail, ok, type Routes } from '../../test/mock-api';
import { button, dialogTitled, mockPageApi, rowOf } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { DictionaryEntry, DictionaryType } from './api';

const PAGE = { name: 'systemDictionaries', title: '数据字典', path: '/system/dictionaries' };
const ALL_BUTTONS = ['create', 'update', 'delete'].map((action) => `system:dictionaries:${action}`);

const type = (
  id: number,
  code: string,
  name: string,
  extra: Partial<DictionaryType> = {},
): DictionaryType => ({
  id,
  code,
  name,
  description: '',
  item_count: 2,
  enabled_count: 2,
  is_system: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const entry = (
  id: number,
  typeId: number,
  code: string,
  name: string,
  extra: Partial<DictionaryEntry> = {},
) => ({
  id,
  type_id: typeId,
  code,
  name,
  name_en: null,
  name_es: null,
  name_ja: null,
  sort: id * 10,
  enabled: true,
  in_use: false,
  is_system: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const types: DictionaryType[] = [
  type(1, 'region', '区域'),
  type(23, 'ethnicity', '民族', { item_count: 3, enabled_count: 2 }),
  type(60, 'shift', '班次', { is_system: false, item_count: 0, enabled_count: 0 }),
];

const entries: Record<number, DictionaryEntry[]> = {
  1: [entry(1, 1, 'east', '华东区', { is_system: true, in_use: true }), entry(2, 1, 'south', '华南区')],
  23: [
    entry(3, 23, 'han', '汉族', { is_system: true, in_use: true }),
    entry(4, 23, 'miao', '苗族', { enabled: false, is_system: true }),
    entry(5, 23, 'other', '其他'),
  ],
  60: [],
};

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/dictionaries': (call) => {
      const name = call.url.searchParams.get('name');
      const rows = name ? types.filter((row) => row.name.includes(name)) : types;
      return ok({ data: rows, total: rows.length });
    },
    'GET /api/auth/dictionarie/data/index': (call) => {
      const rows = entries[Number(call.url.searchParams.get('type_id'))] ?? [];
      return ok({ data: rows, total: rows.length });
    },
    ...extra,
  });
}

/** The card of a pane, by the start of its title. */
async function pane(title: RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-card-head-title' });
  return heading.closest<HTMLElement>('.ant-card')!;
}

/** The open confirmation popover, by its title. */
async function confirmation(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  return heading.closest<HTMLElement>('.ant-popover')!;
}

const switchOf = async (name: string) => (await rowOf(name)).querySelector<HTMLElement>('[role="switch"]')!;

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./dictionaries-page');
}, 60_000);

describe('/system/dictionaries', { timeout: 30_000 }, () => {
  it('lists the types, selects the first and shows its items; a click shows another type’s', async () => {
    const { calls } = api();
    const { user } = renderApp('/system/dictionaries');

    const region = await rowOf('区域');
    expect(within(region).getByText('1 · region')).toBeInTheDocument();
    expect(within(region).getByText('系统预置')).toBeInTheDocument();
    expect(within(await rowOf('民族')).getByText('2/3')).toBeInTheDocument();
    expect(await screen.findByText('字典项 · 区域')).toBeInTheDocument();
    expect(within(await rowOf('华东区')).getByText('已使用')).toBeInTheDocument();
    expect(
      callsTo(calls, 'GET', '/api/auth/dictionarie/data/index')[0]!.url.searchParams.get('type_id'),
    ).toBe('1');
    // A seeded type has no delete button; another has.
    expect(within(region).queryByText('删除', { selector: 'button *' })).not.toBeInTheDocument();
    expect(button(await rowOf('班次'), '删除')).toBeInTheDocument();

    await user.click(await rowOf('民族'));

    expect(await screen.findByText('字典项 · 民族')).toBeInTheDocument();
    expect(await rowOf('苗族')).toBeInTheDocument();
    expect(await switchOf('苗族')).not.toBeChecked();
    expect(await switchOf('汉族')).toBeChecked();
    expect(await switchOf('汉族')).toHaveAttribute('aria-label', '启用 汉族');
    expect(
      callsTo(calls, 'GET', '/api/auth/dictionarie/data/index').at(-1)!.url.searchParams.get('type_id'),
    ).toBe('23');
  });

  it('creates an item and refreshes the selects’ cache of its type', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/dictionarie/data/store': (call) =>
        ok(entry(9, 1, 'west', '华西区', call.body as Partial<DictionaryEntry>)),
    });
    const { user, queryClient } = renderApp('/system/dictionaries');
    // What a form's region select has cached this session, and another type's.
    queryClient.setQueryData(dictionaryQueryOptions(1).queryKey, [
      { id: 1, name: '华东区', name_en: null, name_es: null, name_ja: null },
    ]);
    queryClient.setQueryData(dictionaryQueryOptions(23).queryKey, [
      { id: 3, name: '汉族', name_en: null, name_es: null, name_ja: null },
    ]);

    await rowOf('华南区');
    await user.click(button(await pane(/^字典项/), /新增字典项/));
    const dialog = await dialogTitled('新增字典项 · 区域');
    expect(within(dialog).getByLabelText('排序')).toHaveValue('30');
    await user.type(within(dialog).getByLabelText('名称'), '华西区');
    await user.type(within(dialog).getByLabelText('编码'), 'west');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/dictionarie/data/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/dictionarie/data/store')[0]!.body).toEqual({
      type_id: 1,
      name: '华西区',
      code: 'west',
      sort: 30,
      enabled: true,
    });
    expect(await screen.findByText('已新增')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(dictionaryQueryOptions(1).queryKey)?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(dictionaryQueryOptions(23).queryKey)?.isInvalidated).toBe(false);
  });

  it('checks the form before sending and shows the server’s 422 and 409 on the fields', async () => {
    let answer = fail(422, '编码只能包含字母、数字、下划线和短横线，且以字母或数字开头', 422, {
      errors: [{ field: 'code', message: '编码只能包含字母、数字、下划线和短横线，且以字母或数字开头' }],
    });
    const { calls } = api(ALL_BUTTONS, { 'POST /api/auth/dictionarie/data/store': () => answer });
    const { user } = renderApp('/system/dictionaries');

    await rowOf('华南区');
    await user.click(button(await pane(/^字典项/), /新增字典项/));
    const dialog = await dialogTitled('新增字典项 · 区域');
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('编码不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/dictionarie/data/store')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('名称'), '华西区');
    await user.type(within(dialog).getByLabelText('编码'), 'west');
    // The server refuses what the form let through.
    await user.click(button(dialog, '保存'));
    expect(
      await within(dialog).findByText('编码只能包含字母、数字、下划线和短横线，且以字母或数字开头'),
    ).toBeInTheDocument();

    answer = fail(409, '该字典类型下已存在同名的字典项', 409);
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('该字典类型下已存在同名的字典项')).toBeInTheDocument();
    // The dialog stays open for a correction.
    expect(dialog).toBeInTheDocument();
    expect(dialog.closest('.ant-modal-wrap')).not.toHaveStyle({ display: 'none' });
  });

  it('disables an item with its switch and refreshes the selects', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'PUT /api/auth/dictionarie/data/update': (call) => ok({ ...entries[1]![1]!, ...(call.body as object) }),
    });
    const { user, queryClient } = renderApp('/system/dictionaries');
    queryClient.setQueryData(dictionaryQueryOptions(1).queryKey, [
      { id: 2, name: '华南区', name_en: null, name_es: null, name_ja: null },
    ]);

    await user.click(await switchOf('华南区'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/dictionarie/data/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/dictionarie/data/update')[0]!.body).toEqual({
      id: 2,
      enabled: false,
    });
    expect(await screen.findByText('已停用')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(dictionaryQueryOptions(1).queryKey)?.isInvalidated).toBe(true),
    );
  });

  it('edits a seeded item without touching its fixed code', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'PUT /api/auth/dictionarie/data/update': (call) => ok({ ...entries[1]![0]!, ...(call.body as object) }),
    });
    const { user } = renderApp('/system/dictionaries');

    await user.click(button(await rowOf('华东区'), '编辑'));
    const dialog = await dialogTitled('编辑字典项 · 区域');
    expect(within(dialog).getByLabelText('编码')).toBeDisabled();
    const name = within(dialog).getByLabelText('名称');
    await user.clear(name);
    await user.type(name, '华东大区');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/dictionarie/data/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/dictionarie/data/update')[0]!.body).toEqual({
      id: 1,
      name: '华东大区',
      sort: 10,
      enabled: true,
    });
  });

  it('names an item in the other languages: optional fields, sent when filled in or changed, shown in the list', async () => {
    const han = { ...entries[23]![0]!, name_en: 'Han', name_ja: '漢族' };
    const { calls } = api(ALL_BUTTONS, {
      'GET /api/auth/dictionarie/data/index': (call) => {
        const typeId = Number(call.url.searchParams.get('type_id'));
        const rows = typeId === 23 ? [han, ...entries[23]!.slice(1)] : (entries[typeId] ?? []);
        return ok({ data: rows, total: rows.length });
      },
      'POST /api/auth/dictionarie/data/store': (call) =>
        ok(entry(9, 23, 'other2', '其他民族', call.body as Partial<DictionaryEntry>)),
      'PUT /api/auth/dictionarie/data/update': (call) => ok({ ...han, ...(call.body as object) }),
    });
    const { user } = renderApp('/system/dictionaries');
    await user.click(await rowOf('民族'));
    const row = await rowOf('汉族');
    expect(within(row).getByText('EN Han · JA 漢族')).toBeInTheDocument();

    // A new item: only the names filled in travel.
    await user.click(button(await pane(/^字典项/), /新增字典项/));
    const create = await dialogTitled('新增字典项 · 民族');
    await user.type(within(create).getByLabelText('名称'), '其他民族');
    await user.type(within(create).getByLabelText('编码'), 'other2');
    await user.type(within(create).getByLabelText('英文名称'), 'Other');
    expect(within(create).getByText(/不填时显示中文名称/)).toBeInTheDocument();
    await user.click(button(create, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/dictionarie/data/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/dictionarie/data/store')[0]!.body).toEqual({
      type_id: 23,
      name: '其他民族',
      code: 'other2',
      name_en: 'Other',
      sort: 60,
      enabled: true,
    });

    // An edit: the names changed, an emptied one as null.
    await user.click(button(await rowOf('汉族'), '编辑'));
    const edit = await dialogTitled('编辑字典项 · 民族');
    expect(within(edit).getByLabelText('英文名称')).toHaveValue('Han');
    await user.clear(within(edit).getByLabelText('日文名称'));
    await user.type(within(edit).getByLabelText('西班牙文名称'), 'Han');
    await user.click(button(edit, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/dictionarie/data/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/dictionarie/data/update')[0]!.body).toEqual({
      id: 3,
      name: '汉族',
      sort: 30,
      enabled: true,
      name_es: 'Han',
      name_ja: null,
    });
  });

  it('shows the server’s refusal of a delete (an item in use)', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'DELETE /api/auth/dictionarie/data/destroy': fail(409, '该字典项已被使用，只能停用', 409),
    });
    const { user } = renderApp('/system/dictionaries');

    await user.click(button(await rowOf('华东区'), '删除'));
    const confirm = await confirmation('确定删除字典项“华东区”吗？');
    expect(within(confirm).getByText('已使用或系统预置的字典项不能删除，只能停用。')).toBeInTheDocument();
    await user.click(button(confirm, '删除'));

    expect(await screen.findByText('该字典项已被使用，只能停用')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/auth/dictionarie/data/destroy')[0]!.body).toEqual({ id: 1 });
    expect(await rowOf('华东区')).toBeInTheDocument();
  });

  it('creates a type and selects it', async () => {
    const created = type(61, 'leave_kind', '假期类型', { is_system: false, item_count: 0, enabled_count: 0 });
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/dictionaries/store': ok(created),
    });
    const { user } = renderApp('/system/dictionaries');

    await rowOf('区域');
    await user.click(button(await pane(/^字典类型/), /新增类型/));
    const dialog = await dialogTitled('新增字典类型');
    await user.type(within(dialog).getByLabelText('名称'), '假期类型');
    await user.type(within(dialog).getByLabelText('编码'), 'leave_kind');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/dictionaries/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/dictionaries/store')[0]!.body).toEqual({
      name: '假期类型',
      code: 'leave_kind',
      description: '',
    });
    expect(await screen.findByText('字典项 · 假期类型')).toBeInTheDocument();
  });

  it('deletes a type after confirmation', async () => {
    const { calls } = api(ALL_BUTTONS, { 'DELETE /api/auth/dictionaries/destroy': ok(null) });
    const { user } = renderApp('/system/dictionaries');

    await user.click(button(await rowOf('班次'), '删除'));
    const confirm = await confirmation('确定删除字典类型“班次”吗？');
    await user.click(button(confirm, '删除'));

    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/auth/dictionaries/destroy')).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', '/api/auth/dictionaries/destroy')[0]!.body).toEqual({ id: 60 });
    expect(await screen.findByText('已删除')).toBeInTheDocument();
  });

  it('shows a reader no buttons and a switch they cannot use', async () => {
    api([]);
    renderApp('/system/dictionaries');

    await rowOf('华东区');
    expect(screen.queryByText(/新增/)).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
    expect(await switchOf('华东区')).toBeDisabled();
  });
});
