import type { CourseDetail, CourseRow, TrainingSummaryRow } from '@dealer-hr/shared/training/contract';
import { trainingMessages } from '@dealer-hr/shared/training/rules';
import { and, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, departments, employees, stores, trainingCourses } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { importThrough } from '../../test/imports';
import { sheetRecords } from '../../test/sheets';
import { grantPermissions, mainPostOf, userWith } from '../../test/users';

const ALL = [
  'staff:training:view',
  'staff:training:create',
  'staff:training:update',
  'staff:training:delete',
  'staff:training:import',
  'staff:training:export',
];

let t: TestApp;
let admin: string;
/** The seeded store manager with the training permissions: their scope is their own store. */
let manager: string;
let managerStore: { id: number; departmentId: number; code: string };
let otherStore: { id: number; departmentId: number; code: string };
let region: { id: number; code: string };
let people: { id: number; no: string; name: string }[];
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await grantPermissions(t, 'manager', ALL);
  manager = await t.login('manager');
  const { departmentId } = await mainPostOf(t, 'manager');
  const storeColumns = { id: stores.id, departmentId: stores.departmentId, code: stores.code };
  [managerStore] = (await t.db
    .select(storeColumns)
    .from(stores)
    .where(eq(stores.departmentId, departmentId))) as [typeof managerStore];
  [otherStore] = (await t.db
    .select(storeColumns)
    .from(stores)
    .where(and(ne(stores.id, managerStore.id), eq(stores.status, 'active')))
    .limit(1)) as [typeof otherStore];
  const [regionRow] = await t.db
    .select({ id: departments.id, code: departments.code })
    .from(departments)
    .where(eq(departments.kind, 'region'))
    .limit(1);
  region = { id: regionRow!.id, code: regionRow!.code! };
  people = await t.db
    .select({ id: employees.id, no: employees.employeeNo, name: employees.name })
    .from(employees)
    .orderBy(employees.id)
    .limit(3);
});
afterAll(() => t.close());

const course = (overrides: Record<string, unknown> = {}) => ({
  code: `T-${Math.random().toString(36).slice(2, 10)}`,
  name: '新车型产品知识',
  type: 'product',
  trainer: '李明',
  start_date: '2026-03-02',
  end_date: '2026-03-03',
  hours: 6.5,
  department_id: managerStore.departmentId,
  location: '二楼培训室',
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}, authorization = admin) {
  const answer = await call<CourseRow>('POST', 'training/course', course(overrides), authorization);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

async function xlsx(sheetName: string, headers: string[], rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('courses', () => {
  it('adds, changes and deletes a course, each with its audit entry', async () => {
    const added = await created();
    expect(added).toMatchObject({
      hours: 6.5,
      department_kind: 'store',
      attendees: 0,
      location: '二楼培训室',
      description: null,
    });
    const changed = await call<CourseRow>('PUT', 'training/update', {
      ...course({ code: added.code, name: '改名后的课程', department_id: region.id, location: '' }),
      id: added.id,
    });
    expect(changed.data).toMatchObject({ name: '改名后的课程', department_kind: 'region', location: null });
    expect((await call('DELETE', 'training/destroy', { id: added.id })).code).toBe(200);
    expect((await call('GET', `training/detail?id=${added.id}`)).code).toBe(404);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'training_course'), eq(auditLogs.entityId, String(added.id))))
      .orderBy(auditLogs.id);
    expect(actions.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a bad course with the field and its message, and a code already used', async () => {
    const bad = await call('POST', 'training/course', {
      ...course(),
      code: 'no spaces',
      hours: 0.25,
      name: '',
    });
    expect(fieldErrorsOf(bad)).toEqual([
      { field: 'code', message: trainingMessages.codeInvalid },
      { field: 'name', message: '课程名称不能为空' },
      { field: 'hours', message: trainingMessages.hoursInvalid },
    ]);
    expect(fieldErrorsOf(await call('POST', 'training/course', course({ end_date: '2026-03-01' })))).toEqual([
      { field: 'end_date', message: trainingMessages.endBeforeStart },
    ]);
    const department = await t.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.kind, 'department'))
      .limit(1);
    expect(
      fieldErrorsOf(await call('POST', 'training/course', course({ department_id: department[0]!.id }))),
    ).toEqual([{ field: 'department_id', message: trainingMessages.departmentKind }]);
    const first = await created();
    const again = await call('POST', 'training/course', course({ code: first.code }));
    expect(again.code).toBe(409);
    expect(again.data.errors).toEqual([{ field: 'code', message: trainingMessages.codeTaken(first.code) }]);
  });

  it('keeps a store manager to the courses of their store', async () => {
    const mine = await created({ name: '本店课程' }, manager);
    const elsewhere = await created({ department_id: otherStore.departmentId, name: '他店课程' });
    const seen = (await call<{ data: CourseRow[] }>('GET', 'training/list?limit=100', undefined, manager))
      .data.data;
    expect(seen.map((row) => row.id)).toContain(mine.id);
    expect(seen.map((row) => row.id)).not.toContain(elsewhere.id);
    expect((await call('GET', `training/detail?id=${elsewhere.id}`, undefined, manager)).code).toBe(404);
    expect(
      fieldErrorsOf(
        await call('POST', 'training/course', course({ department_id: otherStore.departmentId }), manager),
      ),
    ).toEqual([{ field: 'department_id', message: trainingMessages.departmentKind }]);
    // Filters: the store, the type, the start dates, the keyword.
    const byStore = (
      await call<{ data: CourseRow[] }>('GET', `training/list?store_id=${otherStore.id}&limit=100`)
    ).data.data;
    expect(byStore.every((row) => row.department_id === otherStore.departmentId)).toBe(true);
    expect(byStore.map((row) => row.id)).toContain(elsewhere.id);
    const keyword = (
      await call<{ data: CourseRow[] }>('GET', `training/list?keyword=${encodeURIComponent('他店')}`)
    ).data.data;
    expect(keyword.map((row) => row.id)).toEqual([elsewhere.id]);
    expect((await call<{ total: number }>('GET', 'training/list?from=2040-01-01')).data.total).toBe(0);
    expect(fieldErrorsOf(await call('GET', 'training/list?from=2026-03-02&to=2026-03-01'))[0]!.field).toBe(
      'to',
    );
  });
});

describe('the roster and the sums', () => {
  it('saves who attended, and the by-area and by-store lists add it up', async () => {
    // Dated apart from the demo's courses, so the sums below count this one only.
    const held = await created({
      department_id: otherStore.departmentId,
      type: 'safety',
      start_date: '2031-05-05',
      end_date: '2031-05-05',
    });
    const [first, second, third] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const saved = await call<CourseDetail>('PUT', 'training/records', {
      course_id: held.id,
      records: [
        { employee_id: first.id, attended: true, score: 92.5, passed: true },
        { employee_id: second.id, attended: true, score: 40, passed: false, remark: '补考' },
        { employee_id: third.id, attended: false },
      ],
    });
    expect(saved.data).toMatchObject({ attendees: 3, attended: 2, passed: 1 });
    expect(saved.data.records.find((record) => record.employee_id === second.id)).toMatchObject({
      employee_no: second.no,
      score: 40,
      passed: false,
      remark: '补考',
    });
    const found = await call<{ id: number; name: string }[]>(
      'GET',
      `training/people?keyword=${encodeURIComponent(first.no)}`,
    );
    expect(found.data.map((person) => person.id)).toContain(first.id);
    const removed = await call<CourseDetail>('PUT', 'training/records', {
      course_id: held.id,
      records: [{ employee_id: second.id, attended: true, score: 75, passed: true }],
      remove: [third.id],
    });
    expect(removed.data).toMatchObject({ attendees: 2, attended: 2, passed: 2 });
    expect(
      fieldErrorsOf(
        await call('PUT', 'training/records', {
          course_id: held.id,
          records: [{ employee_id: first.id, attended: true, score: 101 }],
          remove: [first.id],
        }),
      ).map((error) => error.message),
    ).toEqual(expect.arrayContaining([trainingMessages.scoreInvalid, trainingMessages.duplicateEmployee]));

    const stores = (
      await call<TrainingSummaryRow[]>('GET', 'training/store?type=safety&from=2031-05-01&to=2031-05-31')
    ).data;
    expect(stores.find((row) => row.department_id === otherStore.departmentId)).toMatchObject({
      courses: 1,
      attendees: 2,
      attended: 2,
      passed: 2,
      pass_rate: 1,
      hours: 6.5,
    });
    const areas = (
      await call<TrainingSummaryRow[]>('GET', 'training/area?type=safety&from=2031-05-01&to=2031-05-31')
    ).data;
    expect(areas.reduce((sum, row) => sum + row.courses, 0)).toBe(1);
    expect(areas.find((row) => row.courses === 1)).toMatchObject({ attended: 2, pass_rate: 1 });
    // The store manager sees their store's line only, and their region's line counts only their scope.
    const managerStores = (await call<TrainingSummaryRow[]>('GET', 'training/store', undefined, manager))
      .data;
    expect(managerStores.map((row) => row.department_id)).toEqual([managerStore.departmentId]);
    const managerAreas = (
      await call<TrainingSummaryRow[]>(
        'GET',
        'training/area?type=safety&from=2031-05-01&to=2031-05-31',
        undefined,
        manager,
      )
    ).data;
    expect(managerAreas).toHaveLength(1);
    expect(managerAreas[0]!.courses).toBe(0);
  });
});

describe('imports and the export', () => {
  it('imports courses and their roster, reports the last import, and exports the list', async () => {
    const courseFile = await xlsx(
      '培训课程',
      [
        '课程编号',
        '课程名称',
        '培训类型',
        '讲师',
        '开始日期',
        '结束日期',
        '课时',
        '区域或门店',
        '培训地点',
        '课程说明',
      ],
      [
        ['IMP-001', '安全生产月', '安全生产', '王强', '2026-06-01', '2026-06-01', '3', region.code, '', ''],
        ['IMP-002', '坏日期', '安全生产', '王强', '2026-13-01', '2026-06-01', '0.25', 'NO-SUCH', '', ''],
        ['IMP-001', '重复', '产品知识', '王强', '2026/6/2', '2026/6/2', '2', managerStore.code, '', ''],
      ],
    );
    const courses = await importThrough(t, {
      kind: 'training-courses',
      bytes: courseFile,
      authorization: admin,
    });
    expect(courses.job).toMatchObject({ succeeded: 1, failed: 2 });
    const failure = await call('GET', 'training/import/failure?kind=training-courses');
    expect(failure.data.rows.map((row: { row: number }) => row.row)).toEqual([3, 4]);
    expect(failure.data.rows[0].problems).toEqual([
      trainingMessages.dateCell('开始日期'),
      trainingMessages.hoursInvalid,
      trainingMessages.departmentUnknown('NO-SUCH'),
    ]);
    expect(failure.data.rows[1].problems).toEqual([trainingMessages.duplicateCourseRow(2)]);
    const success = await call('GET', 'training/import/success?kind=training-courses');
    expect(success.data).toMatchObject({ succeeded: 1, failed: 2, more: 0 });
    expect(success.data.rows[0].cells).toMatchObject({ code: 'IMP-001', name: '安全生产月' });
    expect(success.data.columns[0]).toEqual({ key: 'code', header: '课程编号' });

    const [first, second, third] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const recordFile = await xlsx(
      '参训记录',
      ['课程编号', '工号', '姓名', '是否出勤', '成绩', '是否通过', '备注'],
      [
        ['IMP-001', first.no, first.name, '是', '88', '', ''],
        ['IMP-001', second.no, '别人', '是', '', '', ''],
        ['IMP-001', third.no, '', '否', '', '', '病假'],
      ],
    );
    const records = await importThrough(t, {
      kind: 'training-records',
      bytes: recordFile,
      authorization: admin,
    });
    expect(records.job).toMatchObject({ succeeded: 2, failed: 1 });
    const [imported] = await t.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .where(eq(trainingCourses.code, 'IMP-001'));
    const detail = (await call<CourseDetail>('GET', `training/detail?id=${imported!.id}`)).data;
    expect(detail).toMatchObject({
      department_kind: 'region',
      hours: 3,
      attendees: 2,
      attended: 1,
      passed: 1,
    });
    // An empty 是否通过 follows the score.
    expect(detail.records.find((record) => record.employee_id === first.id)).toMatchObject({
      score: 88,
      passed: true,
    });
    const refused = await call('GET', 'training/import/failure?kind=training-records');
    expect(refused.data.rows[0].problems).toEqual([trainingMessages.nameMismatch(second.no, second.name)]);
    // The manager has run no import: nothing to report.
    expect(
      (await call('GET', 'training/import/success?kind=training-records', undefined, manager)).data,
    ).toBeNull();

    // The region's filter finds the course the region itself holds.
    expect((await call('GET', `training/list?region_id=${region.id}&keyword=IMP-001`)).data.total).toBe(1);

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/auth/training/excel?keyword=IMP-001',
      headers: { authorization: admin },
    });
    expect(exported.statusCode).toBe(200);
    const rows = await sheetRecords(exported.rawPayload, '培训课程');
    expect(rows).toEqual([
      expect.objectContaining({
        课程编号: 'IMP-001',
        培训类型: '安全生产',
        参训人数: '2',
        出勤人数: '1',
        通过人数: '1',
      }),
    ]);
  });

  it('needs the permissions: a user with none is refused every training route', async () => {
    const nobody = await userWith(t, []);
    for (const path of [
      'training/list',
      'training/area',
      'training/store',
      'training/import/success?kind=training-courses',
    ])
      expect((await call('GET', path, undefined, nobody)).code).toBe(1403);
  });
});
