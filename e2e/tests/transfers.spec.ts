import type { APIRequestContext, Page } from '@playwright/test';
import { dayAfter, serverToday } from '../support/days';
import { choose } from '../support/select';
import { DEMO_PASSWORD, signIn } from '../support/session';
import { expect, test } from '../support/test';

interface Person {
  id: number;
  employee_no: string;
  name: string;
  open_transfer_id: number | null;
  assignments: { is_main: boolean; store_name: string | null; post_name: string }[];
}

interface ChartNode {
  id: number;
  name: string;
  kind: string;
  headcount: number;
  children: ChartNode[];
}

async function tokenOf(request: APIRequestContext, username: string) {
  const answer = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  return `Bearer ${((await answer.json()) as { data: { access_token: string } }).data.access_token}`;
}

async function dataOf<T>(request: APIRequestContext, path: string, authorization: string): Promise<T> {
  const answer = await request.get(`/api/auth/${path}`, { headers: { authorization } });
  expect(answer.status(), path).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** The store nodes of the org chart with the people they hold. */
async function storeHeadcounts(request: APIRequestContext, authorization: string) {
  const counts = new Map<string, number>();
  const walk = (nodes: ChartNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'store') counts.set(node.name, node.headcount);
      walk(node.children);
    }
  };
  walk(await dataOf<ChartNode[]>(request, 'departments/chart', authorization));
  return counts;
}

async function signOutAndIn(page: Page, username: string, path: string) {
  await page.context().clearCookies();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, username);
}

test('HR files a transfer for next week, the store manager approves it, and on the day the person is at the new store', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hr = await tokenOf(request, 'hr');
  const manager = await tokenOf(request, 'manager');
  // A sales consultant of the manager's store, with nothing else under way.
  const people = await dataOf<Person[]>(request, 'user/job/transfer/people', manager);
  const person = people.find(
    (candidate) =>
      candidate.open_transfer_id === null &&
      candidate.assignments.length === 1 &&
      candidate.assignments[0]!.is_main &&
      candidate.assignments[0]!.post_name === '销售顾问',
  )!;
  expect(person).toBeDefined();
  const fromStore = person.assignments[0]!.store_name!;
  const stores = await dataOf<{ data: { name: string }[] }>(request, 'store/index?page=1&limit=20', hr);
  const toStore = stores.data.find((store) => store.name !== fromStore)!.name;
  const today = await serverToday(request);
  // A week ahead, or the first day after it on which no other approved transfer takes effect: on that day the
  // stores' counts change by this transfer alone.
  const approved = await dataOf<{ data: { effective_date: string }[] }>(
    request,
    'user/job/transfer/index?status=pending&page=1&limit=100',
    hr,
  );
  const taken = new Set(approved.data.map((other) => other.effective_date));
  let effective = dayAfter(today, 7);
  while (taken.has(effective)) effective = dayAfter(effective, 1);

  await page.goto('/login?redirect=%2Fstaff%2Ftransfer');
  await signIn(page, 'hr');
  await page.getByRole('button', { name: '发起调岗' }).click();
  const dialog = page.getByRole('dialog', { name: '发起调岗' });
  await dialog.getByLabel('调岗人员').fill(person.employee_no);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: person.name })
    .click();
  await expect(dialog.locator('.ant-form-item', { hasText: '原岗位' }).first()).toContainText(fromStore);
  await dialog.getByLabel('调入门店').fill(toStore);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: toStore })
    .first()
    .click();
  await dialog.getByLabel('调入部门').click();
  await page.keyboard.type('销售部');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '销售部' })
    .first()
    .click();
  await choose(page, dialog.getByLabel('调入岗位', { exact: true }), '销售顾问');
  // The target's headcount is shown before filing.
  await expect(dialog.getByText(new RegExp(`${toStore} 该岗位编制`))).toBeVisible();
  await choose(page, dialog.getByLabel('调岗类型'), '跨店调动');
  const date = dialog.getByLabel('生效日期');
  await date.click();
  await date.fill(effective);
  await date.press('Enter');
  await expect(date).toHaveValue(effective);
  await dialog.getByLabel('调岗原因').fill('新店开业，支援销售团队');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('调岗已提交审批')).toBeVisible();
  const row = page.locator('main .ant-table-row', { hasText: person.employee_no });
  await expect(row).toContainText('审批中');
  await expect(row).toContainText(toStore);

  // The manager decides on the transfer page of the approvals.
  await signOutAndIn(page, 'manager', '/processapproval/posttransfer');
  const waiting = page.locator('main .ant-table-row', { hasText: person.name });
  await waiting.getByRole('button', { name: '审批' }).click();
  const drawer = page.getByRole('dialog', { name: '调岗详情' });
  await expect(drawer).toContainText(effective);
  await drawer.getByRole('button', { name: '通过' }).click();
  const decision = page.getByRole('dialog', { name: '通过调岗' });
  await decision.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('已通过')).toBeVisible();

  // Not yet: the person is still at their store until the day comes.
  const detail = async () =>
    (
      await dataOf<{ data: { status: string }[] }>(
        request,
        `user/job/transfer/index?keyword=${person.employee_no}&page=1&limit=10`,
        hr,
      )
    ).data[0]!.status;
  expect(await detail()).toBe('pending');
  // The stores' headcounts on the eve of the day: what the days before it bring (the demo's transfers due
  // this week) is counted already, so the next day's change is this one.
  const eve = await request.put('/api/test/clock', { data: { date: dayAfter(effective, -1) } });
  expect(eve.status()).toBe(200);
  expect(await detail()).toBe('pending');
  const before = await storeHeadcounts(request, hr);
  const moved = await request.put('/api/test/clock', { data: { date: effective } });
  expect(moved.status()).toBe(200);
  await expect.poll(detail).toBe('effective');

  // The roster shows the person at the new store, and the org chart counts them there.
  await signOutAndIn(page, 'hr', '/staff/list');
  await page.getByLabel('姓名、拼音或工号').fill(person.employee_no);
  await page.getByLabel('姓名、拼音或工号').press('Enter');
  const inRoster = page.locator('main .ant-table-row', { hasText: person.employee_no });
  await expect(inRoster).toContainText(toStore);
  const after = await storeHeadcounts(request, hr);
  expect(after.get(toStore)).toBe(before.get(toStore)! + 1);
  expect(after.get(fromStore)).toBe(before.get(fromStore)! - 1);
  await request.delete('/api/test/clock');
});
