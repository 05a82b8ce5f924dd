import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('HR lists a person, finds them by the whole ID number and asks to lift the entry', async ({ page }) => {
  const n = String(Date.now() % 1_000_000).padStart(6, '0');
  const idNumber = `44010619900${n}X`;
  const name = '禁用测试';

  await page.goto('/login?redirect=%2Fstaff%2Fprohibited');
  await signIn(page);
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增禁用人员' });
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByLabel('证件号码').fill(idNumber);
  await dialog.getByLabel('手机号码').fill('13800001234');
  await dialog.getByLabel('禁用原因').fill('伪造学历证书');
  await dialog.getByRole('button', { name: /保\s?存|确\s?定/ }).click();
  await expect(page.getByText('已加入禁用名单')).toBeVisible();

  // The number is only ever shown masked; the whole number still finds the entry.
  await page.getByLabel('完整证件号码').fill(idNumber.toLowerCase());
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const row = page.locator('main .ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`440************${idNumber.slice(-3)}`)).toBeVisible();
  await expect(page.getByText(idNumber)).toHaveCount(0);

  // The demo data has a dismissal flow: the entry waits for HR's approval and keeps blocking meanwhile.
  await row.getByRole('button', { name: '解除' }).click();
  const dismiss = page.getByRole('dialog', { name: `解除禁用：${name}` });
  await dismiss.getByLabel('解除原因').fill('经核实为误录');
  await dismiss.getByRole('button', { name: /解\s?除|确\s?定/ }).click();
  await expect(page.getByText('解除申请已提交审批，审批通过后生效')).toBeVisible();
  await expect(row.getByText('解除审批中')).toBeVisible();

  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '禁用名单详情' });
  await expect(detail.getByText('加入禁用名单')).toBeVisible();
  await expect(detail.getByText('申请解除')).toBeVisible();
  await expect(detail.getByText('经核实为误录').first()).toBeVisible();
});
