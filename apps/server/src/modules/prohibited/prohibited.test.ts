import { maskIdNumber } from '@dealer-hr/shared/id-number';
import { prohibitedMessages } from '@dealer-hr/shared/prohibited/rules';
import { messages } from '@dealer-hr/shared/rules';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalFlows, prohibitedEntries } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { auditRowsOf } from '../../test/audit';
import type { ProhibitedRow } from '@dealer-hr/shared/prohibited/contract';

let t: TestApp;
let admin: string;
let hr: string;
const call = callerOf(() => ({ app: t, authorization: admin }));
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  hr = await t.login('hr');
});
afterAll(() => t.close());

let serial = 0;
/** A fresh valid-looking ID number for each entry, so the tests do not depend on one another. */
const idNumber = () => `44010619900${String(100000 + ++serial).slice(-6)}X`;

const add = (id_number: string, extra: object = {}) =>
  call<ProhibitedRow>('POST', 'prohibited/store', {
    name: '张三',
    id_number,
    phone: '13800138000',
    disable_reason: '严重违纪',
    ...extra,
  });

async function withoutDismissFlow<T>(work: () => Promise<T>): Promise<T> {
  const flow = and(eq(approvalFlows.businessType, 'prohibited_dismiss'), eq(approvalFlows.status, 'active'));
  const ids = (await t.db.select({ id: approvalFlows.id }).from(approvalFlows).where(flow)).map(
    (row) => row.id,
  );
  await t.db.update(approvalFlows).set({ status: 'disabled' }).where(flow);
  try {
    return await work();
  } finally {
    for (const id of ids)
      await t.db.update(approvalFlows).set({ status: 'active' }).where(eq(approvalFlows.id, id));
  }
}

async function hrTaskOf(instanceId: number): Promise<number> {
  const todo = await call<{ data: { id: number; task_id: number }[] }>(
    'GET',
    'approval/task/index?scope=todo&business_type=prohibited_dismiss&limit=100',
    undefined,
    hr,
  );
  const row = todo.data.data.find((candidate) => candidate.id === instanceId);
  expect(row, 'the HR admin has the dismissal to approve').toBeDefined();
  return row!.task_id;
}

describe('POST prohibited/store', () => {
  it('lists a person with the ID number sealed, indexed and masked, and records it', async () => {
    const number = idNumber();
    const { code, data } = await add(number);
    expect(code).toBe(200);
    expect(data).toMatchObject({
      name: '张三',
      id_number: maskIdNumber(number),
      phone: '13800138000',
      disable_reason: '严重违纪',
      source: 'manual',
      status: 'active',
      created_by: expect.any(String),
    });
    const [stored] = await t.db.select().from(prohibitedEntries).where(eq(prohibitedEntries.id, data.id));
    // Nowhere in the row is the number in plain text.
    expect(JSON.stringify(stored)).not.toContain(number);
    expect(stored!.idNumberIndex).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await auditRowsOf(t, 'prohibited_entry', data.id);
    expect(audit!.action).toBe('create');
    expect(JSON.stringify(audit)).not.toContain(number);
    expect(JSON.stringify(audit)).not.toContain(stored!.idNumberSealed);
  });

  it('answers 422 with the shared Chinese messages', async () => {
    const answer = await call('POST', 'prohibited/store', {
      name: '张3',
      id_number: '',
      phone: '1234',
      disable_reason: ' ',
    });
    const errors = fieldErrorsOf(answer);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: messages.nameInvalid },
        { field: 'id_number', message: messages.idNumberRequired },
        { field: 'phone', message: messages.phoneInvalid },
        { field: 'disable_reason', message: '禁用原因不能为空' },
      ]),
    );
    const malformed = fieldErrorsOf(await add('44010-1990'));
    expect(malformed).toEqual([{ field: 'id_number', message: messages.idNumberInvalid }]);
  });

  it('refuses a number already listed (409 on id_number), whatever its case', async () => {
    const number = idNumber();
    await add(number);
    const again = await add(` ${number.toLowerCase()} `, { name: '李四' });
    expect(again.code).toBe(409);
    expect(again.message).toBe(prohibitedMessages.alreadyListed);
    expect((again.data as unknown as { errors: unknown }).errors).toEqual([
      { field: 'id_number', message: prohibitedMessages.alreadyListed },
    ]);
  });

  it('lets two adds of one number race to exactly one entry', async () => {
    const number = idNumber();
    const answers = await Promise.all([add(number), add(number), add(number)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409, 409]);
  });
});

describe('GET prohibited/index and check', () => {
  it('finds an entry by its whole number, by name or phone, and by status', async () => {
    const number = idNumber();
    const { data: entry } = await add(number, { name: '王五', phone: '13912345678' });
    const byNumber = await call<{ data: ProhibitedRow[]; total: number }>(
      'GET',
      `prohibited/index?id_number=${number.toLowerCase()}`,
    );
    expect(byNumber.data.data.map((row) => row.id)).toEqual([entry.id]);
    const byPhone = await call<{ data: ProhibitedRow[] }>('GET', 'prohibited/index?keyword=13912345678');
    expect(byPhone.data.data.map((row) => row.id)).toEqual([entry.id]);
    const byName = await call<{ data: ProhibitedRow[] }>(
      'GET',
      `prohibited/index?keyword=${encodeURIComponent('王五')}&status=active`,
    );
    expect(byName.data.data.map((row) => row.id)).toContain(entry.id);
    const dismissed = await call<{ data: ProhibitedRow[] }>(
      'GET',
      'prohibited/index?status=dismissed&limit=100',
    );
    expect(dismissed.data.data.map((row) => row.id)).not.toContain(entry.id);
    // A part of the number finds nothing: only whole numbers can be matched without the plain text.
    const part = await call<{ total: number }>('GET', `prohibited/index?id_number=${number.slice(0, 10)}`);
    expect(part.data.total).toBe(0);
  });

  it('answers 422 for a reversed date range', async () => {
    const errors = fieldErrorsOf(await call('GET', 'prohibited/index?from=2026-05-02&to=2026-05-01'));
    expect(errors[0]!.field).toBe('to');
  });

  it('checks a number: listed, unknown, and no longer once dismissed', async () => {
    const number = idNumber();
    const { data: entry } = await add(number);
    const listed = await call('GET', `prohibited/check?id_number=${number}`);
    expect(listed.data).toMatchObject({
      prohibited: true,
      entry: { id: entry.id, name: '张三', disable_reason: '严重违纪', id_number: entry.id_number },
    });
    const unknown = await call('GET', `prohibited/check?id_number=${idNumber()}`);
    expect(unknown.data).toEqual({ prohibited: false, entry: null });
    await withoutDismissFlow(() =>
      call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '误加入' }),
    );
    const lifted = await call('GET', `prohibited/check?id_number=${number}`);
    expect(lifted.data.prohibited).toBe(false);
  });
});

describe('PUT prohibited/change', () => {
  it('changes name, phone and reason and keeps both values in the history', async () => {
    const { data: entry } = await add(idNumber());
    const { code, data } = await call<ProhibitedRow>('PUT', 'prohibited/change', {
      id: entry.id,
      phone: '13700000000',
      disable_reason: '伪造材料',
    });
    expect(code).toBe(200);
    expect(data).toMatchObject({ name: '张三', phone: '13700000000', disable_reason: '伪造材料' });
    const detail = await call('GET', `prohibited/detail?id=${entry.id}`);
    expect(detail.data.history.map((event: { action: string }) => event.action)).toEqual(['add', 'change']);
    expect(detail.data.history[1].changes).toEqual({
      before: { phone: '13800138000', disable_reason: '严重违纪' },
      after: { phone: '13700000000', disable_reason: '伪造材料' },
    });
  });

  it('answers 404 for an unknown entry and 409 for a dismissed one', async () => {
    expect((await call('PUT', 'prohibited/change', { id: 999_999, name: '李四' })).code).toBe(404);
    expect((await call('GET', 'prohibited/detail?id=999999')).code).toBe(404);
    const { data: entry } = await add(idNumber());
    await withoutDismissFlow(() =>
      call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '误加入' }),
    );
    const refused = await call('PUT', 'prohibited/change', { id: entry.id, name: '李四' });
    expect(refused.code).toBe(409);
  });
});

describe('PUT prohibited/dismiss', () => {
  it('needs an enable reason', async () => {
    const { data: entry } = await add(idNumber());
    const errors = fieldErrorsOf(
      await call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '' }),
    );
    expect(errors).toEqual([{ field: 'enable_reason', message: '启用原因不能为空' }]);
  });

  it('lifts an entry at once when no dismissal flow is configured', async () => {
    const number = idNumber();
    const { data: entry } = await add(number);
    const { data } = await withoutDismissFlow(() =>
      call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '误加入' }),
    );
    expect(data).toEqual({ id: entry.id, status: 'dismissed', approval_instance_id: null });
    const detail = await call('GET', `prohibited/detail?id=${entry.id}`);
    expect(detail.data).toMatchObject({ status: 'dismissed', enable_reason: '误加入' });
    expect(detail.data.dismissed_at).toEqual(expect.any(String));
    expect(detail.data.history.map((event: { action: string }) => event.action)).toEqual(['add', 'dismiss']);
    const again = await call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '再次' });
    expect(again.code).toBe(409);
    expect(again.message).toBe(prohibitedMessages.notActive);
    // The dismissed entry stays as history, and the person may be listed again.
    const relisted = await add(number, { disable_reason: '再次违纪' });
    expect(relisted.code).toBe(200);
    expect(relisted.data.id).not.toBe(entry.id);
  });

  it('goes through the configured flow: still blocking while pending, lifted on approval', async () => {
    const number = idNumber();
    const { data: entry } = await add(number);
    const { data } = await call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '申诉成功' });
    expect(data).toEqual({ id: entry.id, status: 'dismissing', approval_instance_id: expect.any(Number) });
    expect((await call('GET', `prohibited/check?id_number=${number}`)).data.prohibited).toBe(true);
    const twice = await call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '申诉成功' });
    expect(twice.message).toBe(prohibitedMessages.dismissPending);
    expect((await call('GET', `prohibited/detail?id=${entry.id}`)).data.approval_instance_id).toBe(
      data.approval_instance_id,
    );

    const task = await hrTaskOf(data.approval_instance_id);
    const approved = await call('POST', 'approval/task/approve', { id: task, comment: '同意' }, hr);
    expect(approved.code).toBe(200);
    const detail = await call('GET', `prohibited/detail?id=${entry.id}`);
    expect(detail.data).toMatchObject({
      status: 'dismissed',
      enable_reason: '申诉成功',
      approval_instance_id: null,
    });
    expect(detail.data.history.map((event: { action: string }) => event.action)).toEqual([
      'add',
      'dismiss_requested',
      'dismiss',
    ]);
    expect((await call('GET', `prohibited/check?id_number=${number}`)).data.prohibited).toBe(false);
  });

  it('puts the entry back when the dismissal is rejected', async () => {
    const { data: entry } = await add(idNumber());
    const { data } = await call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '申诉' });
    const task = await hrTaskOf(data.approval_instance_id);
    const rejected = await call('POST', 'approval/task/reject', { id: task, comment: '证据不足' }, hr);
    expect(rejected.code).toBe(200);
    const detail = await call('GET', `prohibited/detail?id=${entry.id}`);
    expect(detail.data).toMatchObject({ status: 'active', enable_reason: null });
    expect(detail.data.history.map((event: { action: string }) => event.action)).toEqual([
      'add',
      'dismiss_requested',
      'dismiss_rejected',
    ]);
  });
});

describe('the approval of a dismissal', () => {
  it('tells the approver who is listed, why and by whom, and why to lift it: labelled, the number masked', async () => {
    const number = idNumber();
    const { data: entry } = await add(number, { name: '李四', disable_reason: '伪造学历证书' });
    const { data } = await call('PUT', 'prohibited/dismiss', { id: entry.id, enable_reason: '经核实为误录' });
    const detailOf = () =>
      call<{ facts: unknown[]; form: unknown }>(
        'GET',
        `approval/task/detail?id=${data.approval_instance_id}`,
        undefined,
        hr,
      );
    const expected = [
      { key: 'person_name', kind: 'text', value: '李四', text: null, type_id: null },
      { key: 'id_number', kind: 'text', value: maskIdNumber(number), text: null, type_id: null },
      { key: 'disable_reason', kind: 'text', value: '伪造学历证书', text: null, type_id: null },
      { key: 'source', kind: 'code', value: 'manual', text: '手动添加', type_id: null },
      { key: 'listed_by', kind: 'text', value: entry.created_by, text: null, type_id: null },
      { key: 'listed_at', kind: 'time', value: entry.created_at, text: null, type_id: null },
      { key: 'enable_reason', kind: 'text', value: '经核实为误录', text: null, type_id: null },
    ];
    const pending = await detailOf();
    expect(pending.data.facts).toEqual(expected);
    expect(JSON.stringify(pending.data)).not.toContain(number);

    // Refused, the entry forgets the reason; the approval still tells it.
    const task = await hrTaskOf(data.approval_instance_id);
    await call('POST', 'approval/task/reject', { id: task, comment: '证据不足' }, hr);
    expect((await detailOf()).data.facts).toEqual(expected);
  });
});

describe('GET prohibited/export', () => {
  it('streams the filtered rows as an .xlsx file with masked numbers', async () => {
    const number = idNumber();
    await add(number, { name: '赵六', phone: '13600000000' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/prohibited/export?keyword=13600000000`,
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('禁用名单.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('禁用名单')!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['姓名', '证件号码', '手机号码', '禁用原因', '来源', '状态']),
    );
    expect(sheet.rowCount).toBe(2);
    const values = (sheet.getRow(2).values as unknown[]).filter(Boolean);
    expect(values).toEqual(expect.arrayContaining(['赵六', '13600000000', '严重违纪', '手动添加', '禁用中']));
    expect(values).toContain(maskIdNumber(number));
    expect(JSON.stringify(values)).not.toContain(number);
  });
});
