import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { dayAfter, serverToday } from '../support/days';
import { screenshotWhole, testPagesFit } from '../support/fit';
import { DEMO_PASSWORD, signIn } from '../support/session';
import { expect, test } from '../support/test';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(baseURL: string, bearer: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api${path.startsWith('/') ? path : `/auth/${path}`}`, {
    method,
    headers: { authorization: bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function bearerOf(baseURL: string, username: string) {
  const response = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return `Bearer ${((await response.json()) as Envelope<{ access_token: string }>).data.access_token}`;
}

/** The first day from `day` on that the demo stores work: Monday to Saturday, not a statutory holiday. */
async function storeWorkday(baseURL: string, admin: string, day: string) {
  const holidays = new Map<string, string>();
  for (const year of new Set([day.slice(0, 4), dayAfter(day, 14).slice(0, 4)])) {
    const calendar = await api<{ day: string; kind: string }[]>(
      baseURL,
      admin,
      'GET',
      `clock/rules/calendar/index?year=${year}`,
    );
    for (const entry of calendar.data) holidays.set(entry.day, entry.kind);
  }
  let candidate = day;
  for (;;) {
    const weekday = new Date(`${candidate}T00:00:00Z`).getUTCDay();
    const kind = holidays.get(candidate);
    if (kind === 'workday' || (kind === undefined && weekday !== 0)) return candidate;
    candidate = dayAfter(candidate, 1);
  }
}

/** The monthly sheet's row of one person, as HR reads it through the API. */
async function sheetRow(baseURL: string, hr: string, month: string, employeeNo: string) {
  const sheet = await api<{ data: { employee_no: string; absent_days: number; early_count: number }[] }>(
    baseURL,
    hr,
    'GET',
    `clock/statistics?month=${month}&keyword=${encodeURIComponent(employeeNo)}`,
  );
  return sheet.data.data.find((row) => row.employee_no === employeeNo);
}

/** The rows of the downloaded workbook's first sheet below its header, as `{ header: text }`. */
async function rowsOf(download: Download): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(
      Object.fromEntries(
        headers.flatMap((header, column) =>
          header ? [[header, String(row.getCell(column).value ?? '')] as const] : [],
        ),
      ),
    );
  });
  return rows;
}

test('HR tests a position against a store’s fence: at the showroom inside, 1 km away outside', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/attendance/coordinates')}`);
  await signIn(page, 'hr');
  // The demo's showroom points are read off a Chinese map (GCJ-02): try one where it stands.
  const showroom = page.locator('main .ant-table-row', { hasText: '展厅' }).first();
  const store = (await showroom.locator('td').nth(1).textContent())!;
  const [latitude, longitude] = (await showroom.locator('td').nth(2).locator('span').first().textContent())!
    .split(',')
    .map((part) => part.trim());
  await page.getByRole('button', { name: '距离测试' }).click();
  const tester = page.getByRole('dialog', { name: '距离测试' });
  await tester.getByRole('combobox', { name: '门店' }).fill(store);
  await page.getByTitle(store, { exact: true }).click();
  await tester.getByText('GCJ-02（国内地图）').click();
  await tester.getByLabel('纬度').fill(latitude!);
  await tester.getByLabel('经度').fill(longitude!);
  await tester.getByRole('button', { name: /测\s?试/ }).click();
  await expect(tester).toContainText('在打卡范围内：距「展厅」0 米');
  // About 1.1 km north.
  await tester.getByLabel('纬度').fill((Number(latitude) + 0.01).toFixed(6));
  await tester.getByRole('button', { name: /测\s?试/ }).click();
  await expect(tester).toContainText('不在打卡范围内');
});

test('a staff member clocks in on a phone inside and then outside the fence; HR approves a correction and exports the month', async ({
  baseURL,
  newContext,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await bearerOf(baseURL!, 'admin');
  const hrBearer = await bearerOf(baseURL!, 'hr');
  const today = await serverToday(request);
  const workday = await storeWorkday(baseURL!, admin, today);
  const month = workday.slice(0, 7);
  try {
    // 08:20 on a working day of the stores (their shift is 08:30-17:30).
    expect((await request.put('/api/test/clock', { data: { date: workday, time: '08:20' } })).ok()).toBe(
      true,
    );
    const staffBearer = await bearerOf(baseURL!, 'staff');
    const mine = await api<{
      employee_name: string;
      points: { latitude: number; longitude: number; radius: number }[];
    }>(baseURL!, staffBearer, 'GET', 'clock/today');
    const point = mine.data.points[0]!;
    const person = mine.data.employee_name;
    const me = await api<{ data: { employee_no: string; name: string }[] }>(
      baseURL!,
      admin,
      'GET',
      `user/index?keyword=${encodeURIComponent(person)}&limit=5`,
    );
    const employeeNo = me.data.data.find((row) => row.name === person)!.employee_no;
    const before = await sheetRow(baseURL!, hrBearer, month, employeeNo);

    // On a 390 px phone, 50 m from the showroom (the browser reports WGS-84, as the points are measured).
    const phone = await newContext({
      viewport: { width: 390, height: 844 },
      // The staff's phone shows times, and asks for a correction's time, in the group's zone.
      timezoneId: 'Asia/Shanghai',
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: point.latitude + 50 / 111_195, longitude: point.longitude, accuracy: 15 },
    });
    const staff = await phone.newPage();
    await staff.goto(`/login?redirect=${encodeURIComponent('/attendance/clock')}`);
    await signIn(staff, 'staff');
    await expect(staff.getByText(/在打卡范围内：距「.+」50 米/)).toBeVisible();
    await staff.getByRole('button', { name: /上班打卡/ }).click();
    await expect(staff.getByText('范围内', { exact: true })).toBeVisible();

    // Two kilometres away: outside the fence, which the stores allow as 外勤.
    await phone.setGeolocation({
      latitude: point.latitude + 2000 / 111_195,
      longitude: point.longitude,
      accuracy: 15,
    });
    await staff.reload();
    await expect(staff.getByText(/不在打卡范围内：距「.+」2000 米/)).toBeVisible();
    await staff.getByRole('button', { name: /外勤打卡/ }).click();
    await expect(staff.getByText('外勤', { exact: true }).first()).toBeVisible();
    await expect(staff.locator('.ant-timeline-item')).toHaveCount(2);
    await screenshotWhole(staff, 'test-results/screenshots/clock-in-zh-390.png');

    // The next morning the day is over: 2 minutes worked, so absent, and out early. The employee asks for
    // the clock-out they forgot.
    expect(
      (await request.put('/api/test/clock', { data: { date: dayAfter(workday, 1), time: '10:00' } })).ok(),
    ).toBe(true);
    await staff.goto('/attendance/abnormal');
    // On a phone the list is cards, one per day.
    const day = staff.getByRole('listitem').filter({ hasText: workday });
    await expect(day.getByText(/旷工 1 天/)).toBeVisible();
    const abnormal = await sheetRow(baseURL!, hrBearer, month, employeeNo);
    expect(abnormal!.absent_days).toBe((before?.absent_days ?? 0) + 1);
    expect(abnormal!.early_count).toBe((before?.early_count ?? 0) + 1);
    await day.getByRole('button', { name: /补\s?卡/ }).click();
    const form = staff.getByRole('dialog', { name: `${workday} 补卡` });
    await form.getByText('下班卡').click();
    await form.getByLabel('补卡时间').fill('17:35');
    await form.getByLabel('补卡时间').press('Enter');
    await form.getByLabel('原因').fill('客户试驾回来晚了，忘记打卡');
    const [asked] = await Promise.all([
      staff.waitForResponse((response) => response.url().endsWith('/api/auth/clock/abnormal/correction')),
      form.getByRole('button', { name: /保\s?存/ }).click(),
    ]);
    const approvalId = ((await asked.json()) as Envelope<{ approval_id: number }>).data.approval_id;
    await expect(staff.getByText('补卡申请已提交审批')).toBeVisible();

    // The department's leader vouches first where the demo has an account for them; HR confirms.
    const manager = await bearerOf(baseURL!, 'manager');
    const seen = await api<{ actions: { task_id: number | null } }>(
      baseURL!,
      manager,
      'GET',
      `approval/task/detail?id=${approvalId}`,
    );
    if (seen.code === 200 && seen.data.actions.task_id)
      expect(
        (await api(baseURL!, manager, 'POST', 'approval/task/approve', { id: seen.data.actions.task_id }))
          .code,
      ).toBe(200);

    const desk = await newContext({ timezoneId: 'Asia/Shanghai' });
    const hr = await desk.newPage();
    await hr.goto(`/login?redirect=${encodeURIComponent('/attendance/records')}`);
    await signIn(hr, 'hr');
    // HR sees the punches as they came: one inside, one 外勤 two kilometres out.
    await hr.getByPlaceholder('姓名或工号').fill(person);
    await hr.getByRole('button', { name: /^搜\s?索$/ }).click();
    const punchRows = hr.locator('main .ant-table-row', { hasText: workday });
    await expect(punchRows).toHaveCount(2);
    await expect(punchRows.filter({ hasText: '2000 米' })).toContainText('外勤');

    await hr.goto('/approval/todo');
    const task = hr.getByRole('row', { name: new RegExp(`${person} ${workday} 下班补卡`) });
    await task.getByRole('button', { name: /审\s?批/ }).click();
    const review = hr.getByRole('dialog', { name: '审批详情' });
    await expect(review.getByText('下班卡')).toBeVisible();
    await review.getByRole('button', { name: /通\s?过/ }).click();
    const decision = hr.getByRole('dialog', { name: '审批通过' });
    await decision.getByRole('button', { name: /通\s?过/ }).click();
    await expect(hr.getByText('已审批通过')).toBeVisible();

    // The monthly sheet changes with the day: no longer absent, no longer early.
    const after = await sheetRow(baseURL!, hrBearer, month, employeeNo);
    expect(after!.absent_days).toBe(abnormal!.absent_days - 1);
    expect(after!.early_count).toBe(abnormal!.early_count - 1);
    await hr.goto('/attendance/statistics');
    await hr.getByPlaceholder('姓名或工号').fill(employeeNo);
    await hr.getByRole('button', { name: /^搜\s?索$/ }).click();
    await expect(hr.locator('main .ant-table-row', { hasText: person })).toBeVisible();
    const [download] = await Promise.all([
      hr.waitForEvent('download'),
      hr.getByRole('button', { name: /导\s?出/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('考勤月报.xlsx');
    const rows = await rowsOf(download);
    expect(rows.find((row) => row['姓名'] === person)?.['旷工天数']).toBe(String(after!.absent_days));
  } finally {
    await request.delete('/api/test/clock');
  }
});

// The menu's walk (list-layout.spec.ts) fits each page as it opens; these are its second tabs.
testPagesFit('attendance tab', [
  { path: '/attendance/rules?tab=schedule', title: '考勤规则' },
  { path: '/attendance/leave?tab=overtime', title: '请假管理' },
]);
