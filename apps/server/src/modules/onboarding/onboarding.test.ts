import { DictType } from '@dealer-hr/shared/dictionary-types';
import { mainlandIdCheckDigit, maskIdNumber } from '@dealer-hr/shared/id-number';
import { onboardingMessages } from '@dealer-hr/shared/onboarding/rules';
import { fieldLabels, messages, requiredMessage, selectMessage } from '@dealer-hr/shared/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalFlows,
  approvalTasks,
  assignments,
  departments,
  dictionaryItems,
  employees,
  onboardingEntries,
  posts,
  stores,
  users,
} from '../../db/schema';
import { callerOf, fieldErrorsOf, type Answer } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { auditRowsOf } from '../../test/audit';
import { PDF, PNG, readUpload, uploadAs } from '../../test/uploads';
import { mainPostOf, userWith } from '../../test/users';
import type { OnboardingDetail, OnboardingRow } from '@dealer-hr/shared/onboarding/contract';

let t: TestApp;
let hr: string;
let manager: string;
const call = callerOf(() => ({ app: t, authorization: hr }));
const PASSWORD = 'Welcome2026';

/** Items of the seeded dictionaries the steps choose from. */
const dict: Record<string, number> = {};
let mainland: number;
let store: Awaited<ReturnType<typeof mainPostOf>>;
let salesPost: number;
let otherStore: number;

beforeAll(async () => {
  t = await createTestApp();
  hr = await t.login('hr');
  manager = await t.login('manager');
  const firstOf = async (typeId: number) => {
    const [item] = await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.typeId, typeId))
      .limit(1);
    return item!.id;
  };
  for (const [key, typeId] of Object.entries({
    ethnicity: DictType.ETHNICITY,
    marital: DictType.MARITAL_STATUS,
    education: DictType.EDUCATION,
    region: DictType.REGION,
    employeeType: DictType.EMPLOYEE_TYPE,
    license: DictType.HAS_LICENSE,
  }))
    dict[key] = await firstOf(typeId);
  const [idType] = await t.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.typeId, DictType.ID_CARD), eq(dictionaryItems.code, 'mainland')));
  mainland = idType!.id;
  store = await mainPostOf(t, 'manager');
  const [post] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.code, 'sales_consultant'));
  salesPost = post!.id;
  const [other] = await t.db
    .select({ id: stores.id })
    .from(stores)
    .where(sql`${stores.id} <> ${store.storeId!}`)
    .limit(1);
  otherStore = other!.id;
});
afterAll(() => t.close());

let serial = 0;
/** A valid mainland ID number, new for each candidate, so the tests do not depend on one another. */
function idNumber(): string {
  serial += 1;
  const day = `199${serial % 10}0${1 + (serial % 9)}1${serial % 10}`;
  const first17 = `310115${day}${String(serial % 1000).padStart(3, '0')}`;
  return `${first17}${mainlandIdCheckDigit(first17)}`;
}
let phoneSerial = 0;
const phone = () => `1390000${String(1000 + ++phoneSerial).slice(-4)}`;

const start = (body: object = {}, authorization = hr) =>
  call<OnboardingDetail>(
    'POST',
    'user/entry/step/start',
    {
      name: '李新',
      phone: phone(),
      id_type_id: mainland,
      id_number: idNumber(),
      store_id: store.storeId,
      post_id: salesPost,
      ...body,
    },
    authorization,
  );

const personal = (entry: OnboardingDetail, extra: object = {}) => ({
  id: entry.id,
  step: 'personal',
  name: entry.name,
  phone: entry.phone,
  id_type_id: entry.id_type_id,
  id_number: entry.id_number,
  email: 'lixin@example.com',
  gender: 'male',
  height: 175,
  ethnicity_id: dict.ethnicity,
  marital_status_id: dict.marital,
  education_id: dict.education,
  college: '同济大学',
  region_id: dict.region,
  has_license_id: dict.license,
  ...extra,
});

const contract = (entry: OnboardingDetail, extra: object = {}) => ({
  id: entry.id,
  step: 'contract',
  department_id: store.departmentId,
  post_id: salesPost,
  entry_date: '2026-12-01',
  employee_type_id: dict.employeeType,
  probation_months: 3,
  contract_start: '2026-12-01',
  contract_end: '2029-11-30',
  username: `u${entry.phone}`,
  password: PASSWORD,
  // Sales staff sign in to the sales app, not here; this hire signs in to check the account.
  is_sale: false,
  ...extra,
});

const save = (body: object, authorization = hr) =>
  call<OnboardingDetail>('PUT', 'user/entry/step/update', body, authorization);

async function documentsFor(entry: OnboardingDetail, authorization = hr) {
  const front = await uploadAs(
    t,
    authorization,
    { name: 'front.png', type: 'image/png', bytes: PNG },
    'id_card_front',
  );
  const back = await uploadAs(
    t,
    authorization,
    { name: 'back.pdf', type: 'application/pdf', bytes: PDF },
    'id_card_back',
  );
  return { id: entry.id, step: 'documents', id_card_front: front.data.id, id_card_back: back.data.id };
}

/** An entry with every step saved, ready to submit. */
async function completeEntry(extra: object = {}, contractExtra: object = {}) {
  const { data: entry } = await start(extra);
  expect((await save(personal(entry))).code).toBe(200);
  expect((await save(await documentsFor(entry))).code).toBe(200);
  expect((await save(contract(entry, contractExtra))).code).toBe(200);
  return entry;
}

const submit = (id: number) => call<OnboardingDetail>('POST', 'user/entry/step/post', { id });
const detail = (id: number, authorization = hr) =>
  call<OnboardingDetail>('GET', `user/entry/step/detail?id=${id}`, undefined, authorization);
const decide = (id: number, decision: 'approve' | 'reject', comment?: string, authorization = manager) =>
  call<OnboardingDetail>('POST', `user/entry/step/${decision}`, { id, comment }, authorization);

const refusalOf = (answer: Answer) => {
  expect(answer.code, answer.message).toBe(409);
  return { message: answer.message, errors: (answer.data as { errors: { field: string }[] }).errors };
};

describe('POST user/entry/step/start', () => {
  it('opens a draft at the store for a clean person, with the audit row', async () => {
    const number = idNumber();
    const { code, data } = await start({ id_number: number.toLowerCase() });
    expect(code).toBe(200);
    expect(data).toMatchObject({
      status: 'draft',
      name: '李新',
      id_number: number,
      store_id: store.storeId,
      department_id: store.departmentId,
      post_id: salesPost,
      steps: { personal: false, documents: false, contract: false },
      approval: null,
    });
    const [audit] = await auditRowsOf(t, 'onboarding', data.id);
    expect(audit!.action).toBe('create');
    expect(JSON.stringify(audit)).not.toContain(number);
    // The entry keeps the number sealed, like an employee's; only its own form shows it whole.
    const [row] = await t.db.select().from(onboardingEntries).where(eq(onboardingEntries.id, data.id));
    expect(JSON.stringify(row)).not.toContain(number);
    expect(row).toMatchObject({
      idNumberIndex: t.sealer.blindIndex(number),
      idNumberMasked: maskIdNumber(number),
    });
    expect(t.sealer.open(row!.idNumberSealed)).toBe(number);
  });

  it('answers 422 with the shared Chinese messages', async () => {
    const errors = fieldErrorsOf(
      await call('POST', 'user/entry/step/start', { name: '李1', phone: '123', id_number: '' }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: messages.nameInvalid },
        { field: 'phone', message: messages.phoneInvalid },
        { field: 'id_number', message: messages.idNumberRequired },
        { field: 'store_id', message: '请选择入职门店' },
        { field: 'post_id', message: '请选择入职岗位' },
      ]),
    );
    expect(fieldErrorsOf(await start({ id_number: '310115199001011234' }))).toEqual([
      { field: 'id_number', message: messages.idNumberInvalid },
    ]);
  });

  it('refuses a person on the prohibited list, with the list’s reason', async () => {
    const number = idNumber();
    await call('POST', 'prohibited/store', { name: '王禁', id_number: number, disable_reason: '挪用公款' });
    const refusal = refusalOf(await start({ id_number: number }));
    expect(refusal.message).toBe(`${onboardingMessages.prohibited}：挪用公款`);
    expect(refusal.errors).toEqual([{ field: 'id_number', message: refusal.message }]);
    expect(
      await t.db
        .select()
        .from(onboardingEntries)
        .where(eq(onboardingEntries.idNumberIndex, t.sealer.blindIndex(number))),
    ).toEqual([]);
  });

  it('refuses an ID number or a phone an employee on staff already has', async () => {
    const [someone] = await t.db
      .select({ idNumberSealed: employees.idNumberSealed, phone: employees.phone })
      .from(employees)
      .where(eq(employees.status, 'regular'))
      .limit(1);
    const byNumber = refusalOf(await start({ id_number: t.sealer.open(someone!.idNumberSealed) }));
    expect(byNumber.message).toBe(onboardingMessages.employeeIdNumber);
    const byPhone = refusalOf(await start({ phone: someone!.phone }));
    expect(byPhone.errors).toEqual([{ field: 'phone', message: onboardingMessages.employeePhone }]);
  });

  it('refuses a second open onboarding of one person, also when two arrive at once', async () => {
    const number = idNumber();
    const answers = await Promise.all([start({ id_number: number }), start({ id_number: number })]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.code === 409)!.message).toBe(onboardingMessages.openEntry);
  });

  it('refuses a placement a mutual-exclusion rule forbids, naming the rule', async () => {
    const [colleague] = await t.db
      .select({ name: employees.name, idNumberSealed: employees.idNumberSealed })
      .from(employees)
      .innerJoin(assignments, and(eq(assignments.employeeId, employees.id), isNull(assignments.endDate)))
      .where(eq(assignments.storeId, store.storeId!))
      .limit(1);
    const number = idNumber();
    const rule = await call('POST', 'mutually/exclusive/store', {
      name: '亲属回避-入职',
      kind: 'people',
      scope: 'store',
      members: [
        { name: '李新', id_number: number },
        { name: colleague!.name, id_number: t.sealer.open(colleague!.idNumberSealed) },
      ],
    });
    expect(rule.code).toBe(200);
    const refusal = refusalOf(await start({ id_number: number }));
    expect(refusal.message).toContain('亲属回避-入职');
    expect(refusal.message).toContain(colleague!.name);
    expect(refusal.errors[0]!.field).toBe('post_id');
    // Another store is fine.
    expect((await start({ id_number: number, store_id: otherStore })).code).toBe(200);
  });

  it('keeps a store manager to their own store', async () => {
    const answer = await start({ store_id: otherStore }, manager);
    expect(fieldErrorsOf(answer)).toEqual([{ field: 'store_id', message: '门店不存在或已停用' }]);
    expect((await start({}, manager)).code).toBe(200);
  });

  it('needs the create permission', async () => {
    const reader = await userWith(t, ['staff:onboarding:view']);
    expect((await start({}, reader)).code).toBe(1403);
  });
});

describe('PUT user/entry/step/update', () => {
  it('saves the personal step by the shared rules; a mainland number gives the birth date', async () => {
    const { data: entry } = await start();
    const invalid = fieldErrorsOf(
      await save(personal(entry, { email: 'not-mail', height: 1000, college: '', gender: 'x' })),
    );
    expect(invalid).toEqual(
      expect.arrayContaining([
        { field: 'email', message: messages.emailInvalid },
        { field: 'height', message: messages.heightInvalid },
        { field: 'college', message: requiredMessage(fieldLabels.college) },
        { field: 'gender', message: selectMessage(fieldLabels.gender) },
      ]),
    );
    const { code, data } = await save(personal(entry, { birth_date: '1980-01-01' }));
    expect(code).toBe(200);
    expect(data.steps.personal).toBe(true);
    expect(data.personal).toMatchObject({ email: 'lixin@example.com', height: 175, college: '同济大学' });
    // The number says when the person was born; a typed date does not override it.
    expect(data.personal!.birth_date).toBe(
      `${entry.id_number.slice(6, 10)}-${entry.id_number.slice(10, 12)}-${entry.id_number.slice(12, 14)}`,
    );
    const wrongItem = fieldErrorsOf(await save(personal(entry, { ethnicity_id: dict.education })));
    expect(wrongItem).toEqual([{ field: 'ethnicity_id', message: '选项不存在' }]);
  });

  it('checks a corrected ID number again against the prohibited list', async () => {
    const { data: entry } = await start();
    const listed = idNumber();
    await call('POST', 'prohibited/store', { name: '王禁', id_number: listed, disable_reason: '违纪' });
    const refusal = refusalOf(await save(personal(entry, { id_number: listed })));
    expect(refusal.message).toContain(onboardingMessages.prohibited);
    expect((await detail(entry.id)).data.id_number).toBe(entry.id_number);
  });

  it('takes only the caller’s own uploads, for the document they are', async () => {
    const { data: entry } = await start();
    const someone = await userWith(t, []);
    const theirs = await uploadAs(
      t,
      someone,
      { name: 'x.png', type: 'image/png', bytes: PNG },
      'id_card_front',
    );
    const wrongPurpose = await uploadAs(t, hr, { name: 'e.png', type: 'image/png', bytes: PNG }, 'education');
    const errors = fieldErrorsOf(
      await save({
        id: entry.id,
        step: 'documents',
        id_card_front: theirs.data.id,
        id_card_back: wrongPurpose.data.id,
      }),
    );
    expect(errors).toEqual([
      { field: 'id_card_front', message: onboardingMessages.documentUnknown },
      { field: 'id_card_back', message: onboardingMessages.documentPurpose('id_card_back') },
    ]);
    const { data } = await save(await documentsFor(entry));
    expect(data.steps.documents).toBe(true);
    expect(data.documents.map((file) => [file.purpose, file.mime])).toEqual([
      ['id_card_front', 'image/png'],
      ['id_card_back', 'application/pdf'],
    ]);
  });

  it('checks the contract: department inside the store, dates in order, a password once, a free username', async () => {
    const { data: entry } = await start();
    const [outside] = await t.db
      .select({ departmentId: stores.departmentId })
      .from(stores)
      .where(eq(stores.id, otherStore));
    const errors = fieldErrorsOf(
      await save(
        contract(entry, {
          department_id: outside!.departmentId,
          contract_start: '2026-11-01',
          contract_end: '2026-10-01',
          probation_months: 7,
          password: 'short',
        }),
      ),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'contract_end', message: onboardingMessages.contractReversed },
        { field: 'contract_start', message: onboardingMessages.contractBeforeEntry },
        { field: 'probation_months', message: '试用期（月）须为 0 到 6 的整数' },
        { field: 'password', message: messages.passwordInvalid },
      ]),
    );
    expect(fieldErrorsOf(await save(contract(entry, { department_id: outside!.departmentId })))).toEqual([
      { field: 'department_id', message: onboardingMessages.departmentOutsideStore },
    ]);
    expect(fieldErrorsOf(await save(contract(entry, { password: undefined })))).toEqual([
      { field: 'password', message: messages.passwordRequired },
    ]);
    const taken = refusalOf(await save(contract(entry, { username: 'ADMIN' })));
    expect(taken.errors).toEqual([{ field: 'username', message: onboardingMessages.usernameTaken }]);
    const { data } = await save(contract(entry));
    expect(data.contract).toMatchObject({
      entry_date: '2026-12-01',
      probation_months: 3,
      has_password: true,
    });
    expect(JSON.stringify(data)).not.toContain(PASSWORD);
    // Saved again without a password, the one set is kept.
    expect(
      (await save(contract(entry, { password: undefined, probation_months: 2 }))).data.contract,
    ).toMatchObject({ probation_months: 2, has_password: true });
  });

  it('keeps entries of other stores from a store manager (404)', async () => {
    const { data: entry } = await start({ store_id: otherStore });
    expect((await detail(entry.id, manager)).code).toBe(404);
    expect((await save(personal(entry), manager)).code).toBe(404);
  });
});

describe('submission, approval and completion', () => {
  it('refuses an incomplete entry, naming the missing step', async () => {
    const { data: entry } = await start();
    expect(fieldErrorsOf(await submit(entry.id))).toEqual([
      { field: 'personal', message: onboardingMessages.stepMissing('personal') },
    ]);
    await save(personal(entry));
    expect(fieldErrorsOf(await submit(entry.id))).toEqual([
      { field: 'id_card_front', message: onboardingMessages.documentMissing('id_card_front') },
    ]);
  });

  it('runs from submission through a rejection and refill to the hire of the person', async () => {
    const entry = await completeEntry();
    const submitted = await submit(entry.id);
    expect(submitted.data).toMatchObject({
      status: 'pending',
      approval: { status: 'pending', task_id: null },
    });
    expect((await save(personal(entry))).message).toBe(onboardingMessages.notEditable);

    // The store's general manager has it waiting, sees the documents and can read them.
    const awaiting = await call<{ data: OnboardingRow[] }>(
      'GET',
      'user/entry/step/index?awaiting_me=1&limit=100',
      undefined,
      manager,
    );
    expect(awaiting.data.data.map((row) => row.id)).toContain(entry.id);
    const seen = await detail(entry.id, manager);
    expect(seen.data.approval!.task_id).toEqual(expect.any(Number));
    const front = seen.data.documents.find((file) => file.purpose === 'id_card_front')!;
    expect((await readUpload(t, manager, front.id)).statusCode).toBe(200);

    // A rejection needs a comment; it returns the entry with the comment.
    expect(fieldErrorsOf(await decide(entry.id, 'reject'))).toEqual([
      { field: 'comment', message: '审批意见不能为空' },
    ]);
    const rejected = await decide(entry.id, 'reject', '学历证书缺失');
    expect(rejected.data).toMatchObject({ status: 'returned', return_comment: '学历证书缺失' });
    expect((await decide(entry.id, 'approve')).message).toBe(onboardingMessages.noTask);
    expect((await submit(entry.id)).code).toBe(409);

    // HR takes it back, completes it and submits again; the comment stays until then.
    const refilled = await call<OnboardingDetail>('PUT', 'user/entry/step/refill', { id: entry.id });
    expect(refilled.data).toMatchObject({ status: 'draft', return_comment: '学历证书缺失' });
    const education = await uploadAs(t, hr, { name: 'edu.png', type: 'image/png', bytes: PNG }, 'education');
    await save({ ...(await documentsFor(entry)), education: education.data.id });
    expect((await submit(entry.id)).data).toMatchObject({ status: 'pending', return_comment: null });

    const approved = await decide(entry.id, 'approve', '同意');
    // The flow's HR node has nobody to ask but the applicant, so the manager's approval is the last.
    expect(approved.data.status).toBe('approved');
    expect(approved.data.employee_no).toMatch(/^E\d{6,}$/);

    const [employee] = await t.db
      .select()
      .from(employees)
      .where(eq(employees.id, approved.data.employee_id!));
    expect(employee).toMatchObject({
      name: '李新',
      phone: entry.phone,
      idNumberIndex: t.sealer.blindIndex(entry.id_number),
      idNumberMasked: maskIdNumber(entry.id_number),
      status: 'probation',
      entryDate: '2026-12-01',
      mainStoreId: store.storeId,
      mainDepartmentId: store.departmentId,
      mainPostId: salesPost,
      namePinyin: 'lixin',
    });
    expect(t.sealer.open(employee!.idNumberSealed)).toBe(entry.id_number);
    expect(JSON.stringify(employee)).not.toContain(entry.id_number);
    const held = await t.db.select().from(assignments).where(eq(assignments.employeeId, employee!.id));
    expect(held).toMatchObject([{ isMain: true, postId: salesPost, startDate: '2026-12-01', endDate: null }]);
    const [account] = await t.db.select().from(users).where(eq(users.employeeId, employee!.id));
    expect(account).toMatchObject({ username: `u${entry.phone}`, isSale: false, status: 'active' });
    // The new employee signs in with the initial password and is found in the directory.
    const signedIn = await t.login(`u${entry.phone}`, PASSWORD);
    expect(signedIn).toMatch(/^Bearer /);
    const found = await call<{ data: { id: number }[] }>(
      'GET',
      `user/index?keyword=${encodeURIComponent('李新')}&limit=100`,
    );
    expect(found.data.data.map((row) => row.id)).toContain(employee!.id);
    expect((await auditRowsOf(t, 'employee', employee!.id)).map((row) => row.action)).toContain('create');
    expect((await auditRowsOf(t, 'onboarding', entry.id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['submit', 'reject', 'refill', 'approve']),
    );
    // A person on staff now: a new onboarding of them is refused.
    expect(refusalOf(await start({ id_number: entry.id_number })).message).toBe(
      onboardingMessages.employeeIdNumber,
    );
  });

  it('tells the approver who is hired, where and as what they start, and on which contract', async () => {
    const entry = await completeEntry();
    const { data } = await submit(entry.id);
    const answer = await call<{ facts: { key: string; kind: string; value: unknown; text: unknown }[] }>(
      'GET',
      `approval/task/detail?id=${data.approval!.instance_id}`,
      undefined,
      manager,
    );
    const nameOf = async (table: typeof stores | typeof departments | typeof posts, id: number) =>
      (await t.db.select({ name: table.name }).from(table).where(eq(table.id, id)))[0]!.name;
    const [employeeType] = await t.db
      .select({ name: dictionaryItems.name })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.id, dict.employeeType!));
    expect(answer.data.facts.map((fact) => [fact.key, fact.kind, fact.text ?? fact.value])).toEqual([
      ['person_name', 'text', '李新'],
      ['id_type', 'dictionary', '居民身份证'],
      ['id_number', 'text', maskIdNumber(entry.id_number)],
      ['phone', 'text', entry.phone],
      ['store', 'text', await nameOf(stores, store.storeId!)],
      ['department', 'text', await nameOf(departments, store.departmentId)],
      ['post', 'text', await nameOf(posts, salesPost)],
      ['entry_date', 'date', '2026-12-01'],
      ['employee_type', 'dictionary', employeeType!.name],
      ['probation_months', 'number', 3],
      ['contract_start', 'date', '2026-12-01'],
      ['contract_end', 'date', '2029-11-30'],
    ]);
    expect(JSON.stringify(answer.data)).not.toContain(entry.id_number);
  });

  it('is atomic: a failure in the last write leaves no employee, no assignment and no account', async () => {
    const entry = await completeEntry();
    await submit(entry.id);
    const counts = async () => ({
      employees: await t.db.$count(employees),
      assignments: await t.db.$count(assignments),
      users: await t.db.$count(users),
    });
    const before = await counts();
    await t.db.execute(sql`
      create or replace function fail_onboarding_approval() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.db.execute(sql`
      create trigger fail_onboarding_approval before update on onboarding_entries
      for each row when (new.status = 'approved') execute function fail_onboarding_approval()`);
    try {
      const answer = await decide(entry.id, 'approve');
      expect(answer.code).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger fail_onboarding_approval on onboarding_entries`);
    }
    expect(
      await t.db
        .select()
        .from(employees)
        .where(eq(employees.idNumberIndex, t.sealer.blindIndex(entry.id_number))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.username, `u${entry.phone}`)),
    ).toEqual([]);
    const [still] = await t.db.select().from(onboardingEntries).where(eq(onboardingEntries.id, entry.id));
    expect(still).toMatchObject({ status: 'pending', employeeId: null });
    const open = await t.db
      .select()
      .from(approvalTasks)
      .where(and(eq(approvalTasks.instanceId, still!.instanceId!), eq(approvalTasks.status, 'pending')));
    expect(open).toHaveLength(1);
    expect(await counts()).toEqual(before);
    // With the failure gone the same approval goes through.
    expect((await decide(entry.id, 'approve')).data.status).toBe('approved');
  });

  it('rehires a person who left on their own record, number and account, with the new password', async () => {
    const [leaver] = await t.db
      .select()
      .from(employees)
      .where(
        and(
          eq(employees.status, 'regular'),
          sql`not exists (select 1 from ${users} where ${users.employeeId} = ${employees.id})`,
        ),
      )
      .orderBy(sql`${employees.id} desc`)
      .limit(1);
    await t.db
      .update(employees)
      .set({ status: 'resigned', leftOn: '2025-06-30' })
      .where(eq(employees.id, leaver!.id));
    await t.db
      .update(assignments)
      .set({ endDate: '2025-06-30' })
      .where(eq(assignments.employeeId, leaver!.id));
    // Their account was frozen when they left; they come back under the same name.
    const [old] = await t.db
      .insert(users)
      .values({
        username: `old-${leaver!.id}`,
        passwordHash: 'left',
        name: leaver!.name,
        employeeId: leaver!.id,
        status: 'frozen',
        frozenReason: '离职',
      })
      .returning();
    const entry = await completeEntry(
      { id_number: t.sealer.open(leaver!.idNumberSealed), phone: phone() },
      { username: old!.username },
    );
    await submit(entry.id);
    const approved = await decide(entry.id, 'approve');
    expect(approved.data).toMatchObject({
      status: 'approved',
      employee_id: leaver!.id,
      employee_no: leaver!.employeeNo,
    });
    const held = await t.db.select().from(assignments).where(eq(assignments.employeeId, leaver!.id));
    expect(held.filter((row) => row.endDate === null)).toHaveLength(1);
    expect(held.length).toBeGreaterThan(1);
    const [account] = await t.db.select().from(users).where(eq(users.employeeId, leaver!.id));
    expect(account).toMatchObject({ id: old!.id, status: 'active', frozenReason: null });
    expect(await t.login(old!.username, PASSWORD)).toMatch(/^Bearer /);
  });

  it('lets an approver outside the entry’s department read it, its documents, and decide', async () => {
    const outsider = await userWith(t, [
      'processapproval:inductionfirst:view',
      'processapproval:inductionfirst:approve',
    ]);
    // The account userWith just made: it holds no post, so its data scope is empty.
    const [who] = await t.db
      .select({ id: users.id })
      .from(users)
      .orderBy(sql`${users.id} desc`)
      .limit(1);
    const flow = and(eq(approvalFlows.businessType, 'inductionfirst'), eq(approvalFlows.status, 'active'));
    const [original] = await t.db.select().from(approvalFlows).where(flow);
    await t.db
      .update(approvalFlows)
      .set({
        nodes: [
          {
            name: '指定人审批',
            approver_type: 'users',
            approver_ids: [who!.id],
            leader_level: null,
            mode: 'any',
            condition: null,
          },
        ],
      })
      .where(eq(approvalFlows.id, original!.id));
    try {
      const entry = await completeEntry();
      await submit(entry.id);
      const waiting = await call<{ data: OnboardingRow[] }>(
        'GET',
        'user/entry/step/index?awaiting_me=1',
        undefined,
        outsider,
      );
      expect(waiting.data.data.map((row) => row.id)).toEqual([entry.id]);
      const seen = await detail(entry.id, outsider);
      expect(seen.data.approval!.task_id).toEqual(expect.any(Number));
      expect((await readUpload(t, outsider, seen.data.documents[0]!.id)).statusCode).toBe(200);
      expect((await decide(entry.id, 'approve', undefined, outsider)).data.status).toBe('approved');
      // Someone else without scope or task still finds nothing.
      const stranger = await userWith(t, ['processapproval:inductionfirst:view']);
      expect((await detail(entry.id, stranger)).code).toBe(404);
    } finally {
      await t.db
        .update(approvalFlows)
        .set({ nodes: original!.nodes })
        .where(eq(approvalFlows.id, original!.id));
    }
  });

  it('withdrawn by the applicant, the entry is a draft again', async () => {
    const entry = await completeEntry();
    const { data } = await submit(entry.id);
    const withdrawn = await call('POST', 'approval/task/withdraw', { id: data.approval!.instance_id });
    expect(withdrawn.code).toBe(200);
    expect((await detail(entry.id)).data.status).toBe('draft');
  });
});

describe('destroy, list and excel', () => {
  it('deletes a draft never submitted and nothing else', async () => {
    const { data: draft } = await start();
    expect((await call('DELETE', 'user/entry/step/destroy', { id: draft.id })).code).toBe(200);
    expect((await detail(draft.id)).code).toBe(404);
    const entry = await completeEntry();
    await submit(entry.id);
    expect((await call('DELETE', 'user/entry/step/destroy', { id: entry.id })).message).toBe(
      onboardingMessages.notDraft,
    );
  });

  it('filters the list by status, store and name, within the caller’s scope', async () => {
    const { data: mine } = await start({ name: '欧阳列表' });
    const { data: elsewhere } = await start({ name: '欧阳列表', store_id: otherStore });
    const list = await call<{ data: OnboardingRow[]; total: number }>(
      'GET',
      `user/entry/step/index?keyword=${encodeURIComponent('欧阳列表')}&status=draft`,
    );
    expect(list.data.data.map((row) => row.id).sort()).toEqual([mine.id, elsewhere.id].sort());
    expect(list.data.data[0]!.id_number).toBe(maskIdNumber(elsewhere.id_number));
    const managers = await call<{ data: OnboardingRow[] }>(
      'GET',
      `user/entry/step/index?keyword=${encodeURIComponent('欧阳列表')}`,
      undefined,
      manager,
    );
    expect(managers.data.data.map((row) => row.id)).toEqual([mine.id]);
  });

  it('exports the filtered entries to Excel with the ID numbers masked', async () => {
    const { data: entry } = await start({ name: '欧阳导出' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/user/entry/step/excel?keyword=${encodeURIComponent('欧阳导出')}`,
      headers: { authorization: hr },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining(['欧阳导出', entry.phone, maskIdNumber(entry.id_number), '填写中']),
    );
    expect(sheet.rowCount).toBe(2);
  });
});
