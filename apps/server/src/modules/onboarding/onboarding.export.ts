import { ONBOARDING_STEPS, stepNames, type OnboardingStatus } from '@dealer-hr/shared/onboarding/rules';
import type { OnboardingRow } from '@dealer-hr/shared/onboarding/contract';
import type { ExportSource, SheetRow } from '../../core/exports';
import type { Database } from '../../db/client';
import { sheetColumnsOf, sheetTime } from '../../lib/xlsx';
import { onboardingListQuery, type OnboardingListQuery } from './onboarding.schemas';
import { allOnboarding, listOnboarding } from './onboarding.service';

const statusNames: Record<OnboardingStatus, string> = {
  draft: '填写中',
  pending: '审批中',
  returned: '已驳回',
  approved: '已入职',
};

const sheetColumns = sheetColumnsOf([
  ['name', '姓名', 10],
  ['phone', '手机号码', 14],
  ['idNumber', '证件号码', 22],
  ['store', '入职门店', 22],
  ['department', '入职部门', 14],
  ['post', '入职岗位', 14],
  ['entryDate', '入职日期', 12],
  ['steps', '已完成步骤', 22],
  ['status', '状态', 8],
  ['returnComment', '驳回意见', 30],
  ['employeeNo', '工号', 10],
  ['createdBy', '发起人', 10],
  ['createdAt', '发起时间', 20],
  ['submittedAt', '提交时间', 20],
] as const);

const sheetRowOf = (row: OnboardingRow): SheetRow => ({
  name: row.name,
  phone: row.phone,
  idNumber: row.id_number,
  store: row.store_name,
  department: row.department_name,
  post: row.post_name,
  entryDate: row.entry_date ?? '',
  steps: ONBOARDING_STEPS.filter((step) => row.steps[step])
    .map((step) => stepNames[step])
    .join('、'),
  status: statusNames[row.status],
  returnComment: row.return_comment ?? '',
  employeeNo: row.employee_no ?? '',
  createdBy: row.created_by ?? '',
  createdAt: sheetTime(row.created_at),
  submittedAt: sheetTime(row.submitted_at),
});

/** The entries as an .xlsx file (`user/entry/step/excel`, and the export job): the list's filters and scope. */
export const onboardingExport = (db: Database): ExportSource<OnboardingListQuery> => ({
  kind: 'onboarding',
  permission: 'staff:onboarding:export',
  sheetName: '入职管理',
  columns: sheetColumns,
  query: onboardingListQuery,
  async count({ scope, userId, query }) {
    return (await listOnboarding(db, scope, userId, { ...query, page: 1, limit: 1 })).total;
  },
  async *rows({ scope, userId, query }) {
    for await (const row of allOnboarding(db, scope, userId, query)) yield sheetRowOf(row);
  },
});
