import { exclusionMessages } from '@dealer-hr/shared/mutual-exclusion/rules';
import { and, asc, eq, isNotNull, isNull, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, departments, employees, exclusionMembers, posts, stores } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { auditRowsOf } from '../../test/audit';
import type { ExclusionRow } from '@dealer-hr/shared/mutual-exclusion/contract';

let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));

/** A seeded employee on staff with their open main assignment. */
let staff: { name: string; idNumber: string; storeId: number; departmentId: number; postId: number };
let otherStore: number;
let otherDepartmentInStore: number;
let postA: number;
let postB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [row] = await t.db
    .select({
      name: employees.name,
      idNumberSealed: employees.idNumberSealed,
      storeId: assignments.storeId,
      departmentId: assignments.departmentId,
      postId: assignments.postId,
    })
    .from(employees)
    .innerJoin(assignments, eq(assignments.employeeId, employees.id))
    .where(
      and(
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
        isNotNull(assignments.storeId),
        ne(employees.status, 'resigned'),
      ),
    )
    .orderBy(asc(employees.id))
    .limit(1);
  staff = {
    name: row!.name,
    idNumber: t.sealer.open(row!.idNumberSealed),
    storeId: row!.storeId!,
    departmentId: row!.departmentId,
    postId: row!.postId,
  };
  const [elsewhere] = await t.db
    .select({ id: stores.id })
    .from(stores)
    .where(ne(stores.id, staff.storeId))
    .limit(1);
  otherStore = elsewhere!.id;
  // Another department of the same store: the store's own node or one of its departments.
  const [store] = await t.db
    .select({ path: departments.path })
    .from(stores)
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(eq(stores.id, staff.storeId));
  const [sibling] = await t.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(like(departments.path, `${store!.path}%`), ne(departments.id, staff.departmentId)))
    .limit(1);
  otherDepartmentInStore = sibling!.id;
  const twoPosts = await t.db.select({ id: posts.id }).from(posts).orderBy(asc(posts.id)).limit(2);
  [postA, postB] = twoPosts.map((post) => post.id) as [number, number];
});
afterAll(() => t.close());

let serial = 0;
const candidateNumber = () => `33010219950${String(100000 + ++serial).slice(-6)}1`;

const peopleRule = (name: string, members: { name: string; id_number: string }[], scope = 'store') =>
  call<ExclusionRow>('POST', 'mutually/exclusive/store', { name, kind: 'people', scope, members });

const check = (body: object) =>
  call<{ allowed: boolean; violations: { rule_name: string; message: string; kind: string }[] }>(
    'POST',
    'mutually/exclusive/check',
    body,
  );

describe('mutually/exclusive store, update, destroy', () => {
  it('creates a people rule with sealed, masked members linked to the employee on staff', async () => {
    const number = candidateNumber();
    const { code, data } = await peopleRule('夫妻回避-1', [
      { name: '陈一', id_number: number },
      { name: staff.name, id_number: staff.idNumber.toLowerCase() },
    ]);
    expect(code).toBe(200);
    expect(data).toMatchObject({ name: '夫妻回避-1', kind: 'people', scope: 'store', status: 'active' });
    expect(data.members.map((member) => member.name)).toEqual(['陈一', staff.name]);
    expect(data.members[0]!.employee_id).toBeNull();
    expect(data.members[1]!.employee_id).toEqual(expect.any(Number));
    expect(data.members[0]!.id_number).toBe(`${number.slice(0, 3)}${'*'.repeat(12)}${number.slice(-3)}`);
    const stored = await t.db.select().from(exclusionMembers).where(eq(exclusionMembers.ruleId, data.id));
    expect(JSON.stringify(stored)).not.toContain(number);
    const [audit] = await auditRowsOf(t, 'exclusion_rule', data.id);
    expect(JSON.stringify(audit)).not.toContain(number);
  });

  it('answers 422 for a people rule with one person, a repeated person, and a post rule with one post twice', async () => {
    const number = candidateNumber();
    const one = fieldErrorsOf(await peopleRule('单人', [{ name: '陈一', id_number: number }]));
    expect(one).toEqual([{ field: 'members', message: exclusionMessages.membersTooFew }]);
    const repeated = fieldErrorsOf(
      await peopleRule('重复', [
        { name: '陈一', id_number: number },
        { name: '陈二', id_number: ` ${number} ` },
      ]),
    );
    expect(repeated).toEqual([{ field: 'members.1.id_number', message: exclusionMessages.memberRepeated }]);
    const noScope = fieldErrorsOf(
      await call('POST', 'mutually/exclusive/store', {
        name: '无范围',
        kind: 'people',
        members: [
          { name: '陈一', id_number: number },
          { name: '陈二', id_number: candidateNumber() },
        ],
      }),
    );
    expect(noScope).toEqual([{ field: 'scope', message: '请选择互斥范围' }]);
    const samePost = fieldErrorsOf(
      await call('POST', 'mutually/exclusive/store', {
        name: '同岗',
        kind: 'posts',
        first_post_id: postA,
        second_post_id: postA,
      }),
    );
    expect(samePost).toEqual([{ field: 'second_post_id', message: exclusionMessages.postsSame }]);
    const unknownPost = fieldErrorsOf(
      await call('POST', 'mutually/exclusive/store', {
        name: '无此岗',
        kind: 'posts',
        first_post_id: postA,
        second_post_id: 999_999,
      }),
    );
    expect(unknownPost).toEqual([{ field: 'second_post_id', message: exclusionMessages.postInvalid }]);
  });

  it('refuses a taken name (409), replaces members on update, and deletes', async () => {
    const { data } = await peopleRule('亲属回避-2', [
      { name: '陈一', id_number: candidateNumber() },
      { name: '陈二', id_number: candidateNumber() },
    ]);
    const taken = await peopleRule('亲属回避-2', [
      { name: '陈三', id_number: candidateNumber() },
      { name: '陈四', id_number: candidateNumber() },
    ]);
    expect(taken.code).toBe(409);
    const updated = await call<ExclusionRow>('PUT', 'mutually/exclusive/update', {
      id: data.id,
      name: '亲属回避-2',
      kind: 'people',
      scope: 'department',
      members: [
        { name: '陈五', id_number: candidateNumber() },
        { name: '陈六', id_number: candidateNumber() },
        { name: '陈七', id_number: candidateNumber() },
      ],
    });
    expect(updated.code).toBe(200);
    expect(updated.data.scope).toBe('department');
    expect(updated.data.members.map((member) => member.name)).toEqual(['陈五', '陈六', '陈七']);
    const listed = await call<{ data: ExclusionRow[] }>(
      'GET',
      `mutually/exclusive/index?keyword=${encodeURIComponent('陈六')}`,
    );
    expect(listed.data.data.map((row) => row.id)).toEqual([data.id]);
    expect((await call('DELETE', 'mutually/exclusive/destroy', { id: data.id })).code).toBe(200);
    expect((await call('DELETE', 'mutually/exclusive/destroy', { id: data.id })).code).toBe(404);
    expect(await t.db.select().from(exclusionMembers).where(eq(exclusionMembers.ruleId, data.id))).toEqual(
      [],
    );
  });
});

describe('POST mutually/exclusive/check', () => {
  it('blocks a candidate from the store of the person they are bound to, and names them', async () => {
    const number = candidateNumber();
    await peopleRule('夫妻回避-3', [
      { name: '陈一', id_number: number },
      { name: staff.name, id_number: staff.idNumber },
    ]);
    const blocked = await check({
      id_number: number,
      store_id: staff.storeId,
      department_id: otherDepartmentInStore,
      post_ids: [postA],
    });
    expect(blocked.data.allowed).toBe(false);
    expect(blocked.data.violations).toEqual([
      expect.objectContaining({
        kind: 'people',
        rule_name: '夫妻回避-3',
        message: exclusionMessages.peopleBlocked(staff.name, '夫妻回避-3', 'store'),
      }),
    ]);
    const elsewhere = await check({
      id_number: number,
      store_id: otherStore,
      department_id: otherDepartmentInStore,
      post_ids: [postA],
    });
    expect(elsewhere.data).toEqual({ allowed: true, violations: [] });
  });

  it('with a department scope, blocks only the same department', async () => {
    const number = candidateNumber();
    await peopleRule(
      '亲属回避-4',
      [
        { name: '陈一', id_number: number },
        { name: staff.name, id_number: staff.idNumber },
      ],
      'department',
    );
    const sameDepartment = await check({
      id_number: number,
      store_id: staff.storeId,
      department_id: staff.departmentId,
      post_ids: [postA],
    });
    expect(sameDepartment.data.violations.map((violation) => violation.rule_name)).toEqual(['亲属回避-4']);
    const sameStore = await check({
      id_number: number,
      store_id: staff.storeId,
      department_id: otherDepartmentInStore,
      post_ids: [postA],
    });
    expect(sameStore.data.allowed).toBe(true);
  });

  it('blocks two exclusive posts held together, not one of them alone; a disabled rule blocks nothing', async () => {
    const { data: rule } = await call<ExclusionRow>('POST', 'mutually/exclusive/store', {
      name: '出纳会计分离',
      kind: 'posts',
      first_post_id: postA,
      second_post_id: postB,
    });
    const placement = { id_number: candidateNumber(), department_id: staff.departmentId };
    const both = await check({ ...placement, post_ids: [postB, postA] });
    expect(both.data.violations).toEqual([
      expect.objectContaining({ kind: 'posts', rule_name: '出纳会计分离' }),
    ]);
    expect((await check({ ...placement, post_ids: [postA] })).data.allowed).toBe(true);
    await call('PUT', 'mutually/exclusive/update', {
      id: rule.id,
      name: '出纳会计分离',
      kind: 'posts',
      first_post_id: postA,
      second_post_id: postB,
      status: 'disabled',
    });
    expect((await check({ ...placement, post_ids: [postA, postB] })).data.allowed).toBe(true);
  });
});
