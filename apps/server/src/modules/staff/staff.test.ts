import { DictType } from '@dealer-hr/shared/dictionary-types';
import { maskIdNumber } from '@dealer-hr/shared/id-number';
import { messages } from '@dealer-hr/shared/rules';
import { and, asc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, dictionaryItems, employees } from '../../db/schema';
import { backfillEmployeeSearch } from '../../db/seed/employee-search';
import { pinyinKeys } from '../../lib/pinyin';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { auditRowsOf } from '../../test/audit';
import { grantPermissions, mainPostOf } from '../../test/users';
import { endAssignment, startAssignment } from '../employment';
import type { StaffDetail, StaffRow } from '@dealer-hr/shared/staff/contract';

let t: TestApp;
let admin: string;
let manager: string;
const call = callerOf(() => ({ app: t, authorization: admin }));
type Page = { data: StaffRow[]; total: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await grantPermissions(t, 'manager', ['staff:list:view', 'staff:list:update', 'staff:list:reveal-id']);
  manager = await t.login('manager');
});
afterAll(() => t.close());

/** A seeded employee on staff with an open main post in a store, other than `except`. */
async function someoneOnStaff(except: number[] = []) {
  const rows = await t.db
    .select({ employee: employees, storeId: assignments.storeId, departmentId: assignments.departmentId })
    .from(employees)
    .innerJoin(
      assignments,
      and(
        eq(assignments.employeeId, employees.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .where(and(ne(employees.status, 'resigned'), isNotNull(assignments.storeId)))
    .orderBy(asc(employees.id))
    .limit(except.length + 1);
  const found = rows.find((row) => !except.includes(row.employee.id))!;
  return { ...found, idNumber: t.sealer.open(found.employee.idNumberSealed) };
}

async function itemOf(typeId: number, code?: string) {
  const [item] = await t.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.typeId, typeId), code ? eq(dictionaryItems.code, code) : undefined))
    .limit(1);
  return item!.id;
}

/** The profile form as the web sends it, from an employee's current values. */
async function profileOf(employee: typeof employees.$inferSelect) {
  return {
    id: employee.id,
    name: employee.name,
    phone: employee.phone,
    email: employee.email ?? 'someone@example.com',
    gender: employee.gender,
    id_type_id: employee.idTypeId,
    height: employee.height ?? 170,
    ethnicity_id: employee.ethnicityId ?? (await itemOf(DictType.ETHNICITY)),
    marital_status_id: employee.maritalStatusId ?? (await itemOf(DictType.MARITAL_STATUS)),
    education_id: employee.educationId ?? (await itemOf(DictType.EDUCATION)),
    college: employee.college ?? '同济大学',
    region_id: employee.regionId ?? (await itemOf(DictType.REGION)),
    employee_type_id: employee.employeeTypeId ?? (await itemOf(DictType.EMPLOYEE_TYPE)),
    has_license_id: employee.hasLicenseId,
    entry_date: employee.entryDate,
  };
}

describe('GET user/index', () => {
  it('pages the directory with masked ID numbers and where each person works', async () => {
    const { code, data } = await call<Page>('GET', 'user/index?page=1&limit=10');
    expect(code).toBe(200);
    expect(data.total).toBeGreaterThan(100);
    expect(data.data).toHaveLength(10);
    for (const row of data.data) {
      expect(row.id_number).toMatch(/^\w{3}\*+\w{3}$/);
      expect(row.post_name).toEqual(expect.any(String));
      expect(row.department_name).toEqual(expect.any(String));
    }
    const numbers = data.data.map((row) => row.employee_no);
    expect([...numbers].sort()).toEqual(numbers);
  });

  it('finds a person by name, full pinyin, initials, whole ID number and phone', async () => {
    const { employee, idNumber } = await someoneOnStaff();
    const keys = pinyinKeys(employee.name);
    for (const keyword of [employee.name, keys.pinyin.toUpperCase(), keys.initials]) {
      const { data } = await call<Page>('GET', `user/index?limit=100&keyword=${encodeURIComponent(keyword)}`);
      expect(
        data.data.map((row) => row.id),
        keyword,
      ).toContain(employee.id);
    }
    const byNumber = await call<Page>('GET', `user/index?id_number=${idNumber.toLowerCase()}`);
    expect(byNumber.data.data.map((row) => row.id)).toEqual([employee.id]);
    const byPhone = await call<Page>('GET', `user/index?phone=${employee.phone.slice(3)}`);
    expect(byPhone.data.data.map((row) => row.id)).toContain(employee.id);
  });

  it('finds people written before the search keys existed once the start-up backfill has run', async () => {
    const { employee } = await someoneOnStaff();
    await t.db
      .update(employees)
      .set({ namePinyin: '', nameInitials: '' })
      .where(eq(employees.id, employee.id));
    expect(await backfillEmployeeSearch(t.db)).toBe(1);
    const keys = pinyinKeys(employee.name);
    const [filled] = await t.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(filled).toMatchObject({ namePinyin: keys.pinyin, nameInitials: keys.initials });
  });

  it('filters by store, department subtree, post, status, type and entry dates', async () => {
    const { storeId, departmentId, employee } = await someoneOnStaff();
    const inStore = await call<Page>('GET', `user/index?limit=100&store_id=${storeId}`);
    expect(inStore.data.data.every((row) => row.store_id === storeId)).toBe(true);
    expect(inStore.data.data.map((row) => row.id)).toContain(employee.id);
    const inDepartment = await call<Page>('GET', `user/index?limit=100&department_id=${departmentId}`);
    expect(inDepartment.data.data.map((row) => row.id)).toContain(employee.id);
    const resigned = await call<Page>('GET', 'user/index?limit=100&status=resigned');
    expect(resigned.data.total).toBeGreaterThan(0);
    expect(resigned.data.data.every((row) => row.status === 'resigned' && row.left_on !== null)).toBe(true);
    // A leaver still shows where they last worked.
    expect(resigned.data.data.every((row) => row.post_name !== null)).toBe(true);
    const ranged = await call<Page>('GET', 'user/index?limit=100&entry_from=2024-01-01&entry_to=2024-12-31');
    expect(
      ranged.data.data.every((row) => row.entry_date >= '2024-01-01' && row.entry_date <= '2024-12-31'),
    ).toBe(true);
    const reversed = fieldErrorsOf(await call('GET', 'user/index?entry_from=2024-02-01&entry_to=2024-01-01'));
    expect(reversed[0]!.field).toBe('entry_to');
  });

  it('shows a store manager their store only, and answers 404 for anyone else', async () => {
    const own = await mainPostOf(t, 'manager');
    const { data } = await call<Page>('GET', 'user/index?limit=100', undefined, manager);
    expect(data.total).toBeGreaterThan(0);
    expect(data.data.every((row) => row.store_id === own.storeId)).toBe(true);
    const stranger = await t.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(
        assignments,
        and(
          eq(assignments.employeeId, employees.id),
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
        ),
      )
      .where(ne(assignments.storeId, own.storeId!))
      .limit(1);
    expect((await call('GET', `user/detail?id=${stranger[0]!.id}`, undefined, manager)).code).toBe(404);
    expect((await call('GET', `user/detail/id-number?id=${stranger[0]!.id}`, undefined, manager)).code).toBe(
      404,
    );
  });
});

describe('placement', () => {
  it('follows a change of main post made through the employment steps, and keeps a leaver where they last worked', async () => {
    // Not the seeded manager: other tests need them where they are.
    const { employee, storeId, idNumber } = await someoneOnStaff([
      (await mainPostOf(t, 'manager')).employeeId,
    ]);
    const [elsewhere] = await t.db
      .select({
        storeId: assignments.storeId,
        departmentId: assignments.departmentId,
        postId: assignments.postId,
      })
      .from(assignments)
      .where(and(ne(assignments.storeId, storeId!), eq(assignments.isMain, true)))
      .limit(1);
    const [held] = await t.db
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.employeeId, employee.id),
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
        ),
      );
    await t.db.transaction(async (tx) => {
      await endAssignment(tx, held!.id, '2026-06-30');
      await startAssignment(tx, {
        ...elsewhere!,
        employeeId: employee.id,
        isMain: true,
        startDate: '2026-07-01',
      });
    });
    const moved = await call<Page>('GET', `user/index?id_number=${idNumber}`);
    expect(moved.data.data[0]).toMatchObject({ store_id: elsewhere!.storeId, post_id: elsewhere!.postId });

    const [current] = await t.db
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(eq(assignments.employeeId, employee.id), isNull(assignments.endDate)));
    await t.db.transaction((tx) => endAssignment(tx, current!.id, '2026-09-30'));
    const left = await call<Page>('GET', `user/index?id_number=${idNumber}`);
    expect(left.data.data[0]).toMatchObject({
      store_id: elsewhere!.storeId,
      department_id: elsewhere!.departmentId,
    });
  });
});

describe('GET user/detail and the ID number reveal', () => {
  it('answers every field with dictionary names, the account and the history of posts', async () => {
    const own = await mainPostOf(t, 'manager');
    const { code, data } = await call<StaffDetail>('GET', `user/detail?id=${own.employeeId}`);
    expect(code).toBe(200);
    expect(data.id_type_name).toBe('居民身份证');
    expect(data.id_number).toMatch(/\*/);
    expect(data.account).toMatchObject({ username: 'manager', status: 'active' });
    expect(data.assignments.length).toBeGreaterThan(0);
    expect(data.assignments[0]).toMatchObject({ is_main: true, end_date: null, store_id: own.storeId });
    for (const name of [data.ethnicity_name, data.marital_status_name, data.education_name, data.region_name])
      expect(name).toEqual(expect.any(String));
    expect((await call('GET', 'user/detail?id=999999')).code).toBe(404);
  });

  it('reveals the whole number and writes the reveal to the audit log', async () => {
    const { employee, idNumber } = await someoneOnStaff();
    const { data } = await call('GET', `user/detail/id-number?id=${employee.id}`);
    expect(data).toEqual({ id: employee.id, id_number: idNumber });
    const audit = await auditRowsOf(t, 'employee', employee.id);
    expect(audit.map((row) => row.action)).toContain('reveal_id_number');
  });
});

describe('PUT user/update', () => {
  it('takes every demo person as seeded: the demo data satisfies the profile form', async () => {
    const lacking = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(
        or(
          isNull(employees.email),
          isNull(employees.college),
          isNull(employees.height),
          isNull(employees.ethnicityId),
          isNull(employees.maritalStatusId),
          isNull(employees.educationId),
          isNull(employees.regionId),
          isNull(employees.employeeTypeId),
        ),
      );
    expect(lacking).toEqual([]);
    const [highSchool] = await t.db
      .select({ employee: employees })
      .from(employees)
      .innerJoin(dictionaryItems, eq(dictionaryItems.id, employees.educationId))
      .where(and(eq(dictionaryItems.code, 'high_school'), ne(employees.status, 'resigned')))
      .limit(1);
    const answer = await call('PUT', 'user/update', {
      ...(await profileOf(highSchool!.employee)),
      phone: '13912345670',
    });
    expect(answer.code).toBe(200);
  });

  it('lets a record that lacks a required field be edited without it, but never drops a field that has a value', async () => {
    const { employee } = await someoneOnStaff();
    await t.db.update(employees).set({ college: null, email: null }).where(eq(employees.id, employee.id));
    const [legacy] = await t.db.select().from(employees).where(eq(employees.id, employee.id));
    const { college: _college, email: _email, ...form } = await profileOf(legacy!);
    const edited = await call<StaffDetail>('PUT', 'user/update', { ...form, phone: '13912345671' });
    expect(edited.code).toBe(200);
    expect(edited.data).toMatchObject({ phone: '13912345671', college: null, email: null });

    const { employee: other } = await someoneOnStaff([employee.id]);
    const { college: _kept, height: _height, ...withoutTwo } = await profileOf(other);
    const cleared = await call('PUT', 'user/update', withoutTwo);
    expect(cleared.code).toBe(422);
    expect(fieldErrorsOf(cleared)).toEqual(
      expect.arrayContaining([
        { field: 'college', message: '院校不能为空' },
        { field: 'height', message: '身高不能为空' },
      ]),
    );
  });

  it('changes the profile, keeps the search keys in step and audits it with the number masked', async () => {
    const { employee, idNumber } = await someoneOnStaff();
    const body = { ...(await profileOf(employee)), name: '欧阳修远', height: 181 };
    const { code, data } = await call<StaffDetail>('PUT', 'user/update', body);
    expect(code).toBe(200);
    expect(data).toMatchObject({ name: '欧阳修远', height: 181, id_number: maskIdNumber(idNumber) });
    const found = await call<Page>('GET', 'user/index?keyword=ouyangxiuyuan');
    expect(found.data.data.map((row) => row.id)).toEqual([employee.id]);
    const [audit] = (await auditRowsOf(t, 'employee', employee.id)).filter((row) => row.action === 'update');
    expect(JSON.stringify(audit)).not.toContain(idNumber);
  });

  it('answers 422 with the shared Chinese messages', async () => {
    const { employee } = await someoneOnStaff();
    const errors = fieldErrorsOf(
      await call('PUT', 'user/update', {
        ...(await profileOf(employee)),
        name: '',
        phone: '2345',
        email: 'not-an-email',
        height: 300,
        ethnicity_id: null,
        college: ' ',
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: messages.nameRequired },
        { field: 'phone', message: messages.phoneInvalid },
        { field: 'email', message: messages.emailInvalid },
        { field: 'height', message: messages.heightInvalid },
        { field: 'ethnicity_id', message: '请选择民族' },
        { field: 'college', message: '院校不能为空' },
      ]),
    );
    const badMainland = fieldErrorsOf(
      await call('PUT', 'user/update', { ...(await profileOf(employee)), id_number: '110105194912310021' }),
    );
    expect(badMainland).toEqual([{ field: 'id_number', message: messages.idNumberInvalid }]);
  });

  it('seals a changed ID number: the row keeps no plain number, and the search finds the new one', async () => {
    const { employee, idNumber } = await someoneOnStaff();
    const passport = await itemOf(DictType.ID_CARD, 'passport');
    const body = { ...(await profileOf(employee)), id_type_id: passport, id_number: ' e1234567x ' };
    expect((await call('PUT', 'user/update', body)).code).toBe(200);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(JSON.stringify(row)).not.toMatch(/E1234567X/i);
    expect(row).toMatchObject({
      idNumberIndex: t.sealer.blindIndex('E1234567X'),
      idNumberMasked: 'E12***67X',
    });
    expect(t.sealer.open(row!.idNumberSealed)).toBe('E1234567X');
    const found = await call<Page>('GET', 'user/index?id_number=e1234567X');
    expect(found.data.data.map((entry) => entry.id)).toEqual([employee.id]);
    expect((await call<Page>('GET', `user/index?id_number=${idNumber}`)).data.total).toBe(0);
    const audit = await auditRowsOf(t, 'employee', employee.id);
    expect(JSON.stringify(audit)).not.toMatch(/E1234567X/i);
  });

  it('refuses a phone or an ID number another employee has (409 on the field), changing nothing', async () => {
    const first = await someoneOnStaff();
    const second = await someoneOnStaff([first.employee.id]);
    const phone = await call('PUT', 'user/update', {
      ...(await profileOf(first.employee)),
      phone: second.employee.phone,
    });
    expect(phone.code).toBe(409);
    expect(phone.data.errors).toEqual([{ field: 'phone', message: '该手机号码已被在职员工使用' }]);
    // The unique index is on the blind index, which does not see case or surrounding spaces.
    const number = await call('PUT', 'user/update', {
      ...(await profileOf(first.employee)),
      id_number: ` ${second.idNumber.toLowerCase()} `,
    });
    expect(number.code).toBe(409);
    expect(number.data.errors[0].field).toBe('id_number');
    const [unchanged] = await t.db.select().from(employees).where(eq(employees.id, first.employee.id));
    expect(unchanged!.phone).toBe(first.employee.phone);
  });
});

describe('GET user/export', () => {
  /** The sheet's rows as [employee number, ID number]. */
  async function exported(query: string, authorization: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/user/export?${query}`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('员工花名册')!;
    const header = sheet.getRow(1).values as unknown[];
    const rows: [string, string][] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      rows.push([
        String(row.getCell(header.indexOf('工号')).value),
        String(row.getCell(header.indexOf('证件号码')).value),
      ]);
    });
    return rows;
  }

  it('streams the filtered directory with masked numbers to someone who may not reveal them', async () => {
    await grantPermissions(t, 'staff', ['staff:list:view', 'staff:list:export']);
    const staff = await t.login('staff');
    const { data } = await call<Page>('GET', 'user/index?limit=1', undefined, staff);
    const rows = await exported('', staff);
    expect(rows).toHaveLength(data.total);
    expect(data.total).toBeGreaterThan(0);
    for (const [, idNumber] of rows) expect(idNumber).toMatch(/^\w{3}\*+\w{3}$/);
  });

  it('gives whole numbers to someone who may reveal them, and writes the export to the audit log', async () => {
    const { storeId, idNumber } = await someoneOnStaff();
    const { data } = await call<Page>('GET', `user/index?store_id=${storeId}&limit=1`);
    const rows = await exported(`store_id=${storeId}`, admin);
    expect(rows).toHaveLength(data.total);
    const sealed = await t.db
      .select({ employeeNo: employees.employeeNo, idNumberSealed: employees.idNumberSealed })
      .from(employees)
      .where(eq(employees.mainStoreId, storeId!));
    expect(new Map(rows)).toEqual(
      new Map(sealed.map((row) => [row.employeeNo, t.sealer.open(row.idNumberSealed)])),
    );

    await exported(`id_number=${idNumber}`, admin);
    const [audit] = await auditRowsOf(t, 'employee', 'export');
    expect(audit).toMatchObject({
      action: 'export_id_numbers',
      after: { id_number: maskIdNumber(idNumber) },
    });
  });
});
