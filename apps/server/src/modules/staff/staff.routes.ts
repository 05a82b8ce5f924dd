import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { EpochCache } from '../../lib/epoch-cache';
import { keptOk, type KeptOk } from '../../lib/kept-answers';
import { sendXlsx, sheetColumnsOf, sheetRowsOf, xlsxStream } from '../../lib/xlsx';
import { actor } from '../../plugins/auth';
import { canAny } from '../../core/access';
import { scopeKeyOf } from '../../core/scope';
import {
  revealedIdNumber,
  staffDetail as staffDetailSchema,
  staffRow,
  staffUpdateBody,
  type StaffRow,
} from '@dealer-hr/shared/staff/contract';
import { staffIdQuery, staffListQuery } from './staff.schemas';
import {
  allStaff,
  auditIdNumberExport,
  listStaff,
  revealIdNumber,
  staffDetail,
  updateStaff,
} from './staff.service';

const tags = ['staff'];

/** Who may see whole ID numbers: through the audited reveal, and in the export. */
const REVEAL_ID_NUMBER = ['staff:list:reveal-id', 'staff:detail:reveal-id'] as const;

const statusNames: Record<StaffRow['status'], string> = {
  probation: '试用期',
  regular: '正式',
  resigning: '离职中',
  resigned: '已离职',
  frozen: '冻结',
};

type SheetRow = Record<(typeof sheetKeys)[number][0], string>;
const sheetKeys = [
  ['employeeNo', '工号', 10],
  ['name', '姓名', 10],
  ['gender', '性别', 6],
  ['phone', '手机号码', 14],
  ['idNumber', '证件号码', 22],
  ['store', '门店', 22],
  ['department', '部门', 14],
  ['post', '岗位', 14],
  ['employeeType', '员工类型', 10],
  ['status', '状态', 8],
  ['entryDate', '入职日期', 12],
  ['leftOn', '离职日期', 12],
] as const;
const sheetColumns = sheetColumnsOf(sheetKeys);

const sheetRowOf = (row: StaffRow): SheetRow => ({
  employeeNo: row.employee_no,
  name: row.name,
  gender: row.gender === 'male' ? '男' : '女',
  phone: row.phone,
  idNumber: row.id_number,
  store: row.store_name ?? '',
  department: row.department_name ?? '',
  post: row.post_name ?? '',
  employeeType: row.employee_type_name ?? '',
  status: statusNames[row.status],
  entryDate: row.entry_date,
  leftOn: row.left_on ?? '',
});

/**
 * Protected: the staff directory (`user/*`). Every route sees only employees whose current (or, for leavers,
 * last) main post is inside the caller's data scope; others answer 404. ID numbers are stored sealed and
 * answered masked, except through the audited reveal and the export of someone allowed to reveal them.
 */
export const staffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer }) => {
  // A page of the directory is kept until a row it shows could have changed (the `staff` epoch: employees,
  // departments, stores, posts, dictionary items), per data scope and filter: HR opens the same pages
  // again and again, returning from a record to its list (docs/decisions.md "Per-request cost").
  const pages = new EpochCache<string, KeptOk<Awaited<ReturnType<typeof listStaff>>>>(2_000);
  app.get(
    '/user/index',
    {
      config: { permission: 'staff:list:view' },
      schema: {
        tags,
        summary: 'The staff directory, paged',
        description:
          '`keyword` matches part of the name, its pinyin or initials (zhangsan, zs) or the employee number; ' +
          '`phone` part of the phone; `id_number` the whole number; `department_id` the department and its ' +
          'subtree; `store_id`, `post_id` (the main post), `status`, `employee_type_id` exactly; ' +
          '`entry_from`/`entry_to` the entry dates, inclusive. By employee number.',
        querystring: staffListQuery,
        response: { 200: envelope(page(staffRow)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const scope = await caller.scope();
      const key = `${scopeKeyOf(scope)} ${JSON.stringify(request.query)}`;
      return pages.get(caller.epochs.staff, key, async () =>
        keptOk(await listStaff(db, sealer, scope, request.query)),
      );
    },
  );

  app.get(
    '/user/detail',
    {
      config: { permission: ['staff:list:view', 'staff:detail:view'] },
      schema: {
        tags,
        summary: 'An employee with every field and the history of their posts',
        querystring: staffIdQuery,
        response: { 200: envelope(staffDetailSchema) },
      },
    },
    async (request) => ok(await staffDetail(db, await actor(request).scope(), request.query.id)),
  );

  app.get(
    '/user/detail/id-number',
    {
      config: { permission: REVEAL_ID_NUMBER },
      schema: {
        tags,
        summary: 'Reveal an employee’s whole ID number',
        description: 'Each reveal is written to the audit log (`reveal_id_number`).',
        querystring: staffIdQuery,
        response: { 200: envelope(revealedIdNumber) },
      },
    },
    async (request) =>
      ok(
        await revealIdNumber(
          db,
          sealer,
          await actor(request).scope(),
          auditActorOf(request),
          request.query.id,
        ),
      ),
  );

  app.put(
    '/user/update',
    {
      config: { permission: ['staff:list:update', 'staff:detail:update'] },
      schema: {
        tags,
        summary: 'Change an employee’s profile',
        description:
          'The whole profile with the rules of docs/domain.md "Form rules". `id_number` only to change it; ' +
          'with the mainland ID type it must be a valid number and sets the birth date. A phone used by ' +
          'another employee on staff, or an ID number used by anyone, answers 409 on that field.',
        body: staffUpdateBody,
        response: { 200: envelope(staffDetailSchema) },
      },
    },
    async (request) =>
      ok(await updateStaff(db, sealer, await actor(request).scope(), auditActorOf(request), request.body)),
  );

  app.get(
    '/user/export',
    {
      config: { permission: 'staff:list:export' },
      schema: {
        tags,
        summary: 'The filtered directory as an .xlsx file',
        description:
          'Same filters and scope as `user/index`, every matching row, streamed. ID numbers are masked ' +
          'unless the caller may reveal them (`staff:list:reveal-id` or `staff:detail:reveal-id`): then ' +
          'they are whole and the export is written to the audit log (`export_id_numbers`).',
        querystring: staffListQuery,
      },
    },
    async (request, reply) => {
      const caller = actor(request);
      const wholeIdNumbers = canAny(await caller.access(), REVEAL_ID_NUMBER);
      if (wholeIdNumbers) await auditIdNumberExport(db, auditActorOf(request), request.query);
      const rows = allStaff(db, sealer, await caller.scope(), request.query, { wholeIdNumbers });
      return sendXlsx(
        reply,
        xlsxStream('员工花名册', sheetColumns, sheetRowsOf(rows, sheetRowOf)),
        'staff.xlsx',
        '员工花名册.xlsx',
      );
    },
  );
};
