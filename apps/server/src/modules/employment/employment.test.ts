import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, employees, users } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { createTestApp, type TestApp } from '../../test/app';
import { auditRowsOf } from '../../test/audit';
import { userIdOf } from '../../test/users';
import { endEmployment, freezeAccount, moveAssignment, startAssignment } from '.';

let t: TestApp;
let actor: AuditActor;

beforeAll(async () => {
  t = await createTestApp();
  actor = { userId: await userIdOf(t, 'admin'), ip: '127.0.0.1', requestId: 'employment-test' };
});
afterAll(() => t.close());

/** A seeded person on staff with an open main post in a store; with `account`, one who can sign in. */
async function someoneOnStaff(account = false) {
  const [row] = await t.db
    .select({ employee: employees, userId: users.id })
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .innerJoin(
      assignments,
      and(
        eq(assignments.employeeId, employees.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .where(
      and(
        ne(employees.status, 'resigned'),
        isNotNull(assignments.storeId),
        account ? isNotNull(users.id) : undefined,
      ),
    )
    .orderBy(asc(employees.id))
    .limit(1);
  return row!;
}

const openAssignmentsOf = (employeeId: number) =>
  t.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.employeeId, employeeId), isNull(assignments.endDate)));

describe('endEmployment', () => {
  it('ends every post held on the last day, resigns the person, keeps where they last worked, and audits it', async () => {
    const { employee } = await someoneOnStaff();
    // A second, part-time post must end too.
    const [partTime] = await t.db
      .select({
        departmentId: assignments.departmentId,
        storeId: assignments.storeId,
        postId: assignments.postId,
      })
      .from(assignments)
      .where(ne(assignments.employeeId, employee.id))
      .limit(1);
    await t.db.transaction((tx) =>
      startAssignment(tx, { ...partTime!, employeeId: employee.id, isMain: false, startDate: '2026-08-01' }),
    );
    expect(await openAssignmentsOf(employee.id)).toHaveLength(2);

    const after = await t.db.transaction((tx) => endEmployment(tx, actor, employee.id, '2026-11-30'));

    expect(after).toMatchObject({ status: 'resigned', leftOn: '2026-11-30' });
    expect(await openAssignmentsOf(employee.id)).toEqual([]);
    const ended = await t.db.select().from(assignments).where(eq(assignments.employeeId, employee.id));
    expect(ended.filter((row) => row.endDate === '2026-11-30')).toHaveLength(2);
    expect(after).toMatchObject({
      mainDepartmentId: employee.mainDepartmentId,
      mainStoreId: employee.mainStoreId,
      mainPostId: employee.mainPostId,
    });
    const audit = (await auditRowsOf(t, 'employee', employee.id)).find(
      (row) => row.action === 'end_employment',
    );
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(t.sealer.open(employee.idNumberSealed));
  });

  it("is a step of the caller's transaction: a later failure undoes it with the rest", async () => {
    const { employee, userId } = await someoneOnStaff(true);
    const failure = new Error('the business change after the step failed');
    await expect(
      t.db.transaction(async (tx) => {
        await endEmployment(tx, actor, employee.id, '2026-11-30');
        const [account] = await tx.select().from(users).where(eq(users.id, userId!));
        await freezeAccount(tx, actor, account!, '离职');
        throw failure;
      }),
    ).rejects.toBe(failure);

    const [now] = await t.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(now).toMatchObject({ status: employee.status, leftOn: employee.leftOn });
    expect(await openAssignmentsOf(employee.id)).toHaveLength(1);
    const [account] = await t.db.select().from(users).where(eq(users.id, userId!));
    expect(account?.status).toBe('active');
    const audit = await auditRowsOf(t, 'employee', employee.id);
    expect(audit.map((row) => row.action)).not.toContain('end_employment');
  });
});

describe('stint marks', () => {
  const mainPostsOf = (employeeId: number) =>
    t.db
      .select({
        startDate: assignments.startDate,
        endDate: assignments.endDate,
        stintStart: assignments.stintStart,
        endsEmployment: assignments.endsEmployment,
        movesStore: assignments.movesStore,
      })
      .from(assignments)
      .where(and(eq(assignments.employeeId, employeeId), eq(assignments.isMain, true)))
      .orderBy(asc(assignments.startDate));

  it('follow every change of the main posts: a move to another store, the end, a return the next day, a rehire', async () => {
    const { employee } = await someoneOnStaff();
    const [own] = await openAssignmentsOf(employee.id);
    const [elsewhere] = await t.db
      .select({
        departmentId: assignments.departmentId,
        storeId: assignments.storeId,
        postId: assignments.postId,
      })
      .from(assignments)
      .where(and(isNotNull(assignments.storeId), ne(assignments.storeId, own!.storeId!)))
      .limit(1);
    const hired = (await mainPostsOf(employee.id)).at(-1)!.stintStart!;

    await t.db.transaction((tx) =>
      moveAssignment(tx, {
        ...elsewhere!,
        assignmentId: own!.id,
        startDate: '2026-12-01',
        keepAsPartTime: false,
      }),
    );
    expect((await mainPostsOf(employee.id)).slice(-2)).toEqual([
      {
        startDate: own!.startDate,
        endDate: '2026-11-30',
        stintStart: hired,
        endsEmployment: false,
        movesStore: true,
      },
      { startDate: '2026-12-01', endDate: null, stintStart: hired, endsEmployment: false, movesStore: false },
    ]);

    await t.db.transaction((tx) => endEmployment(tx, actor, employee.id, '2026-12-20'));
    expect((await mainPostsOf(employee.id)).at(-1)).toMatchObject({
      endsEmployment: true,
      movesStore: false,
    });

    // Back the next day at the same store: the stint goes on, nobody left.
    await t.db.transaction((tx) =>
      startAssignment(tx, { ...elsewhere!, employeeId: employee.id, isMain: true, startDate: '2026-12-21' }),
    );
    expect((await mainPostsOf(employee.id)).slice(-2)).toEqual([
      {
        startDate: '2026-12-01',
        endDate: '2026-12-20',
        stintStart: hired,
        endsEmployment: false,
        movesStore: false,
      },
      { startDate: '2026-12-21', endDate: null, stintStart: hired, endsEmployment: false, movesStore: false },
    ]);

    // Rehired after a gap: a new stint.
    await t.db.transaction((tx) => endEmployment(tx, actor, employee.id, '2027-01-31'));
    await t.db.transaction((tx) =>
      startAssignment(tx, { ...elsewhere!, employeeId: employee.id, isMain: true, startDate: '2027-03-01' }),
    );
    expect((await mainPostsOf(employee.id)).slice(-2)).toEqual([
      {
        startDate: '2026-12-21',
        endDate: '2027-01-31',
        stintStart: hired,
        endsEmployment: true,
        movesStore: false,
      },
      {
        startDate: '2027-03-01',
        endDate: null,
        stintStart: '2027-03-01',
        endsEmployment: false,
        movesStore: false,
      },
    ]);
  });
});
