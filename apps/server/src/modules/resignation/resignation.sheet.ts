import { resignationStatusNames, resignationTypeNames } from '@dealer-hr/shared/resignation/rules';
import type { ExportSource } from '../../core/exports';
import type { Database } from '../../db/client';
import { sheetColumnsOf, sheetTime } from '../../lib/xlsx';
import { resignationExportQuery, type ResignationExportQuery } from './resignation.schemas';
import { allResignations, countResignations } from './resignation.service';

const columns = sheetColumnsOf([
  ['employeeNo', '工号', 10],
  ['name', '姓名', 10],
  ['store', '门店', 18],
  ['department', '部门', 14],
  ['post', '岗位', 14],
  ['type', '离职类型', 12],
  ['reason', '离职原因', 12],
  ['destination', '离职去向', 12],
  ['appliedOn', '申请日期', 12],
  ['lastDay', '最后工作日', 12],
  ['status', '状态', 8],
  ['handover', '交接进度', 10],
  ['explanation', '说明', 30],
  ['createdBy', '发起人', 10],
  ['createdAt', '发起时间', 18],
] as const);

/** The resignation list as an .xlsx file (`resign/export`, and the export job), in the caller's scope. */
export const resignationExport = (db: Database): ExportSource<ResignationExportQuery> => ({
  kind: 'resignation',
  permission: 'staff:resignation:export',
  sheetName: '离职记录',
  columns,
  query: resignationExportQuery,
  count: ({ scope, query }) => countResignations(db, scope, query),
  async *rows({ scope, query }) {
    for await (const row of allResignations(db, scope, query)) {
      yield {
        employeeNo: row.employee_no,
        name: row.employee_name,
        store: row.store_name ?? '',
        department: row.department_name ?? '',
        post: row.post_name ?? '',
        type: resignationTypeNames[row.type],
        reason: row.reason_name,
        destination: row.destination_name,
        appliedOn: row.applied_on,
        lastDay: row.last_day,
        status: resignationStatusNames[row.status],
        // Handed over / all of the leaver's customers and chats; nothing to hand over: empty.
        handover: row.handover_total > 0 ? `${row.handover_done}/${row.handover_total}` : '',
        explanation: row.explanation,
        createdBy: row.created_by ?? '',
        createdAt: sheetTime(row.created_at),
      };
    }
  },
});
