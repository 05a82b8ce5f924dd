import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, dictionaryItems, employees, posts, stores } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import type { StaffRow } from '@dealer-hr/shared/staff/contract';

// A page of the directory is kept in memory until a table it shows changes (the `staff` epoch). Writes here
// go straight to the tables, as another server instance's would.
let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const pageRows = async () =>
  (await call<{ data: StaffRow[] }>('GET', 'user/index?page=1&limit=20')).data.data;
const firstRow = async () => (await pageRows())[0]!;
/** The row of an employee placed in a store, as the page shows it now. */
const placedRow = async (id?: number) =>
  (await pageRows()).find((row) => (id ? row.id === id : row.store_id && row.employee_type_id))!;

describe('kept pages of the staff directory', () => {
  it('serves a kept page until the staff epoch moves on', async () => {
    const before = await firstRow();
    await t.db.execute(sql`alter table employees disable trigger employees_staff_epoch`);
    try {
      await t.db.update(employees).set({ phone: '13900000001' }).where(eq(employees.id, before.id));
      expect((await firstRow()).phone).toBe(before.phone);
    } finally {
      await t.db.execute(sql`alter table employees enable trigger employees_staff_epoch`);
    }
    await t.db.update(employees).set({ phone: '13900000002' }).where(eq(employees.id, before.id));
    expect((await firstRow()).phone).toBe('13900000002');
  });

  it('shows a renamed store, department, post and employee type at the next request', async () => {
    const row = await placedRow();
    await t.db.update(stores).set({ name: '改名门店' }).where(eq(stores.id, row.store_id!));
    expect((await placedRow(row.id)).store_name).toBe('改名门店');
    await t.db.update(departments).set({ name: '改名部门' }).where(eq(departments.id, row.department_id!));
    expect((await placedRow(row.id)).department_name).toBe('改名部门');
    await t.db.update(posts).set({ name: '改名岗位' }).where(eq(posts.id, row.post_id!));
    expect((await placedRow(row.id)).post_name).toBe('改名岗位');
    await t.db
      .update(dictionaryItems)
      .set({ name: '改名类型' })
      .where(eq(dictionaryItems.id, row.employee_type_id!));
    expect((await placedRow(row.id)).employee_type_name).toBe('改名类型');
  });
});
