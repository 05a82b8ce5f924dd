import { EmployeeStatus } from '@dealer-hr/shared/dictionary-types';
import { fieldLabels, selectMessage } from '@dealer-hr/shared/rules';
import { staffLabels } from '@dealer-hr/shared/staff/rules';
import { zRequiredSelect } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeMessages, zOptionalDay } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the staff routes are the shared contract (@dealer-hr/shared/staff/contract);
// what is here reads query strings, on the server's own paging and day-range coercion.

const zId = zRequiredSelect;
export const staffListQuery = z
  .object({
    ...pagingQuery,
    /** Part of the name, its pinyin or initials (zhangsan, zs), or the employee number. */
    keyword: zFilterText(staffLabels.keyword),
    /** Part of the phone number. */
    phone: zFilterText(fieldLabels.phone, 11),
    /** The whole ID number (case and spaces do not matter). */
    id_number: zFilterText(fieldLabels.idNumber, 30),
    store_id: zId(fieldLabels.store).optional(),
    /** The department and everything under it. */
    department_id: zId('部门').optional(),
    post_id: zId(fieldLabels.post).optional(),
    status: z.enum(EmployeeStatus, { error: selectMessage(fieldLabels.status) }).optional(),
    employee_type_id: zId(staffLabels.employeeType).optional(),
    entry_from: zOptionalDay(staffLabels.entryFrom),
    entry_to: zOptionalDay(staffLabels.entryTo),
  })
  .superRefine((query, context) => {
    if (query.entry_from && query.entry_to && query.entry_from > query.entry_to)
      context.addIssue({ code: 'custom', path: ['entry_to'], message: dayRangeMessages.rangeReversed });
  });
export type StaffListQuery = z.infer<typeof staffListQuery>;

export const staffIdQuery = z.object({ id: zId(staffLabels.employee) });
