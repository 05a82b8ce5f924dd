import type pg from 'pg';
import { mainlandIdCheckDigit } from '../../packages/shared/src/id-number';
import { call, type Answer } from './scale-out-api';

// Onboarding entries brought through the API to the point where one approval hires the person: started by
// `hr` at the demo `manager`'s store, every step saved, submitted; the manager's approval is the last one of
// the demo flow. Candidates are told apart by their phone numbers (1370000xxxx), new on the suite's database.

const PASSWORD = 'Welcome2026';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export interface Candidate {
  entryId: number;
  phone: string;
  username: string;
}

/** The ids the steps choose from, read from the seeded database. */
async function choicesOf(db: pg.Client) {
  const one = async <T>(text: string, values: unknown[] = []) => {
    const { rows } = await db.query(text, values);
    if (!rows[0]) throw new Error(`nothing for: ${text}`);
    return rows[0] as T;
  };
  const place = await one<{ store_id: number; department_id: number }>(
    `select s.id as store_id, s.department_id from users u
       join assignments a on a.employee_id = u.employee_id and a.is_main and a.end_date is null
       join stores s on s.id = a.store_id
     where u.username = 'manager'`,
  );
  const post = await one<{ id: number }>(`select id from posts where code = 'sales_consultant'`);
  const item = async (typeId: number, code?: string) =>
    (
      await one<{ id: number }>(
        'select id from dictionary_items where type_id = $1 and ($2::text is null or code = $2) order by id limit 1',
        [typeId, code ?? null],
      )
    ).id;
  // Dictionary type ids as fixed by the product (packages/shared/src/dictionary-types.ts).
  return {
    storeId: place.store_id,
    departmentId: place.department_id,
    postId: post.id,
    mainland: await item(21, 'mainland'),
    education: await item(22),
    ethnicity: await item(23),
    marital: await item(24),
    region: await item(1),
    employeeType: await item(50),
    license: await item(51),
  };
}

/** A valid mainland ID number, different for each `serial`. */
function idNumber(serial: number) {
  const born = new Date(Date.UTC(1990, 0, 1) + serial * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
  const first17 = `310115${born}${String(serial % 1000).padStart(3, '0')}`;
  return `${first17}${mainlandIdCheckDigit(first17)}`;
}

const ok = <T>(step: string, answer: Answer<T>): T => {
  if (answer.code !== 200 || answer.data === null)
    throw new Error(`onboarding ${step} answered ${answer.code} ${answer.message}`);
  return answer.data;
};

async function upload(
  base: string,
  authorization: string,
  purpose: string,
  name: string,
  type: string,
  bytes: Buffer,
) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${base}/api/auth/upload/file`, {
    method: 'POST',
    headers: { authorization },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json()) as { code: number; message: string; data: { id: number } | null };
  return ok(`upload ${purpose}`, { status: response.status, ...answer }).id;
}

/** `count` entries waiting for the manager's approval, prepared on `base` as `hr` (bearer header). */
export async function pendingCandidates(
  db: pg.Client,
  base: string,
  hr: string,
  count: number,
): Promise<Candidate[]> {
  const choice = await choicesOf(db);
  const candidates: Candidate[] = [];
  for (let serial = 1; serial <= count; serial++) {
    const phone = `1370000${String(serial).padStart(4, '0')}`;
    const id_number = idNumber(serial);
    const person = { name: '李新', phone, id_type_id: choice.mainland, id_number };
    const entry = ok(
      'start',
      await call<{ id: number }>(base, 'POST', '/api/auth/user/entry/step/start', {
        authorization: hr,
        body: { ...person, store_id: choice.storeId, post_id: choice.postId },
      }),
    );
    const save = async (body: object) =>
      ok(
        'update',
        await call(base, 'PUT', '/api/auth/user/entry/step/update', {
          authorization: hr,
          body: { id: entry.id, ...body },
        }),
      );
    await save({
      step: 'personal',
      ...person,
      email: `c${serial}@example.com`,
      gender: 'male',
      height: 175,
      ethnicity_id: choice.ethnicity,
      marital_status_id: choice.marital,
      education_id: choice.education,
      college: '同济大学',
      region_id: choice.region,
      has_license_id: choice.license,
    });
    await save({
      step: 'documents',
      id_card_front: await upload(base, hr, 'id_card_front', 'front.png', 'image/png', PNG),
      id_card_back: await upload(base, hr, 'id_card_back', 'back.pdf', 'application/pdf', PDF),
    });
    const username = `u${phone}`;
    await save({
      step: 'contract',
      department_id: choice.departmentId,
      post_id: choice.postId,
      entry_date: '2026-12-01',
      employee_type_id: choice.employeeType,
      probation_months: 3,
      contract_start: '2026-12-01',
      contract_end: '2029-11-30',
      username,
      password: PASSWORD,
      is_sale: false,
    });
    ok(
      'submit',
      await call(base, 'POST', '/api/auth/user/entry/step/post', {
        authorization: hr,
        body: { id: entry.id },
      }),
    );
    candidates.push({ entryId: entry.id, phone, username });
  }
  return candidates;
}

/** The manager's approval: the last of the flow, which hires the person in one transaction. */
export const approve = (base: string, manager: string, candidate: Candidate) =>
  call<{ status: string }>(base, 'POST', '/api/auth/user/entry/step/approve', {
    authorization: manager,
    body: { id: candidate.entryId, comment: '同意' },
  });

/**
 * What one completion writes together (modules/onboarding/onboarding.business.ts): the employee, their open
 * main assignment, their login account, and the entry marked approved with the employee's id. Each
 * candidate is either whole (all of it) or untouched (none of it, the entry still pending); anything else
 * is half a completion.
 */
export async function completionStates(db: pg.Client, candidates: readonly Candidate[]) {
  const { rows } = await db.query<{
    phone: string;
    status: string;
    linked: boolean;
    employees: number;
    assignments: number;
    accounts: number;
  }>(
    `select e.phone, e.status,
            e.employee_id is not null and e.employee_id = (select m.id from employees m where m.phone = e.phone limit 1) as linked,
            (select count(*)::int from employees m where m.phone = e.phone) as employees,
            (select count(*)::int from assignments a join employees m on m.id = a.employee_id
               where m.phone = e.phone and a.is_main and a.end_date is null) as assignments,
            (select count(*)::int from users u
               where lower(u.username) = lower('u' || e.phone)
                  or u.employee_id in (select m.id from employees m where m.phone = e.phone)) as accounts
       from onboarding_entries e where e.phone = any($1::text[])`,
    [candidates.map((candidate) => candidate.phone)],
  );
  const whole = rows.filter(
    (row) =>
      row.status === 'approved' &&
      row.linked &&
      row.employees === 1 &&
      row.assignments === 1 &&
      row.accounts === 1,
  );
  const untouched = rows.filter(
    (row) => row.status === 'pending' && row.employees === 0 && row.assignments === 0 && row.accounts === 0,
  );
  const half = rows.filter((row) => !whole.includes(row) && !untouched.includes(row));
  return {
    whole: new Set(whole.map((row) => row.phone)),
    untouched: new Set(untouched.map((row) => row.phone)),
    half: half.map(
      (row) => `${row.phone} ${row.status} e${row.employees} a${row.assignments} u${row.accounts}`,
    ),
  };
}
