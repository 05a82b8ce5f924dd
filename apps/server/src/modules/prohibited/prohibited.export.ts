import type { ProhibitedRow } from '@dealer-hr/shared/prohibited/contract';
import { prohibitedSourceNames, type ProhibitedStatus } from '@dealer-hr/shared/prohibited/rules';
import type { ExportSource, SheetRow } from '../../core/exports';
import type { Database } from '../../db/client';
import type { Sealer } from '../../lib/sealed-values';
import { sheetColumnsOf, sheetTime } from '../../lib/xlsx';
import { prohibitedListQuery, type ProhibitedListQuery } from './prohibited.schemas';
import { allProhibited, listProhibited } from './prohibited.service';

const statusNames: Record<ProhibitedStatus, string> = {
  active: '禁用中',
  dismissing: '解除审批中',
  dismissed: '已解除',
};

const sheetColumns = sheetColumnsOf([
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
] as const);

const sheetRowOf = (row: ProhibitedRow): SheetRow => ({
  name: row.name,
  idNumber: row.id_number,
  phone: row.phone ?? '',
  disableReason: row.disable_reason,
  source: prohibitedSourceNames[row.source],
  status: statusNames[row.status],
  enableReason: row.enable_reason ?? '',
  createdBy: row.created_by ?? '',
  createdAt: sheetTime(row.created_at),
  dismissedAt: sheetTime(row.dismissed_at),
});

/**
 * The list as an .xlsx file (`prohibited/export`, and the export job): the list's filters, ID numbers masked.
 * The list is group-wide: no data scope applies.
 */
export const prohibitedExport = (db: Database, sealer: Sealer): ExportSource<ProhibitedListQuery> => ({
  kind: 'prohibited',
  permission: 'staff:prohibited:export',
  sheetName: '禁用名单',
  columns: sheetColumns,
  query: prohibitedListQuery,
  async count({ query }) {
    return (await listProhibited(db, sealer, { ...query, page: 1, limit: 1 })).total;
  },
  async *rows({ query }) {
    for await (const row of allProhibited(db, sealer, query)) yield sheetRowOf(row);
  },
});
