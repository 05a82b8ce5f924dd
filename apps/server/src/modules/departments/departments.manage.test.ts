import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, auditLogs, departments, employees, stores } from '../../db/schema';
import { callerOf, fieldErrorsOf, type Answer } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPermissions, mainPostOf } from '../../test/users';
import type {
  ChildRow,
  DepartmentDetail,
  ManagedNode,
  StaffRow,
} from '@dealer-hr/shared/departments/contract';

let t: TestApp;
let admin: string;
/** The store manager, granted the department page: their scope is their store's subtree. */
let manager: string;
let managerRoot: { id: number; path: string };
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await grantPermissions(t, 'manager', [
    'organization:departments:view',
    'organization:departments:create',
    'organization:departments:update',
    'organization:departments:delete',
  ]);
  manager = await t.login('manager');
  const { departmentId, path } = await mainPostOf(t, 'manager');
  managerRoot = { id: departmentId, path };
});
afterAll(() => t.close());

const department = async (id: number) =>
  (await t.db.select().from(departments).where(eq(departments.id, id)))[0]!;

const byKind = async (kind: 'group' | 'region' | 'store' | 'department' | 'team') =>
  t.db.select().from(departments).where(eq(departments.kind, kind)).orderBy(departments.id);

/** A region node that is not the manager's, and one of its stores' department nodes with children. */
async function otherStoreDepartment() {
  const rows = await t.db
    .select({ id: departments.id, path: departments.path })
    .from(departments)
    .where(
      and(
        eq(departments.kind, 'department'),
        sql`not ${departments.path} like ${`${managerRoot.path}%`}`,
        sql`exists (select 1 from ${departments} c where c.parent_id = ${departments.id})`,
      ),
    )
    .orderBy(departments.id);
  return rows[0]!;
}

const flatten = (nodes: readonly ManagedNode[]): ManagedNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

describe('GET departments/tree', () => {
  it('answers the whole tree to a group-wide user, disabled nodes included', async () => {
    const [team] = await byKind('team');
    await t.db.update(departments).set({ status: 'disabled' }).where(eq(departments.id, team!.id));
    const { code, data } = await call<ManagedNode[]>('GET', 'departments/tree');
    const [{ total }] = (await t.db.select({ total: sql<number>`count(*)::int` }).from(departments)) as [
      { total: number },
    ];
    expect(code).toBe(200);
    expect(data).toHaveLength(1);
    const nodes = flatten(data);
    expect(nodes).toHaveLength(total);
    expect(nodes.find((node) => node.id === team!.id)?.status).toBe('disabled');
    expect(nodes.some((node) => node.children?.length === 0)).toBe(false);
    await t.db.update(departments).set({ status: 'active' }).where(eq(departments.id, team!.id));
  });

  it("answers a store manager only their store's subtree", async () => {
    const { data } = await call<ManagedNode[]>('GET', 'departments/tree', undefined, manager);
    expect(data.map((node) => node.id)).toEqual([managerRoot.id]);
    const inside = await t.db
      .select({ id: departments.id })
      .from(departments)
      .where(sql`${departments.path} like ${`${managerRoot.path}%`}`);
    expect(flatten(data)).toHaveLength(inside.length);
  });
});

describe('GET departments/asynchronous', () => {
  it('answers the roots of the scope, then the children of a node', async () => {
    const [group] = await byKind('group');
    const roots = await call<ChildRow[]>('GET', 'departments/asynchronous');
    expect(roots.data.map((row) => row.id)).toEqual([group!.id]);
    expect(roots.data[0]).toMatchObject({ has_children: true, parent_id: null });
    expect(roots.data[0]!.staff_count).toBeGreaterThan(0);

    const regions = await call<ChildRow[]>('GET', `departments/asynchronous?parent_id=${group!.id}`);
    const regionRows = await t.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.parentId, group!.id));
    expect(regions.data.map((row) => row.id).sort()).toEqual(regionRows.map((row) => row.id).sort());
    const parents = new Set(
      (await t.db.select({ parentId: departments.parentId }).from(departments)).map((row) => row.parentId),
    );
    expect(regions.data.map((row) => row.has_children)).toEqual(
      regions.data.map((row) => parents.has(row.id)),
    );
    expect(regions.data.some((row) => row.has_children)).toBe(true);
    const [team] = await byKind('team');
    const leaf = await call<ChildRow[]>('GET', `departments/asynchronous?parent_id=${team!.id}`);
    expect(leaf.data).toEqual([]);
  });

  it('gives a store manager their store as the root and hides other nodes (404)', async () => {
    const roots = await call<ChildRow[]>('GET', 'departments/asynchronous', undefined, manager);
    expect(roots.data.map((row) => row.id)).toEqual([managerRoot.id]);
    const other = await otherStoreDepartment();
    expect(
      (await call('GET', `departments/asynchronous?parent_id=${other.id}`, undefined, manager)).code,
    ).toBe(404);
    expect((await call('GET', 'departments/asynchronous?parent_id=abc', undefined, manager)).code).toBe(422);
  });
});

describe('GET departments/detail and departments/staff', () => {
  it('describes a store node with its path, store and counts, and lists its staff', async () => {
    const [store] = await t.db.select().from(stores).where(eq(stores.departmentId, managerRoot.id));
    const { code, data } = await call<DepartmentDetail>('GET', `departments/detail?id=${managerRoot.id}`);
    expect(code).toBe(200);
    expect(data.store).toEqual({ id: store!.id, name: store!.name });
    expect(data.path_names).toHaveLength(managerRoot.path.split('/').filter(Boolean).length);
    expect(data.path_names.at(-1)).toBe(data.name);
    expect(data.children_count).toBeGreaterThan(0);
    expect(data.staff_count).toBeGreaterThan(0);

    const staff = await call<{ data: StaffRow[]; total: number }>(
      'GET',
      `departments/staff?id=${managerRoot.id}&limit=10`,
    );
    expect(staff.data.total).toBe(data.staff_count);
    expect(staff.data.data).toHaveLength(Math.min(10, data.staff_count));
    expect(new Set(staff.data.data.map((row) => row.employee_id)).size).toBe(staff.data.data.length);
    const second = await call<{ data: StaffRow[] }>(
      'GET',
      `departments/staff?id=${managerRoot.id}&limit=10&page=2`,
    );
    const firstIds = new Set(staff.data.data.map((row) => row.employee_id));
    expect(second.data.data.some((row) => firstIds.has(row.employee_id))).toBe(false);
  });

  it('answers 404 outside the scope and 422 for a bad id or paging', async () => {
    const other = await otherStoreDepartment();
    expect((await call('GET', `departments/detail?id=${other.id}`, undefined, manager)).code).toBe(404);
    expect((await call('GET', `departments/staff?id=${other.id}`, undefined, manager)).code).toBe(404);
    expect((await call('GET', 'departments/detail?id=999999')).code).toBe(404);
    const missing = await call('GET', 'departments/detail');
    expect(missing).toMatchObject({ code: 422, message: '请选择部门' });
    expect((await call('GET', `departments/staff?id=${managerRoot.id}&limit=1000`)).code).toBe(422);
  });
});

describe('POST departments/store/same and store/down', () => {
  it('adds a child and a sibling with their paths, and audits them', async () => {
    const down = await call<{ id: number }>('POST', 'departments/store/down', {
      id: managerRoot.id,
      name: '  新媒体部 ',
      code: `NM-${randomUUID().slice(0, 6)}`,
    });
    expect(down.code).toBe(200);
    const child = await department(down.data.id);
    expect(child).toMatchObject({
      name: '新媒体部',
      kind: 'department',
      parentId: managerRoot.id,
      path: `${managerRoot.path}${child.id}/`,
    });
    const parent = await department(managerRoot.id);
    expect(child.depth).toBe(parent.depth + 1);

    const same = await call<{ id: number }>('POST', 'departments/store/same', {
      id: child.id,
      name: '直播组',
      kind: 'team',
      sort: 5,
    });
    const sibling = await department(same.data.id);
    expect(sibling).toMatchObject({ parentId: managerRoot.id, kind: 'team', sort: 5, depth: child.depth });
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'department'), eq(auditLogs.entityId, String(child.id))));
    expect(audits.map((row) => row.action)).toEqual(['create']);
  });

  it('refuses bad input (422), a taken code (409) and places outside the scope', async () => {
    const empty = await call('POST', 'departments/store/down', { id: managerRoot.id, name: '  ' });
    expect(empty).toMatchObject({ code: 422, message: '部门名称不能为空' });
    expect(
      (await call('POST', 'departments/store/down', { id: managerRoot.id, name: 'x', kind: 'store' })).code,
    ).toBe(422);
    expect(
      (await call('POST', 'departments/store/down', { id: managerRoot.id, name: 'x', code: '含 空格' })).code,
    ).toBe(422);

    const code = `DUP-${randomUUID().slice(0, 6)}`;
    expect(
      (await call('POST', 'departments/store/down', { id: managerRoot.id, name: '甲', code })).code,
    ).toBe(200);
    const taken = await call('POST', 'departments/store/down', { id: managerRoot.id, name: '乙', code });
    expect(taken).toMatchObject({ code: 409, message: '部门编码已存在' });

    const other = await otherStoreDepartment();
    expect((await call('POST', 'departments/store/down', { id: other.id, name: '越权' }, manager)).code).toBe(
      404,
    );
    // A sibling of the manager's own root would sit outside their scope.
    expect(
      (await call('POST', 'departments/store/same', { id: managerRoot.id, name: '越权' }, manager)).code,
    ).toBe(1403);
    const inside = await call<{ id: number }>(
      'POST',
      'departments/store/down',
      {
        id: managerRoot.id,
        name: '店内新部门',
      },
      manager,
    );
    expect(inside.code).toBe(200);
  });
});

describe('PUT departments/update', () => {
  it('renames and changes fields left in, keeping the others', async () => {
    const created = await call<{ id: number }>('POST', 'departments/store/down', {
      id: managerRoot.id,
      name: '旧名',
      sort: 3,
    });
    const answer = await call('PUT', 'departments/update', {
      id: created.data.id,
      name: '新名',
      status: 'disabled',
    });
    expect(answer.code).toBe(200);
    expect(await department(created.data.id)).toMatchObject({ name: '新名', status: 'disabled', sort: 3 });

    const unknownLeader = await call('PUT', 'departments/update', {
      id: created.data.id,
      leader_employee_id: 999999,
    });
    expect(unknownLeader).toMatchObject({ code: 422, message: '负责人不存在或已离职' });
    const [holder] = await t.db
      .select({ employeeId: assignments.employeeId })
      .from(assignments)
      .where(and(eq(assignments.departmentId, managerRoot.id), isNull(assignments.endDate)));
    const withLeader = await call('PUT', 'departments/update', {
      id: created.data.id,
      leader_employee_id: holder!.employeeId,
    });
    expect(withLeader.code).toBe(200);
    const detail = await call<DepartmentDetail>('GET', `departments/detail?id=${created.data.id}`);
    expect(detail.data.leader?.id).toBe(holder!.employeeId);
    expect(
      (await call('PUT', 'departments/update', { id: created.data.id, leader_employee_id: null })).code,
    ).toBe(200);
    expect((await department(created.data.id)).leaderEmployeeId).toBeNull();
  });

  it('refuses a move under itself or a descendant', async () => {
    const other = await otherStoreDepartment();
    const [child] = await t.db.select().from(departments).where(eq(departments.parentId, other.id));
    const self = await call('PUT', 'departments/update', { id: other.id, parent_id: other.id });
    expect(self).toMatchObject({ code: 422, message: '不能将部门移动到其自身或其下级部门之下' });
    const below = await call('PUT', 'departments/update', { id: other.id, parent_id: child!.id });
    expect(below.code).toBe(422);
    expect((await department(other.id)).path).toBe(other.path);
  });

  it('moves a subtree: paths, depths and the store of open assignments follow', async () => {
    const other = await otherStoreDepartment();
    const before = await t.db
      .select()
      .from(departments)
      .where(sql`${departments.path} like ${`${other.path}%`}`);
    const answer = await call('PUT', 'departments/update', { id: other.id, parent_id: managerRoot.id });
    expect(answer.code).toBe(200);
    const movedRoot = await department(other.id);
    expect(movedRoot.parentId).toBe(managerRoot.id);
    expect(movedRoot.path).toBe(`${managerRoot.path}${other.id}/`);
    const shift = movedRoot.depth - before.find((row) => row.id === other.id)!.depth;
    for (const row of before) {
      const now = await department(row.id);
      expect(now.path).toBe(movedRoot.path + row.path.slice(other.path.length));
      expect(now.depth).toBe(row.depth + shift);
    }
    const [store] = await t.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.departmentId, managerRoot.id));
    const open = await t.db
      .select({ storeId: assignments.storeId })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .where(and(isNull(assignments.endDate), sql`${departments.path} like ${`${movedRoot.path}%`}`));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((row) => row.storeId === store!.id)).toBe(true);
    // The directory's placement follows: the people there now work in the store the subtree moved into.
    const placed = await t.db
      .select({ mainStoreId: employees.mainStoreId })
      .from(employees)
      .innerJoin(departments, eq(departments.id, employees.mainDepartmentId))
      .where(and(ne(employees.status, 'resigned'), sql`${departments.path} like ${`${movedRoot.path}%`}`));
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((row) => row.mainStoreId === store!.id)).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'department'), eq(auditLogs.entityId, String(other.id))));
    expect(audit?.action).toBe('move');
  });

  it('keeps a store manager inside their scope', async () => {
    const [group] = await byKind('group');
    const [child] = await t.db.select().from(departments).where(eq(departments.parentId, managerRoot.id));
    expect(
      (await call('PUT', 'departments/update', { id: child!.id, parent_id: group!.id }, manager)).code,
    ).toBe(1403);
    expect((await call('PUT', 'departments/update', { id: child!.id, parent_id: null }, manager)).code).toBe(
      1403,
    );
    expect((await call('PUT', 'departments/update', { id: group!.id, name: '改名' }, manager)).code).toBe(
      404,
    );
  });
});

describe('DELETE departments/destroy', () => {
  it('refuses a node with children or staff, naming the counts', async () => {
    const [region] = await byKind('region');
    const children = await t.db.select().from(departments).where(eq(departments.parentId, region!.id));
    const answer = await call<{ children: number; staff: number }>('DELETE', 'departments/destroy', {
      id: region!.id,
    });
    expect(answer.code).toBe(409);
    expect(answer.message).toBe(
      `该部门有 ${children.length} 个下级部门、${answer.data.staff} 名在职员工，不能删除`,
    );

    const [team] = await t.db
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          eq(departments.kind, 'team'),
          sql`exists (select 1 from ${assignments} a where a.department_id = ${departments.id} and a.end_date is null)`,
        ),
      );
    const staffed = await call<{ children: number; staff: number }>('DELETE', 'departments/destroy', {
      id: team!.id,
    });
    expect(staffed.code).toBe(409);
    expect(staffed.data.children).toBe(0);
    expect(staffed.data.staff).toBeGreaterThan(0);
  });

  it("refuses a store's own node", async () => {
    const [store] = await t.db.select().from(stores).where(eq(stores.departmentId, managerRoot.id));
    const answer = await call('DELETE', 'departments/destroy', { id: managerRoot.id });
    expect(answer).toMatchObject({
      code: 409,
      message: `该节点是门店「${store!.name}」的组织节点，请在门店管理中处理`,
    });
  });

  it('deletes an empty node with its audit row; 404 outside the scope', async () => {
    const created = await call<{ id: number }>('POST', 'departments/store/down', {
      id: managerRoot.id,
      name: '待删除',
    });
    const other = await otherStoreDepartment();
    expect((await call('DELETE', 'departments/destroy', { id: other.id }, manager)).code).toBe(404);
    expect((await call('DELETE', 'departments/destroy', { id: created.data.id }, manager)).code).toBe(200);
    expect(await t.db.select().from(departments).where(eq(departments.id, created.data.id))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'department'),
          eq(auditLogs.entityId, String(created.data.id)),
          eq(auditLogs.action, 'delete'),
        ),
      );
    expect(audit?.before).toMatchObject({ name: '待删除' });
  });
});

describe('the levels of the tree (group > region > store > department > team)', () => {
  /** Nodes away from the manager's store (earlier tests move things into it). */
  async function places() {
    const [group] = await byKind('group');
    const regions = await byKind('region');
    const [store, otherStore] = (await byKind('store')).filter((row) => row.id !== managerRoot.id);
    const [sales] = await t.db
      .select()
      .from(departments)
      .where(eq(departments.code, `${otherStore!.code}-sales`));
    const [team] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.parentId, sales!.id), eq(departments.kind, 'team')));
    const region = regions.find((row) => row.id === store!.parentId)!;
    return {
      group: group!,
      regions,
      region,
      store: store!,
      otherStore: otherStore!,
      sales: sales!,
      team: team!,
    };
  }

  const refused = (answer: Answer, field: 'kind' | 'parent_id', message: string) => {
    expect(fieldErrorsOf(answer)).toEqual([{ field, message }]);
    expect(answer.message).toBe(message);
  };

  const add = (
    placement: 'same' | 'down',
    id: number,
    kind: string,
    name = `层级测试${randomUUID().slice(0, 4)}`,
  ) => call<{ id: number }>('POST', `departments/store/${placement}`, { id, name, kind });

  const move = (id: number, parentId: number | null) =>
    call('PUT', 'departments/update', { id, parent_id: parentId });

  it('refuses a region created under a store', async () => {
    const { store } = await places();
    refused(await add('down', store.id, 'region'), 'kind', '区域不能位于门店之下');
  });

  it('refuses a region created under a department, also beside one of its teams', async () => {
    const { sales, team } = await places();
    refused(await add('down', sales.id, 'region'), 'kind', '区域不能位于部门之下');
    refused(await add('same', team.id, 'region'), 'kind', '区域不能位于部门之下');
  });

  it('refuses a group, a department or a team created under a team', async () => {
    const { team } = await places();
    for (const kind of ['group', 'department', 'team'])
      refused(await add('down', team.id, kind), 'kind', '小组之下不能再设下级');
    const below = await t.db.select().from(departments).where(eq(departments.parentId, team.id));
    expect(below).toEqual([]);
  });

  it('refuses a group under a region, a region beside a store, and anything but a group at the top', async () => {
    const { group, region, store } = await places();
    refused(await add('down', region.id, 'group'), 'kind', '集团不能位于区域之下');
    refused(await add('same', store.id, 'region'), 'kind', '区域不能位于区域之下');
    refused(await add('same', group.id, 'department'), 'kind', '部门不能作为顶级节点，顶级只能是集团');
  });

  it('still creates the shapes that fit, a department under a department among them', async () => {
    const { group, region, store, sales } = await places();
    const fits: [placement: 'same' | 'down', anchor: number, kind: string][] = [
      ['down', group.id, 'region'],
      ['down', group.id, 'department'],
      ['down', region.id, 'department'],
      ['down', store.id, 'team'],
      ['down', sales.id, 'department'],
      ['down', sales.id, 'team'],
    ];
    for (const [placement, anchor, kind] of fits) {
      const answer = await add(placement, anchor, kind);
      expect(answer.code, `${kind} ${placement} ${anchor}`).toBe(200);
      expect(await department(answer.data.id)).toMatchObject({ kind, parentId: anchor });
    }
    const otherGroup = await add('same', group.id, 'group');
    expect(otherGroup.code).toBe(200);
    expect((await department(otherGroup.data.id)).parentId).toBeNull();
    expect((await call('DELETE', 'departments/destroy', { id: otherGroup.data.id })).code).toBe(200);
  });

  it('refuses moving a region under a store', async () => {
    const { regions, otherStore } = await places();
    const region = regions.find((row) => !otherStore.path.startsWith(row.path))!;
    const answer = await move(region.id, otherStore.id);
    refused(answer, 'parent_id', '区域不能位于门店之下');
    expect(await department(region.id)).toMatchObject({ parentId: region.parentId, path: region.path });
  });

  it("refuses moving a store node under another store's sales department, another store or the group", async () => {
    const { group, store, otherStore, sales } = await places();
    refused(await move(store.id, sales.id), 'parent_id', '门店只能位于区域之下，不能位于部门之下');
    refused(await move(store.id, otherStore.id), 'parent_id', '门店只能位于区域之下，不能位于门店之下');
    refused(await move(store.id, group.id), 'parent_id', '门店只能位于区域之下，不能位于集团之下');
    expect(await department(store.id)).toMatchObject({ parentId: store.parentId, path: store.path });
  });

  it('refuses moving a department under a team, and a region to the top', async () => {
    const { region, sales, team } = await places();
    const created = await add('down', region.id, 'department');
    refused(await move(created.data.id, team.id), 'parent_id', '小组之下不能再设下级');
    refused(await move(region.id, null), 'parent_id', '区域不能作为顶级节点，顶级只能是集团');
    expect((await department(sales.id)).path).toBe(sales.path);
  });

  it('refuses a move that fits at the top but breaks the levels further down', async () => {
    const { group, otherStore } = await places();
    const office = await add('down', group.id, 'department', '层级测试中心');
    const team = await add('down', office.data.id, 'team', '层级测试组');
    const teamRow = await department(team.data.id);
    // A department under a team, as the tree could get before its levels were checked.
    const [old] = await t.db
      .insert(departments)
      .values({
        parentId: teamRow.id,
        name: '旧数据部门',
        kind: 'department',
        path: 'tmp',
        depth: teamRow.depth + 1,
      })
      .returning();
    await t.db
      .update(departments)
      .set({ path: `${teamRow.path}${old!.id}/` })
      .where(eq(departments.id, old!.id));

    const answer = await move(office.data.id, otherStore.id);
    refused(answer, 'parent_id', '移动后下级「旧数据部门」将不符合组织层级：小组之下不能再设下级');
    expect((await department(office.data.id)).parentId).toBe(group.id);
    expect((await department(old!.id)).path).toBe(`${teamRow.path}${old!.id}/`);
  });

  it('still moves what fits: a store to another region, nested departments under another store', async () => {
    const { regions, store, otherStore, sales } = await places();
    const target = regions.find((row) => row.id !== store.parentId)!;
    expect((await move(store.id, target.id)).code).toBe(200);
    expect(await department(store.id)).toMatchObject({
      parentId: target.id,
      path: `${target.path}${store.id}/`,
    });
    const [storeRow] = await t.db.select().from(stores).where(eq(stores.departmentId, store.id));
    expect(storeRow!.regionDepartmentId).toBe(target.id);

    const workshop = await add('down', otherStore.id, 'department', '机修车间');
    const inner = await add('down', workshop.data.id, 'department', '发动机班');
    const crew = await add('down', inner.data.id, 'team', '一班');
    expect((await move(workshop.data.id, sales.id)).code).toBe(200);
    expect(await department(crew.data.id)).toMatchObject({
      path: `${sales.path}${workshop.data.id}/${inner.data.id}/${crew.data.id}/`,
    });
  });
});
