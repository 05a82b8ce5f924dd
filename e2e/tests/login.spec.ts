import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('admin signs in through the login page and lands on the dashboard', async ({ page, context }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: '经销商人事管理系统' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/login-zh-1366.png' });

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await expect(page.getByText('系统管理员').first()).toBeVisible();
  const token = (await context.cookies()).find((cookie) => cookie.name === 'Token');
  expect(token?.value.split('.')).toHaveLength(3);
  // The sidebar is built from the server's menu tree.
  await expect(page.getByRole('menuitem', { name: /组织管理/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/dashboard-zh-1366.png' });

  // With a token, the login page sends the user to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
});

test('the redirect parameter survives the round trip through the login page', async ({ page }) => {
  await page.goto('/organization/stores');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forganization%2Fstores$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/organization\/stores$/);
  await expect(page.getByPlaceholder('门店名称或编码')).toBeVisible();
});

test('on a phone the sign-in button stays where it first appeared while the sign-in methods arrive', async ({
  page,
}) => {
  // A phone's card starts at the top: the tabs coming above the form pushed it down by their height.
  await page.setViewportSize({ width: 390, height: 844 });
  // Every frame from the first, where the button is: a click aimed at it must not land on the field above.
  await page.addInitScript(() => {
    const tops: number[] = [];
    Object.assign(window, { submitTops: tops });
    const look = () => {
      const submit = Array.from(document.querySelectorAll('button')).find(
        (button) => button.textContent?.replace(/\s/g, '') === '登录',
      );
      const top = submit?.getBoundingClientRect().top;
      if (top !== undefined && tops.at(-1) !== top) tops.push(top);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // As on a slower network: the answer which sign-in methods there are comes 300 ms after the page.
  await page.route('**/api/login/modes', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  // The tests' server offers the work-messaging login: its tabs are above the form.
  await expect(page.getByRole('tab', { name: '扫码登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const tops = await page.evaluate(() => (window as unknown as { submitTops: number[] }).submitTops);
  expect(tops).toHaveLength(1);
});

test('bad credentials and empty fields are explained in Chinese', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('用户名不能为空')).toBeVisible();
  await expect(page.getByText('密码不能为空')).toBeVisible();

  await signIn(page, 'admin', 'wrong-password');
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the language switch changes the login page and is remembered', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '切换语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Dealer Personnel Management System' })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dealer Personnel Management System' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/login-en-1366.png' });
});

test('the login page fits a 390 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  const submit = page.getByRole('button', { name: '登录', exact: true });
  await expect(submit).toBeVisible();
  const box = await submit.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/login-zh-390.png' });
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await page.screenshot({ path: 'test-results/screenshots/dashboard-zh-390.png' });
});

test('the first load of the login page brings at most 350 kB of JavaScript over the wire', async ({
  page,
}) => {
  // Bytes as received: the encoded (compressed) body and the response headers, not the files' size.
  const scripts: Promise<{ url: string; encoding: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: request.url(),
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('用户名')).toBeVisible();

  const received = await Promise.all(scripts);
  const total = received.reduce((sum, script) => sum + script.bytes, 0);
  const encodings = [...new Set(received.map((script) => script.encoding))].join(', ');
  console.log(
    `login page: ${received.length} scripts, ${(total / 1000).toFixed(1)} kB on the wire (${encodings})`,
  );
  if (process.env.BUDGET_DETAIL) {
    for (const script of received) console.log(`${script.bytes}\t${script.encoding}\t${script.url}`);
  }
  expect(received.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(350_000);
});
