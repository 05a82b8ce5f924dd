import { testPagesFit } from '../support/fit';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

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

testPagesFit('attendance', [{ path: '/attendance/coordinates', title: '打卡地点' }]);
