import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  auditLogs,
  departments,
  employees,
  menus,
  posts,
  roleMenus,
  roles,
  sessions,
  stores,
  userRoles,
  users,
} from '../../db/schema';
import { flattenMenus } from '../../db/seed/data/menus';
import { callerOf, fieldErrorsOf, type Answer } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { grantPermissions, mainPostOf, userIdOf, userWith } from '../../test/users';
import { openMainAssignmentOf } from '../../core/scope';
import type {
  AccessAnswer,
  AccountRow,
  EmployeeOption,
  FilterOptions,
} from '@dealer-hr/shared/accounts/contract';

let t: TestApp;
let admin: string;
/** The demo store manager, given every users permission through a role of their store's subtree. */
let manager: string;
let managerStore: { storeId: number; departmentId: number; path: string };
const call = callerOf(() => ({ app: t, authorization: admin }));

const NEW_PASSWORD = 'Welcome2026';

/** Every permission of the users page, as the seed defines them. */
const USERS_PAGE = flattenMenus().flatMap((menu) =>
  menu.perm?.startsWith('system:users:') ? [menu.perm] : [],
);

const list = (authorization: string, query = '') =>
  call<{ data: AccountRow[]; total: number }>('GET', `accounts/index${query}`, undefined, authorization);

const fieldsOf = (answer: Answer) =>
  fieldErrorsOf(answer)
    .map((error) => error.field)
    .sort();

/** An on-staff employee without an account, inside (or outside) the manager's store subtree. */
async function employeeWithoutAccount(inside: boolean) {
  const [row] = await t.db
    .select({ id: employees.id, name: employees.name, phone: employees.phone })
    .from(employees)
    .innerJoin(assignments, openMainAssignmentOf(employees.id))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(
      and(
        isNull(users.id),
        ne(employees.status, 'resigned'),
        inside
          ? sql`${departments.path} like ${`${managerStore.path}%`}`
          : sql`${departments.path} not like ${`${managerStore.path}%`}`,
      ),
    )
    .orderBy(employees.id)
    .limit(1);
  return row!;
}

const lastAudit = (entityId: number) => lastAuditOf(t, 'user', entityId);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const { storeId, departmentId, path } = await mainPostOf(t, 'manager');
  managerStore = { storeId: storeId!, departmentId, path };
  // The store-manager role of the seed holds no system pages; this role adds them, scoped to the store.
  await grantPermissions(t, 'manager', USERS_PAGE);
  manager = await t.login('manager');
});
afterAll(() => t.close());

describe('GET /api/auth/accounts/index', () => {
  it('lists every live account to a group-wide scope, newest first, with employee, post and store', async () => {
    const [{ total } = { total: 0 }] = await t.db
      .select({ total: count() })
      .from(users)
      .where(isNull(users.deletedAt));
    const answer = await list(admin, '?limit=100');
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data.total).toBe(total);
    const ids = answer.data.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const adminRow = answer.data.data.find((row) => row.username === 'admin')!;
    expect(adminRow).toMatchObject({ employee: null, postTitle: null, storeName: null, status: 'active' });
    expect(adminRow.roles.map((role) => role.name)).toEqual(['超级管理员']);
    expect(adminRow.lastLoginAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const sales = answer.data.data.find((row) => row.username === 'sales')!;
    const [employee] = await t.db
      .select({ name: employees.name, phone: employees.phone })
      .from(employees)
      .innerJoin(users, eq(users.employeeId, employees.id))
      .where(eq(users.username, 'sales'));
    expect(sales).toMatchObject({
      name: employee!.name,
      employee: { name: employee!.name, phone: employee!.phone },
      postTitle: '销售顾问',
      isSale: true,
      roles: [],
    });
    expect(sales.storeName).toEqual(expect.any(String));
  });

  it('pages with page and limit', async () => {
    const all = await list(admin, '?limit=100');
    const second = await list(admin, '?page=2&limit=2');
    expect(second.data.total).toBe(all.data.total);
    expect(second.data.data.map((row) => row.id)).toEqual(all.data.data.slice(2, 4).map((row) => row.id));
  });

  it('filters by name (account, employee or username), phone, store, post and status', async () => {
    const byUsername = await list(admin, '?name=MANAG');
    expect(byUsername.data.data.map((row) => row.username)).toEqual(['manager']);

    const salesPost = await mainPostOf(t, 'sales');
    const [salesEmployee] = await t.db
      .select({ name: employees.name })
      .from(employees)
      .where(eq(employees.id, salesPost.employeeId));
    const byEmployeeName = await list(admin, `?name=${encodeURIComponent(salesEmployee!.name)}`);
    expect(byEmployeeName.data.data.map((row) => row.username)).toContain('sales');

    const byPhone = await list(admin, `?phone=${salesPost.phone.slice(2)}`);
    expect(byPhone.data.data.map((row) => row.username)).toEqual(['sales']);

    const byStore = await list(admin, `?store_id=${salesPost.storeId}&limit=100`);
    expect(byStore.data.data.map((row) => row.username)).toContain('sales');
    expect(byStore.data.data.map((row) => row.username)).not.toContain('admin');

    const byPost = await list(admin, `?post_id=${salesPost.postId}&limit=100`);
    expect(byPost.data.data.map((row) => row.username)).toEqual(['sales']);

    await t.db
      .update(users)
      .set({ status: 'frozen', frozenReason: '违规操作' })
      .where(eq(users.username, 'staff'));
    const frozen = await list(admin, '?status=frozen');
    expect(frozen.data.data).toEqual([
      expect.objectContaining({ username: 'staff', status: 'frozen', frozenReason: '违规操作' }),
    ]);
    const active = await list(admin, '?status=active&limit=100');
    expect(active.data.data.map((row) => row.username)).not.toContain('staff');
    await t.db.update(users).set({ status: 'active', frozenReason: null }).where(eq(users.username, 'staff'));

    // Empty values mean "no filter" (the client drops them, but a hand-made URL may carry them).
    expect((await list(admin, '?name=&status=&store_id=')).data.total).toBe((await list(admin)).data.total);
    // Pattern characters are taken literally.
    expect((await list(admin, '?name=%25')).data.total).toBe(0);
  });

  it('leaves out deleted accounts', async () => {
    await userWith(t, []);
    const before = (await list(admin)).data.total;
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(sql`${users.id} = (select max(id) from users)`);
    expect((await list(admin)).data.total).toBe(before - 1);
  });

  it("shows a store manager only the accounts of their store's subtree", async () => {
    const answer = await list(manager, '?limit=100');
    expect(answer.code).toBe(200);
    const usernames = answer.data.data.map((row) => row.username);
    expect(usernames).toContain('manager');
    expect(usernames).not.toContain('admin');
    expect(usernames).not.toContain('hr');
    const inside = await t.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(assignments, openMainAssignmentOf(users.employeeId))
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .where(and(isNull(users.deletedAt), sql`${departments.path} like ${`${managerStore.path}%`}`));
    expect(answer.data.total).toBe(inside.length);
    // A store outside the scope filters to nothing rather than leaking its accounts.
    const [other] = await t.db
      .select({ id: stores.id })
      .from(stores)
      .where(ne(stores.id, managerStore.storeId))
      .limit(1);
    expect((await list(manager, `?store_id=${other!.id}`)).data.total).toBe(0);
  });

  it.each([
    ['page=0', 'page'],
    ['limit=500', 'limit'],
    ['limit=abc', 'limit'],
    ['status=deleted', 'status'],
    ['store_id=abc', 'store_id'],
    ['post_id=-1', 'post_id'],
    [`name=${'x'.repeat(51)}`, 'name'],
  ])('answers 422 for %s', async (query, field) => {
    const answer = await list(admin, `?${query}`);
    expect(answer).toMatchObject({ status: 422, code: 422 });
    expect(fieldsOf(answer)).toEqual([field]);
    expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers 1403 without system:users:view', async () => {
    const answer = await list(await userWith(t, ['system:roles:view']));
    expect(answer).toMatchObject({ status: 403, code: 1403 });
  });
});

describe('GET /api/auth/accounts/options', () => {
  it('offers the stores of the scope and the enabled posts', async () => {
    const all = await call<FilterOptions>('GET', 'accounts/options');
    const [{ total } = { total: 0 }] = await t.db.select({ total: count() }).from(stores);
    expect(all.data.stores).toHaveLength(total);
    expect(all.data.posts.length).toBeGreaterThan(0);
    const own = await call<FilterOptions>('GET', 'accounts/options', undefined, manager);
    expect(own.data.stores.map((store) => store.id)).toEqual([managerStore.storeId]);
    expect(own.data.posts).toEqual(all.data.posts);
  });

  it('answers 1403 without system:users:view', async () => {
    const answer = await call('GET', 'accounts/options', undefined, await userWith(t, ['system:roles:view']));
    expect(answer.code).toBe(1403);
  });
});

describe('GET /api/auth/accounts/employees', () => {
  it('offers employees in scope without an account, matching the keyword', async () => {
    const inside = await employeeWithoutAccount(true);
    const outside = await employeeWithoutAccount(false);
    const mine = await call<EmployeeOption[]>('GET', 'accounts/employees', undefined, manager);
    expect(mine.code).toBe(200);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.length).toBeLessThanOrEqual(20);
    expect(mine.data.map((row) => row.id)).not.toContain(outside.id);

    const byPhone = await call<EmployeeOption[]>(
      'GET',
      `accounts/employees?keyword=${inside.phone}`,
      undefined,
      manager,
    );
    expect(byPhone.data).toEqual([expect.objectContaining({ id: inside.id, name: inside.name })]);
    const foreign = await call<EmployeeOption[]>(
      'GET',
      `accounts/employees?keyword=${outside.phone}`,
      undefined,
      manager,
    );
    expect(foreign.data).toEqual([]);
    const byAdmin = await call<EmployeeOption[]>('GET', `accounts/employees?keyword=${outside.phone}`);
    expect(byAdmin.data.map((row) => row.id)).toEqual([outside.id]);

    // Employees who have an account are not offered.
    const hrEmployee = await mainPostOf(t, 'hr');
    const [hrPerson] = await t.db
      .select({ phone: employees.phone })
      .from(employees)
      .where(eq(employees.id, hrEmployee.employeeId));
    const taken = await call<EmployeeOption[]>('GET', `accounts/employees?keyword=${hrPerson!.phone}`);
    expect(taken.data).toEqual([]);
  });

  it('answers 422 for an overlong keyword and 1403 without system:users:create', async () => {
    const long = await call('GET', `accounts/employees?keyword=${'1'.repeat(51)}`);
    expect(long).toMatchObject({ status: 422, code: 422 });
    const answer = await call(
      'GET',
      'accounts/employees',
      undefined,
      await userWith(t, ['system:users:view']),
    );
    expect(answer.code).toBe(1403);
  });
});

describe('POST /api/auth/accounts/store', () => {
  it('opens an account that can sign in, stores an argon2id hash and writes an audit row', async () => {
    const employee = await employeeWithoutAccount(true);
    const answer = await call<{ id: number; username: string }>(
      'POST',
      'accounts/store',
      {
        employee_id: employee.id,
        username: 'new.clerk',
        password: NEW_PASSWORD,
        is_sale: true,
      },
      manager,
    );
    expect(answer).toMatchObject({ status: 200, code: 200, data: { username: 'new.clerk' } });

    const [row] = await t.db.select().from(users).where(eq(users.id, answer.data.id));
    expect(row).toMatchObject({
      employeeId: employee.id,
      name: employee.name,
      isSale: true,
      status: 'active',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const audit = await lastAudit(answer.data.id);
    expect(audit).toMatchObject({ action: 'create', userId: await userIdOf(t, 'manager') });
    expect(audit!.after).toMatchObject({ username: 'new.clerk', employeeId: employee.id, isSale: true });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit)).not.toContain('argon2');

    // A sales user with no direct role is refused by login with 10008: the password was right.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'NEW.CLERK', password: NEW_PASSWORD },
    });
    expect(login.json().code).toBe(10008);
  });

  it('answers 409 when the employee already has an account', async () => {
    const hr = await mainPostOf(t, 'hr');
    const answer = await call('POST', 'accounts/store', {
      employee_id: hr.employeeId,
      username: 'second.account',
      password: NEW_PASSWORD,
    });
    expect(answer).toMatchObject({
      status: 409,
      code: 409,
      message: '该员工已有账号',
      data: { field: 'employee_id' },
    });
  });

  it('answers 409 for a username taken in another case, and writes nothing', async () => {
    const employee = await employeeWithoutAccount(false);
    const before = await t.db.select({ total: count() }).from(auditLogs);
    const answer = await call('POST', 'accounts/store', {
      employee_id: employee.id,
      username: 'Admin',
      password: NEW_PASSWORD,
    });
    expect(answer).toMatchObject({
      status: 409,
      code: 409,
      message: '用户名已被使用',
      data: { field: 'username' },
    });
    expect(await t.db.select({ total: count() }).from(auditLogs)).toEqual(before);
    const [holder] = await t.db.select({ id: users.id }).from(users).where(eq(users.employeeId, employee.id));
    expect(holder).toBeUndefined();
  });

  it('answers 409 to the second of two requests racing for one username', async () => {
    const [first, second] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .leftJoin(users, eq(users.employeeId, employees.id))
      .where(and(isNull(users.id), ne(employees.status, 'resigned')))
      .orderBy(desc(employees.id))
      .limit(2);
    const answers = await Promise.all(
      [first!, second!].map((employee) =>
        call('POST', 'accounts/store', {
          employee_id: employee.id,
          username: 'race.winner',
          password: NEW_PASSWORD,
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.code === 409)).toMatchObject({ message: '用户名已被使用' });
    const holders = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'race.winner'));
    expect(holders).toHaveLength(1);
  });

  it('answers 409 for an employee who has left', async () => {
    const [leaver] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .leftJoin(users, eq(users.employeeId, employees.id))
      .where(and(eq(employees.status, 'resigned'), isNull(users.id)))
      .limit(1);
    const answer = await call('POST', 'accounts/store', {
      employee_id: leaver!.id,
      username: 'gone.person',
      password: NEW_PASSWORD,
    });
    expect(answer).toMatchObject({ status: 409, code: 409, message: '该员工已离职，不能开通账号' });
  });

  it.each([
    ['nothing', {}, ['employee_id', 'password', 'username']],
    ['a short username', { employee_id: 1, username: 'ab', password: NEW_PASSWORD }, ['username']],
    ['a Chinese username', { employee_id: 1, username: '张伟', password: NEW_PASSWORD }, ['username']],
    ['a password without digits', { employee_id: 1, username: 'abc', password: 'abcdefgh' }, ['password']],
    ['a short password', { employee_id: 1, username: 'abc', password: 'ab1' }, ['password']],
    ['a bad employee id', { employee_id: 'x', username: 'abc', password: NEW_PASSWORD }, ['employee_id']],
    [
      'a non-boolean is_sale',
      { employee_id: 1, username: 'abc', password: NEW_PASSWORD, is_sale: 'yes' },
      ['is_sale'],
    ],
  ])('answers 422 with Chinese field messages for %s', async (_case, payload, fields) => {
    const answer = await call('POST', 'accounts/store', payload);
    expect(answer).toMatchObject({ status: 422, code: 422 });
    expect(fieldsOf(answer)).toEqual(fields);
    for (const error of (answer.data as { errors: { message: string }[] }).errors) {
      expect(error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('answers the password rule in Chinese', async () => {
    const answer = await call('POST', 'accounts/store', {
      employee_id: 1,
      username: 'abc',
      password: 'abcdefgh',
    });
    expect(answer.message).toBe('密码须为 8-64 位，且同时包含字母和数字');
  });

  it('answers 404 for an employee outside the scope, or one that does not exist', async () => {
    const outside = await employeeWithoutAccount(false);
    const foreign = await call(
      'POST',
      'accounts/store',
      {
        employee_id: outside.id,
        username: 'outside.one',
        password: NEW_PASSWORD,
      },
      manager,
    );
    expect(foreign).toMatchObject({ status: 404, code: 404 });
    const missing = await call('POST', 'accounts/store', {
      employee_id: 99_999_999,
      username: 'missing.one',
      password: NEW_PASSWORD,
    });
    expect(missing).toMatchObject({ status: 404, code: 404 });
    const [holder] = await t.db.select({ id: users.id }).from(users).where(eq(users.employeeId, outside.id));
    expect(holder).toBeUndefined();
  });

  it('answers 1403 without system:users:create', async () => {
    const answer = await call(
      'POST',
      'accounts/store',
      {
        employee_id: 1,
        username: 'abc',
        password: NEW_PASSWORD,
      },
      await userWith(t, ['system:users:view']),
    );
    expect(answer).toMatchObject({ status: 403, code: 1403 });
  });
});

describe('PUT /api/auth/accounts/password', () => {
  it("sets the password, ends the user's sessions and writes an audit row without the password", async () => {
    const staffSession = await t.login('staff');
    const staffId = await userIdOf(t, 'staff');
    const answer = await call<{ id: number; sessionsEnded: number }>(
      'PUT',
      'accounts/password',
      {
        id: staffId,
        password: NEW_PASSWORD,
      },
      manager,
    );
    if ((await mainPostOf(t, 'staff')).path.startsWith(managerStore.path)) {
      expect(answer).toMatchObject({ code: 200, data: { id: staffId } });
    } else {
      // The demo staff account works in another store: the admin resets it instead.
      expect(answer.code).toBe(404);
      const again = await call<{ id: number; sessionsEnded: number }>('PUT', 'accounts/password', {
        id: staffId,
        password: NEW_PASSWORD,
      });
      expect(again).toMatchObject({ code: 200, data: { id: staffId } });
    }

    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: staffSession },
    });
    expect(me.json().code).toBe(10004);
    const [ended] = await t.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, staffId))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(ended!.reason).toBe('password_reset');

    await expect(t.login('staff')).rejects.toThrow();
    expect(await t.login('staff', NEW_PASSWORD)).toMatch(/^Bearer /);

    const audit = await lastAudit(staffId);
    expect(audit).toMatchObject({ action: 'reset_password' });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('resets an account of the store for the store manager', async () => {
    const employee = await employeeWithoutAccount(true);
    const createdAnswer = await call<{ id: number }>('POST', 'accounts/store', {
      employee_id: employee.id,
      username: 'store.reset',
      password: NEW_PASSWORD,
    });
    const answer = await call(
      'PUT',
      'accounts/password',
      {
        id: createdAnswer.data.id,
        password: 'Another2026',
      },
      manager,
    );
    expect(answer).toMatchObject({ code: 200, data: { id: createdAnswer.data.id, sessionsEnded: 0 } });
  });

  it('answers 404 for an account outside the scope, a missing or a deleted one', async () => {
    for (const username of ['hr', 'admin']) {
      const answer = await call(
        'PUT',
        'accounts/password',
        {
          id: await userIdOf(t, username),
          password: NEW_PASSWORD,
        },
        manager,
      );
      expect(answer).toMatchObject({ status: 404, code: 404 });
    }
    expect((await call('PUT', 'accounts/password', { id: 99_999_999, password: NEW_PASSWORD })).code).toBe(
      404,
    );
    const [removed] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.deletedAt} is not null`)
      .limit(1);
    if (removed) {
      expect((await call('PUT', 'accounts/password', { id: removed.id, password: NEW_PASSWORD })).code).toBe(
        404,
      );
    }
    // Nothing changed: the admin still signs in with the old password.
    expect(await t.login()).toMatch(/^Bearer /);
  });

  it("answers 1403 when someone who is not a super-admin resets a super-admin's password", async () => {
    const hr = await t.login('hr');
    const answer = await call(
      'PUT',
      'accounts/password',
      {
        id: await userIdOf(t, 'admin'),
        password: NEW_PASSWORD,
      },
      hr,
    );
    expect(answer).toMatchObject({
      status: 403,
      code: 1403,
      message: '只有超级管理员可以重置超级管理员的密码',
    });
    expect(await t.login()).toMatch(/^Bearer /);
  });

  it.each([
    ['nothing', {}, ['id', 'password']],
    ['a weak password', { id: 1, password: '12345678' }, ['password']],
    ['a blank password', { id: 1, password: '        ' }, ['password']],
    ['a bad id', { id: 0, password: NEW_PASSWORD }, ['id']],
  ])('answers 422 for %s', async (_case, payload, fields) => {
    const answer = await call('PUT', 'accounts/password', payload);
    expect(answer).toMatchObject({ status: 422, code: 422 });
    expect(fieldsOf(answer)).toEqual(fields);
  });

  it('answers 1403 without system:users:reset-password', async () => {
    const answer = await call(
      'PUT',
      'accounts/password',
      {
        id: await userIdOf(t, 'staff'),
        password: NEW_PASSWORD,
      },
      await userWith(t, ['system:users:view']),
    );
    expect(answer).toMatchObject({ status: 403, code: 1403 });
  });
});

describe('GET /api/auth/accounts/access', () => {
  const access = (authorization: string, id: number | string) =>
    call<AccessAnswer>('GET', `accounts/access?id=${id}`, undefined, authorization);

  it('explains a role that comes with a post, its department and its permissions', async () => {
    const hrPost = await mainPostOf(t, 'hr');
    const answer = await access(admin, await userIdOf(t, 'hr'));
    expect(answer.code).toBe(200);
    const [post] = await t.db.select({ name: posts.name }).from(posts).where(eq(posts.id, hrPost.postId));
    const [department] = await t.db
      .select({ name: departments.name })
      .from(departments)
      .where(eq(departments.id, hrPost.departmentId));
    const hrAdmin = answer.data.roles.find((role) => role.key === 'hr-admin')!;
    expect(hrAdmin.sources).toEqual([
      {
        type: 'post',
        postId: hrPost.postId,
        postName: post!.name,
        departmentId: hrPost.departmentId,
        departmentName: department!.name,
        isMain: true,
      },
    ]);
    expect(hrAdmin.permissions).toContainEqual({
      name: 'system:users:reset-password',
      title: '系统管理 / 用户管理 / 重置密码',
    });
    expect(hrAdmin.permissions.map((entry) => entry.name)).not.toContain('system:roles:create');
    expect(answer.data).toMatchObject({ isSuper: false, dataScope: 'all', user: { username: 'hr' } });
    const union = answer.data.permissions.map((entry) => entry.name);
    expect(union).toContain('system:users:view');
    expect(union).not.toContain('system:menus:view');
  });

  it('lists a direct grant as direct, and a disabled role without adding its permissions', async () => {
    const staffId = await userIdOf(t, 'staff');
    const [disabled] = await t.db
      .insert(roles)
      .values({ key: 'old-auditor', name: '旧审计员', status: 'disabled' })
      .returning({ id: roles.id });
    const [auditMenu] = await t.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.perm, 'system:audit:view'));
    await t.db.insert(roleMenus).values({ roleId: disabled!.id, menuId: auditMenu!.id });
    await t.db.insert(userRoles).values({ userId: staffId, roleId: disabled!.id });

    const answer = await access(admin, staffId);
    const old = answer.data.roles.find((role) => role.key === 'old-auditor')!;
    expect(old).toMatchObject({ status: 'disabled', sources: [{ type: 'direct' }] });
    expect(old.permissions.map((entry) => entry.name)).toEqual(['system:audit:view']);
    expect(answer.data.permissions.map((entry) => entry.name)).not.toContain('system:audit:view');
    const staffRole = answer.data.roles.find((role) => role.key === 'staff')!;
    expect(staffRole.sources[0]).toMatchObject({ type: 'post', isMain: true });
    expect(answer.data.dataScope).toBe('subtree');
  });

  it('answers a super-admin with every permission', async () => {
    const answer = await access(admin, await userIdOf(t, 'admin'));
    const [{ total } = { total: 0 }] = await t.db
      .select({ total: count() })
      .from(menus)
      .where(sql`${menus.perm} is not null`);
    expect(answer.data).toMatchObject({ isSuper: true, dataScope: 'all' });
    expect(answer.data.roles).toEqual([
      expect.objectContaining({ key: 'super-admin', sources: [{ type: 'direct' }] }),
    ]);
    expect(answer.data.permissions).toHaveLength(total);
    // Menu order: the home directory's dashboard comes first.
    expect(answer.data.permissions[0]!.title).toBe('首页 / 工作台');
  });

  it('answers an account without roles with empty lists', async () => {
    await userWith(t, []);
    const [fresh] = await t.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    const answer = await access(admin, fresh!.id);
    expect(answer.data).toMatchObject({ roles: [], permissions: [], isSuper: false });
  });

  it('answers 404 outside the scope, 422 for a bad id, 1403 without system:users:view', async () => {
    expect((await access(manager, await userIdOf(t, 'hr'))).code).toBe(404);
    expect((await access(manager, await userIdOf(t, 'admin'))).code).toBe(404);
    expect((await access(manager, await userIdOf(t, 'manager'))).code).toBe(200);
    expect((await access(admin, 99_999_999)).code).toBe(404);
    const bad = await access(admin, 'abc');
    expect(bad).toMatchObject({ status: 422, code: 422 });
    expect(fieldsOf(bad)).toEqual(['id']);
    expect((await access(await userWith(t, ['system:roles:view']), 1)).code).toBe(1403);
  });
});
