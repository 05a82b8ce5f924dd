import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn, tokenOf } from '../support/session';

test('a role with two pages and one button, given to a post, is exactly what its holder sees; freezing throws them out', async ({
  newContext,
  page,
}) => {
  test.setTimeout(120_000);
  const roleName = `E2E 服务角色 ${Date.now() % 100000}`;

  // The admin creates the role.
  await page.goto('/login?redirect=%2Fsystem%2Froles');
  await signIn(page);
  await expect(page).toHaveURL(/\/system\/roles$/);
  await page.getByRole('button', { name: '新增角色' }).click();
  const form = page.getByRole('dialog', { name: '新增角色' });
  await form.getByLabel('角色标识').fill(`e2e-service-${Date.now() % 100000}`);
  await form.getByLabel('角色名称').fill(roleName);
  await form.getByRole('button', { name: /确\s?定|保存/ }).click();
  await expect(page.getByText('角色已创建')).toBeVisible();

  // Two pages (without their buttons) and one button.
  const row = page.getByRole('row', { name: new RegExp(roleName) });
  await row.getByRole('button', { name: '权限设置' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`权限设置：${roleName}`) });
  await expect(drawer.getByRole('tree', { name: '菜单权限' })).toBeVisible();
  // Each leaf is named by its title and permission; "访问页面" is the page itself, without its buttons.
  for (const leaf of [
    '访问页面organization:stores:view',
    '访问页面staff:list:view',
    '导出staff:list:export',
  ]) {
    await drawer.getByRole('checkbox', { name: leaf, exact: true }).click();
  }
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('权限已保存')).toBeVisible();

  // The role goes to the post 服务顾问 instead of the self-service role it carried.
  await page.getByRole('tab', { name: '岗位角色' }).click();
  await page.getByPlaceholder('搜索岗位名称或编码').fill('服务顾问');
  const roles = page.getByRole('combobox', { name: '服务顾问的角色' });
  await roles.click();
  await page.locator('.ant-select-item-option', { hasText: roleName }).click();
  await page.locator('.ant-select-item-option', { hasText: '普通员工' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '保存服务顾问的角色' }).click();
  await expect(page.getByText('岗位角色已保存')).toBeVisible();

  // The holder of that post signs in and sees exactly those two pages and that button.
  const staffContext = await newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/login');
  await signIn(staff, 'staff', DEMO_PASSWORD);
  await expect(staff).toHaveURL(/\/organization\/stores$/);
  const nav = staff.getByRole('menu', { name: '主菜单' });
  // Two sections; the one of the page shown is open (its title is a menu item, its pages follow it).
  await expect(nav.locator('> li')).toHaveCount(2);
  await expect(nav.getByRole('menuitem')).toHaveText(['组织管理', '门店管理', '员工管理']);
  await nav.getByText('员工管理').click();
  await expect(nav.getByRole('menuitem')).toHaveText(['组织管理', '门店管理', '员工管理', '员工花名册']);
  const me = await staff.evaluate(async () => {
    const token = document.cookie.match(/Token=([^;]+)/)?.[1];
    const response = await fetch('/api/auth/me', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()).data.permissions as string[];
  });
  expect(me.sort()).toEqual(['organization:stores:view', 'staff:list:export', 'staff:list:view']);

  // The admin freezes that user: the open session is thrown out with the message. A fresh sign-in: loading a
  // page anew is a page close to the server, whose short grace here a slow load outlasts (see session.spec.ts).
  await page.context().clearCookies();
  await page.goto('/login?redirect=%2Fsystem%2Fusers');
  await signIn(page);
  await expect(page).toHaveURL(/\/system\/users$/);
  await page.getByPlaceholder('姓名或用户名').fill('staff');
  await page.getByRole('button', { name: '查询' }).click();
  const staffRow = page.getByRole('row', { name: /staff/ }).first();
  await staffRow.getByRole('button', { name: '冻结' }).click();
  const freeze = page.getByRole('dialog', { name: /冻结账号/ });
  await freeze.getByLabel('冻结原因').fill('e2e: 账号交接');
  await freeze.getByRole('button', { name: /确\s?定|冻结/ }).click();
  await expect(page.getByText('账号已冻结')).toBeVisible();

  // Their next load is refused with the server's message: the token is dropped and the sign-in page keeps
  // the page they were on; signing in again is refused the same way.
  await staff.reload();
  await expect(staff.getByText('账号已被冻结，请联系管理员')).toBeVisible();
  await expect(staff).toHaveURL(/\/login\?redirect=%2Forganization%2Fstores$/);
  expect(await tokenOf(staffContext)).toBeUndefined();
  await signIn(staff, 'staff', DEMO_PASSWORD);
  await expect(staff.getByText('账号已被冻结，请联系管理员').first()).toBeVisible();
  await expect(staff).toHaveURL(/\/login/);
  await staffContext.close();
});
