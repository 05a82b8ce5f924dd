import { transferStatusNames } from '@dealer-hr/shared/transfers/rules';
import type { ExportSource } from '../../core/exports';
import type { Database } from '../../db/client';
import { sheetColumnsOf, sheetTime } from '../../lib/xlsx';
import { transferExportQuery, type TransferExportQuery } from './transfers.schemas';
import { allTransfers, countTransfers } from './transfers.service';

const columns = sheetColumnsOf([
  ['employeeNo', '工号', 10],
  ['name', '姓名', 10],
  ['type', '调岗类型', 10],
  ['fromStore', '调出门店', 18],
  ['fromDepartment', '调出部门', 14],
  ['fromPost', '调出岗位', 14],
  ['toStore', '调入门店', 18],
  ['toDepartment', '调入部门', 14],
  ['toPost', '调入岗位', 14],
  ['effectiveDate', '生效日期', 12],
  ['status', '状态', 8],
  ['keepPartTime', '原岗位保留兼职', 10],
  ['reason', '调岗原因', 30],
  ['createdBy', '发起人', 10],
  ['createdAt', '发起时间', 18],
] as const);

/** The transfer list as an .xlsx file (`user/job/transfer/export`, and the export job), in the caller's scope. */
export const transferExport = (db: Database): ExportSource<TransferExportQuery> => ({
  kind: 'transfer',
  permission: 'staff:transfer:export',
  sheetName: '调岗记录',
  columns,
  query: transferExportQuery,
  count: ({ scope, userId, query }) => countTransfers(db, scope, userId, query),
  async *rows({ scope, userId, query }) {
    for await (const row of allTransfers(db, scope, userId, query)) {
      yield {
        employeeNo: row.employee_no,
        name: row.employee_name,
        type: row.type_name,
        fromStore: row.from.store_name ?? '',
        fromDepartment: row.from.department_name,
        fromPost: row.from.post_name,
        toStore: row.to.store_name ?? '',
        toDepartment: row.to.department_name,
        toPost: row.to.post_name,
        effectiveDate: row.effective_date,
        status: transferStatusNames[row.status],
        keepPartTime: row.keep_part_time ? '是' : '否',
        reason: row.reason,
        createdBy: row.created_by ?? '',
        createdAt: sheetTime(row.created_at),
      };
    }
  },
});
