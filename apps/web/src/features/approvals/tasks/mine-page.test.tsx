import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, ok } from '../../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  queryButton,
  rowOf,
  setupUser,
  SLOW,
} from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import { instanceDetail, mockApprovalApi, taskRow } from './test-data';

const mine = taskRow(21, '我的测试申请', { task_id: null, applicant_name: '张伟' });

describe('/approval/mine', () => {
  it('withdraws an own pending request from its detail', async () => {
    const { calls } = mockApprovalApi({
      'GET /api/auth/approval/task/index': ok({ data: [mine], total: 1 }),
      'GET /api/auth/approval/task/detail': ok(
        instanceDetail(21, { title: '我的测试申请', actions: { task_id: null, can_withdraw: true } }),
      ),
      'POST /api/auth/approval/task/withdraw': ok({ id: 21, status: 'withdrawn', current_node: null }),
    });
    const { location } = renderApp('/approval/mine');
    const user = setupUser();
    await user.click(button(await rowOf('我的测试申请'), '查看'));
    await waitFor(() => expect(location()).toBe('/approval/mine?instance=21'));
    expect(callsTo(calls, 'GET', '/api/auth/approval/task/index')[0]!.url.searchParams.get('scope')).toBe(
      'mine',
    );

    const drawer = await dialogTitled('审批详情');
    await user.click(await waitFor(() => button(drawer, '撤回'), SLOW));
    // Nobody approves their own request.
    expect(queryButton(drawer, '通过')).not.toBeInTheDocument();
    const dialog = await dialogTitled('撤回申请');
    await user.click(button(dialog, '撤回'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/approval/task/withdraw')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/approval/task/withdraw')[0]!.body).toEqual({
      id: 21,
      comment: null,
    });
    expect(await screen.findByText('已撤回该申请')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/approval/mine'));
  });

  it('files a test request: checks the form, shows a missing flow and field errors, then posts it', async () => {
    let attempts = 0;
    const { calls } = mockApprovalApi({
      'GET /api/auth/approval/task/index': ok({ data: [], total: 0 }),
      'GET /api/auth/approval/task/detail': ok(instanceDetail(30, { title: '展厅物料采购' })),
      'GET /api/auth/departments/my/tree': ok([
        { id: 7, name: '朝阳店' },
        { id: 8, name: '海淀店' },
      ]),
      'POST /api/auth/approval/test/store': () => {
        attempts += 1;
        if (attempts === 1) return fail(409, '测试申请未配置审批流程，请联系管理员', 409);
        if (attempts === 2)
          return fail(422, '部门不存在或已停用', 422, {
            errors: [{ field: 'department_id', message: '部门不存在或已停用' }],
          });
        return ok({ id: 30, status: 'pending', current_node: 0 });
      },
    });
    const { location } = renderApp('/approval/mine');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '发起测试申请'), SLOW));
    const dialog = await dialogTitled('发起测试申请');

    await user.click(button(dialog, '提交审批'));
    expect(await within(dialog).findByText('标题不能为空')).toBeInTheDocument();
    // The placeholder says 请选择部门 as well.
    expect(
      within(dialog).getByText('请选择部门', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('金额不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('标题'), '展厅物料采购');
    await chooseOption(user, within(dialog).getByLabelText('部门'), '海淀店');
    await user.type(within(dialog).getByLabelText('金额'), '12000');
    await user.click(button(dialog, '提交审批'));
    // The toast fades; the dialog keeps saying why nothing was filed.
    expect(
      await within(dialog).findByText('测试申请未配置审批流程，请联系管理员', { selector: '.ant-alert *' }),
    ).toBeInTheDocument();

    await user.click(button(dialog, '提交审批'));
    expect(await within(dialog).findByText('部门不存在或已停用')).toBeInTheDocument();

    await user.click(button(dialog, '提交审批'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/approval/test/store')).toHaveLength(3));
    expect(callsTo(calls, 'POST', '/api/auth/approval/test/store')[2]!.body).toEqual({
      title: '展厅物料采购',
      department_id: 8,
      amount: 12000,
    });
    expect(await screen.findByText('测试申请已提交审批')).toBeInTheDocument();
    // The new approval opens at once.
    await waitFor(() => expect(location()).toBe('/approval/mine?instance=30'));
  });
});
