import type { ProhibitedSource, ProhibitedStatus } from '@dealer-hr/shared/prohibited/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { sendXlsx, sheetColumnsOf, sheetTime, xlsxStream } from '../../lib/xlsx';
import { signedInActorOf } from '../../plugins/auth';
import {
  prohibitedChangeBody,
  prohibitedCheckAnswer,
  prohibitedDetail,
  prohibitedDismissAnswer,
  prohibitedDismissBody,
  prohibitedRow,
  prohibitedStoreBody,
  type ProhibitedRow,
} from '@dealer-hr/shared/prohibited/contract';
import { prohibitedCheckQuery, prohibitedIdQuery, prohibitedListQuery } from './prohibited.schemas';
import {
  addProhibited,
  allProhibited,
  changeProhibited,
  dismissProhibited,
  findListed,
  listProhibited,
  prohibitedDetail as detailOf,
} from './prohibited.service';

const tags = ['prohibited'];

const sourceNames: Record<ProhibitedSource, string> = {
  manual: '手动添加',
  resignation: '离职加入',
  import: '批量导入',
};
const statusNames: Record<ProhibitedStatus, string> = {
  active: '禁用中',
  dismissing: '解除审批中',
  dismissed: '已解除',
};

type SheetRow = Record<(typeof sheetKeys)[number][0], string>;
const sheetKeys = [
  ['name', '姓名', 12],
  ['idNumber', '证件号码', 22],
  ['phone', '手机号码', 14],
  ['disableReason', '禁用原因', 30],
  ['source', '来源', 10],
  ['status', '状态', 12],
  ['enableReason', '解除原因', 30],
  ['createdBy', '添加人', 12],
  ['createdAt', '添加时间', 20],
  ['dismissedAt', '解除时间', 20],
] as const;
const sheetColumns = sheetColumnsOf(sheetKeys);

const sheetRowOf = (row: ProhibitedRow): SheetRow => ({
  name: row.name,
  idNumber: row.id_number,
  phone: row.phone ?? '',
  disableReason: row.disable_reason,
  source: sourceNames[row.source],
  status: statusNames[row.status],
  enableReason: row.enable_reason ?? '',
  createdBy: row.created_by ?? '',
  createdAt: sheetTime(row.created_at),
  dismissedAt: sheetTime(row.dismissed_at),
});

/**
 * Protected: the prohibited list (people the group does not rehire). Group-wide, not bound to a department,
 * so no data scope applies. ID numbers are stored sealed and answered masked (first 3 and last 3).
 */
export const prohibitedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer, approvals }) => {
  app.get(
    '/prohibited/index',
    {
      config: { permission: 'staff:prohibited:view' },
      schema: {
        tags,
        summary: 'The prohibited list, paged',
        description:
          '`keyword` matches part of the name or the phone; `id_number` the whole number (through its blind ' +
          'index: the stored numbers are sealed); `status`, `source` exactly; `from`/`to` the days the ' +
          'entries were added in `tz`. Newest first.',
        querystring: prohibitedListQuery,
        response: { 200: envelope(page(prohibitedRow)) },
      },
    },
    async (request) => ok(await listProhibited(db, sealer, request.query)),
  );

  app.get(
    '/prohibited/detail',
    {
      config: { permission: 'staff:prohibited:view' },
      schema: {
        tags,
        summary: 'An entry with its whole history',
        description:
          'History oldest first: added, changed (fields before and after), dismissal asked, refused, done.',
        querystring: prohibitedIdQuery,
        response: { 200: envelope(prohibitedDetail) },
      },
    },
    async (request) => ok(await detailOf(db, request.query.id)),
  );

  app.get(
    '/prohibited/check',
    {
      // Onboarding asks before it starts; the list's own page asks too.
      config: { permission: ['staff:prohibited:view', 'staff:onboarding:create'] },
      schema: {
        tags,
        summary: 'Whether an ID number is on the list',
        description:
          'An entry still listed or waiting for its dismissal blocks; a dismissed one does not. Case and ' +
          'surrounding spaces do not matter.',
        querystring: prohibitedCheckQuery,
        response: { 200: envelope(prohibitedCheckAnswer) },
      },
    },
    async (request) => {
      const entry = await findListed(db, sealer, request.query.id_number);
      return ok({
        prohibited: entry !== null,
        entry: entry && {
          id: entry.id,
          name: entry.name,
          id_number: entry.id_number,
          disable_reason: entry.disable_reason,
          created_at: entry.created_at,
        },
      });
    },
  );

  app.post(
    '/prohibited/store',
    {
      config: { permission: 'staff:prohibited:create' },
      schema: {
        tags,
        summary: 'Put a person on the list',
        description:
          'Name, ID number, phone (optional), disable reason and source (default `manual`). An ID number ' +
          'already listed (or being dismissed) answers 409 with `data.errors` on `id_number`.',
        body: prohibitedStoreBody,
        response: { 200: envelope(prohibitedRow) },
      },
    },
    async (request) => ok(await addProhibited(db, sealer, auditActorOf(request), request.body)),
  );

  app.put(
    '/prohibited/change',
    {
      config: { permission: 'staff:prohibited:update' },
      schema: {
        tags,
        summary: 'Change the name, phone or reason of an entry',
        description: 'Fields left out keep their value. A dismissed entry is history: 409.',
        body: prohibitedChangeBody,
        response: { 200: envelope(prohibitedRow) },
      },
    },
    async (request) => ok(await changeProhibited(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/prohibited/dismiss',
    {
      config: { permission: 'staff:prohibited:dismiss' },
      schema: {
        tags,
        summary: 'Lift an entry with an enable reason',
        description:
          'When a `prohibited_dismiss` approval flow is configured the entry becomes `dismissing` (it still ' +
          'blocks onboarding) and the answer carries the approval instance; otherwise it is dismissed at once. ' +
          '409 when it is already dismissed or its dismissal is being approved.',
        body: prohibitedDismissBody,
        response: { 200: envelope(prohibitedDismissAnswer) },
      },
    },
    async (request) => ok(await dismissProhibited(db, approvals, signedInActorOf(request), request.body)),
  );

  app.get(
    '/prohibited/export',
    {
      config: { permission: 'staff:prohibited:export' },
      schema: {
        tags,
        summary: 'The filtered list as an .xlsx file',
        description: 'Same filters as `prohibited/index`, every matching row; ID numbers masked.',
        querystring: prohibitedListQuery,
      },
    },
    async (request, reply) => {
      const rows = await allProhibited(db, sealer, request.query);
      return sendXlsx(
        reply,
        xlsxStream('禁用名单', sheetColumns, rows.map(sheetRowOf)),
        'prohibited.xlsx',
        '禁用名单.xlsx',
      );
    },
  );
};
