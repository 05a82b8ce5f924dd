import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok } from '../../../test/mock-api';
import { button, dialogTitled, queryButton, rowOf, setupUser, SLOW } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import { instanceDetail, mockApprovalApi, taskRow } from './test-data';

const mine = taskRow(21, '我的请假申请', { task_id: null, applicant_name: '张伟' });

describe('/approval/mine', () => {
  it('withdraws an own pending request from its detail', async () => {
    const { calls } = mockApprovalApi({
      'GET /api/auth/approval/task/index': ok({ data: [mine], total: 1 }),
      'GET /api/auth/approval/task/detail': ok(
        instanceDetail(21, { title: '我的请假申请', actions: { task_id: null, can_withdraw: true } }),
      ),
      'POST /api/auth/approval/task/withdraw': ok({ id: 21, status: 'withdrawn', current_node: null }),
    });
    const { location } = renderApp('/approval/mine');
    const user = setupUser();
    await user.click(button(await rowOf('我的请假申请'), '查看'));
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

  it('holds only the product’s businesses: no test request to file, no test type to filter by', async () => {
    mockApprovalApi({
      'GET /api/auth/approval/task/index': ok({ data: [mine], total: 1 }),
    });
    renderApp('/approval/mine');
    const user = setupUser();
    await rowOf('我的请假申请');
    expect(queryButton(document.body, /测试申请/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('业务类型'));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')];
      expect(found.length).toBeGreaterThan(0);
      return found.map((option) => option.getAttribute('title'));
    });
    expect(options).toEqual([
      '入职审批',
      '调岗审批',
      '离职审批',
      '请假审批',
      '外派审批',
      '禁止录用解除',
      '补卡审批',
      '加班审批',
    ]);
  });
});
