import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseTime } from '@dealer-hr/shared/time';
import { callsTo, fail, ok, type ApiCall } from '../../../test/mock-api';
import { button, dialogTitled, queryButton, rowOf, setupUser, SLOW } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import { dismissalDetail, instanceDetail, mockApprovalApi, taskRow } from './test-data';
import { i18n } from '../../../lib/i18n';

const rows = [taskRow(11, '李娜的请假申请'), taskRow(12, '王强的请假申请', { applicant_name: '王强' })];

/** The to-do list, which loses a row once it is decided; answers the detail of any row. */
function api(
  extra: Parameters<typeof mockApprovalApi>[0] = {},
  perms?: Parameters<typeof mockApprovalApi>[1],
) {
  const decided = new Set<number>();
  const mocked = mockApprovalApi(
    {
      'GET /api/auth/approval/task/index': () => {
        const open = rows.filter((row) => !decided.has(row.id));
        return ok({ data: open, total: open.length });
      },
      'GET /api/auth/approval/task/detail': (call) =>
        ok(instanceDetail(Number(call.url.searchParams.get('id')))),
      'POST /api/auth/approval/task/approve': (call) => {
        decided.add((call.body as { id: number }).id - 100);
        return ok({ id: 11, status: 'pending', current_node: 2 });
      },
      ...extra,
    },
    perms,
  );
  return mocked;
}

const count = (calls: ApiCall[], method: string, path: string) => callsTo(calls, method, path).length;

describe('/approval/todo', () => {
  it('lists the to-do rows with their counts and opens the detail named by ?instance=', async () => {
    const { calls } = api();
    const { location } = renderApp('/approval/todo?instance=11');

    const row = await rowOf('王强的请假申请');
    expect(within(row).getByText('请假审批')).toBeInTheDocument();
    expect(within(row).getByText('朝阳店')).toBeInTheDocument();
    expect(within(row).getByText('店总审批')).toBeInTheDocument();
    expect(within(row).getByText('审批中')).toBeInTheDocument();
    expect(within(row).getByText(parseTime('2026-03-01T02:00:00.000Z')!)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/approval/task/index')[0]!.url.searchParams.get('scope')).toBe(
      'todo',
    );
    // The tabs between the lists carry their counts.
    const tabs = document.querySelector<HTMLElement>('.ant-tabs-nav')!;
    expect(within(tabs).getByText('我发起的')).toBeInTheDocument();
    await waitFor(() => expect(tabs.querySelector('[title="3"]')).not.toBeNull());

    const drawer = await dialogTitled('审批详情');
    expect(await within(drawer).findByText('12')).toBeInTheDocument();
    expect(within(drawer).getByText('人事审批')).toBeInTheDocument();
    expect(within(drawer).getByText('条件：天数 ≥ 10')).toBeInTheDocument();
    // The timeline says who submitted, and why the engine passed a node over.
    expect(within(drawer).getByText('提交了申请')).toBeInTheDocument();
    expect(within(drawer).getAllByText('条件不满足，跳过该节点').length).toBeGreaterThan(0);
    expect(callsTo(calls, 'GET', '/api/auth/approval/task/detail')[0]!.url.searchParams.get('id')).toBe('11');

    // Closing the detail takes it out of the address.
    const user = setupUser();
    await user.click(drawer.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(location()).toBe('/approval/todo'));
  });

  it('shows a ban lifting with what the approver decides on, labelled, the source by its name', async () => {
    api({ 'GET /api/auth/approval/task/detail': ok(dismissalDetail(13)) });
    renderApp('/approval/todo?instance=13');
    const drawer = await dialogTitled('审批详情');
    const facts = await within(drawer).findByText('申请内容');
    const list = facts.closest('section')!;
    const valueOf = (label: string) => within(list).getByText(label).closest('th')!.nextElementSibling;
    expect(valueOf('姓名')).toHaveTextContent('王芳');
    expect(valueOf('证件号码')).toHaveTextContent('440************12X');
    expect(valueOf('禁用原因')).toHaveTextContent('伪造学历证书');
    expect(valueOf('来源')).toHaveTextContent('手动添加');
    expect(valueOf('添加人')).toHaveTextContent('赵敏');
    expect(valueOf('添加时间')).toHaveTextContent(parseTime('2026-02-10T01:30:00.000Z')!);
    expect(valueOf('解除原因')).toHaveTextContent('经核实为同名误录');
    // No code and no raw field name reaches the approver.
    expect(within(drawer).queryByText(/manual|source/)).not.toBeInTheDocument();
  });

  it('names the facts in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    api({ 'GET /api/auth/approval/task/detail': ok(dismissalDetail(13)) });
    renderApp('/approval/todo?instance=13');
    const drawer = await dialogTitled('Approval details');
    const list = (await within(drawer).findByText('Request details')).closest('section')!;
    const valueOf = (label: string) => within(list).getByText(label).closest('th')!.nextElementSibling;
    expect(valueOf('Source')).toHaveTextContent('Added by hand');
    expect(valueOf('Reason for removal')).toHaveTextContent('经核实为同名误录');
  });

  it('names a dictionary item among the facts in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    api({
      'GET /api/auth/approval/task/detail': ok(
        instanceDetail(14, {
          business_type: 'inductionfirst',
          facts: [
            { key: 'employee_type', kind: 'dictionary', value: 501, text: '全职', type_id: 50 },
            { key: 'id_type', kind: 'dictionary', value: 211, text: '居民身份证', type_id: 21 },
          ],
        }),
      ),
      'GET /api/auth/dictionarie/data': ok({
        '50': [{ id: 501, name: '全职', name_en: 'Full-time', name_es: null, name_ja: null }],
        '21': [],
      }),
    });
    renderApp('/approval/todo?instance=14');
    const drawer = await dialogTitled('Approval details');
    const list = (await within(drawer).findByText('Request details')).closest('section')!;
    const valueOf = (label: string) => within(list).getByText(label).closest('th')!.nextElementSibling;
    await waitFor(() => expect(valueOf('Employee type')).toHaveTextContent('Full-time'));
    // An item no longer offered keeps the name the server gave.
    expect(valueOf('ID type')).toHaveTextContent('居民身份证');
  });

  it('approves with a comment, then refreshes the list, the counts and the unread badge', async () => {
    const { calls } = api();
    renderApp('/approval/todo');
    const user = setupUser();
    await user.click(button(await rowOf('李娜的请假申请'), '审批'));
    const drawer = await dialogTitled('审批详情');
    await user.click(await waitFor(() => button(drawer, '通过'), SLOW));

    const dialog = await dialogTitled('审批通过');
    await user.type(within(dialog).getByLabelText('审批意见'), '同意，按流程办理');
    const before = {
      list: count(calls, 'GET', '/api/auth/approval/task/index'),
      counts: count(calls, 'GET', '/api/auth/approval/task/count'),
      badge: count(calls, 'GET', '/api/auth/msg/select'),
    };
    await user.click(button(dialog, '通过'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/approval/task/approve')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/approval/task/approve')[0]!.body).toEqual({
      id: 111,
      comment: '同意，按流程办理',
    });
    expect(await screen.findByText('已审批通过')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('李娜的请假申请')).not.toBeInTheDocument());
    expect(count(calls, 'GET', '/api/auth/approval/task/index')).toBeGreaterThan(before.list);
    expect(count(calls, 'GET', '/api/auth/approval/task/count')).toBeGreaterThan(before.counts);
    expect(count(calls, 'GET', '/api/auth/msg/select')).toBeGreaterThan(before.badge);
  });

  it('requires a comment to reject, and shows the server’s refusal of it on the field', async () => {
    const { calls } = api({
      'POST /api/auth/approval/task/reject': fail(422, '审批意见不能超过 500 个字符', 422, {
        errors: [{ field: 'comment', message: '审批意见不能超过 500 个字符' }],
      }),
    });
    renderApp('/approval/todo?instance=12');
    const user = setupUser();
    const drawer = await dialogTitled('审批详情');
    await user.click(await waitFor(() => button(drawer, '驳回'), SLOW));

    const dialog = await dialogTitled('驳回申请');
    await user.click(button(dialog, '驳回'));
    expect(await within(dialog).findByText('审批意见不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/approval/task/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('审批意见'), '金额有误');
    await user.click(button(dialog, '驳回'));
    expect(await within(dialog).findByText('审批意见不能超过 500 个字符')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/approval/task/reject')[0]!.body).toEqual({
      id: 112,
      comment: '金额有误',
    });
  });

  it('offers no decision the to-do page does not grant', async () => {
    api({}, { todo: ['approval:todo:reject'], mine: [] });
    renderApp('/approval/todo?instance=11');
    const drawer = await dialogTitled('审批详情');
    await waitFor(() => button(drawer, '驳回'), SLOW);
    expect(queryButton(drawer, '通过')).not.toBeInTheDocument();
    expect(queryButton(drawer, '撤回')).not.toBeInTheDocument();
  });
});
