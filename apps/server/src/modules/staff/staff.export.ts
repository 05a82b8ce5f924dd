import type { StaffRow } from '@dealer-hr/shared/staff/contract';
import { canAny } from '../../core/access';
import type { ExportSource, SheetRow } from '../../core/exports';
import type { Database } from '../../db/client';
import type { Sealer } from '../../lib/sealed-values';
import { sheetColumnsOf } from '../../lib/xlsx';
import { staffListQuery, type StaffListQuery } from './staff.schemas';
import { allStaff, auditIdNumberExport, listStaff } from './staff.service';

/** Who may see whole ID numbers: through the audited reveal, and in the export. */
export const REVEAL_ID_NUMBER = ['staff:list:reveal-id', 'staff:detail:reveal-id'] as const;

const statusNames: Record<StaffRow['status'], string> = {
  probation: '试用期',
  regular: '正式',
  resigning: '离职中',
  resigned: '已离职',
  frozen: '冻结',
};

const sheetColumns = sheetColumnsOf([
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
] as const);

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
 * The staff directory as an .xlsx file (`user/export`, and the export job): the filters and scope of
 * `user/index`. ID numbers are whole when the one who started the export may reveal them; that export is
 * written to the audit log when it starts.
 */
export const staffExport = (db: Database, sealer: Sealer): ExportSource<StaffListQuery> => ({
  kind: 'staff',
  permission: 'staff:list:export',
  sheetName: '员工花名册',
  columns: sheetColumns,
  query: staffListQuery,
  async prepare(tx, caller, query) {
    const wholeIdNumbers = canAny(caller.access, REVEAL_ID_NUMBER);
    if (wholeIdNumbers) await auditIdNumberExport(tx, caller.audit, query);
    return { wholeIdNumbers };
  },
  async count({ scope, query }) {
    return (await listStaff(db, sealer, scope, { ...query, page: 1, limit: 1 })).total;
  },
  async *rows({ scope, query, options }) {
    const wholeIdNumbers = options.wholeIdNumbers === true;
    for await (const row of allStaff(db, sealer, scope, query, { wholeIdNumbers })) yield sheetRowOf(row);
  },
});
