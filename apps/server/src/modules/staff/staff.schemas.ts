import { EmployeeStatus } from '@dealer-hr/shared/dictionary-types';
import {
  COLLEGE_MAX,
  fieldLabels,
  isCertificateNumber,
  maxLengthMessage,
  selectMessage,
} from '@dealer-hr/shared/rules';
import {
  zEmail,
  zHeight,
  zIdNumber,
  zPersonName,
  zPhone,
  zRequiredDate,
  zRequiredSelect,
  zRequiredString,
} from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeMessages, zOptionalDay } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

export const staffLabels = {
  employee: '员工',
  keyword: '姓名或拼音',
  employeeType: '员工类型',
  hasLicense: '是否有驾照',
  entryDate: '入职日期',
  entryFrom: '入职开始日期',
  entryTo: '入职结束日期',
  birthDate: '出生日期',
  workUserId: '企业微信账号',
} as const;

const zId = (label: string) => zRequiredSelect(label) as z.ZodType<number, unknown>;
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

/** Where a person works now (their open main post), or worked last when they have left. */
const placement = {
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  post_id: z.number().int().nullable(),
  post_name: z.string().nullable(),
};

export const staffRow = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  gender: z.enum(['male', 'female']),
  phone: z.string(),
  /** First 3 and last 3 characters; `user/detail/id-number` reveals it to those allowed. */
  id_number: z.string(),
  status: z.enum(EmployeeStatus),
  employee_type_id: z.number().int().nullable(),
  employee_type_name: z.string().nullable(),
  entry_date: z.string(),
  left_on: z.string().nullable(),
  ...placement,
});
export type StaffRow = z.infer<typeof staffRow>;

export const assignmentRow = z.object({
  id: z.number().int(),
  is_main: z.boolean(),
  ...placement,
  start_date: z.string(),
  end_date: z.string().nullable(),
});

/** Every field of docs/domain.md "Employees", with the dictionary items' names beside their ids. */
export const staffDetail = staffRow.extend({
  email: z.string().nullable(),
  id_type_id: z.number().int(),
  id_type_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  height: z.number().int().nullable(),
  ethnicity_id: z.number().int().nullable(),
  ethnicity_name: z.string().nullable(),
  marital_status_id: z.number().int().nullable(),
  marital_status_name: z.string().nullable(),
  education_id: z.number().int().nullable(),
  education_name: z.string().nullable(),
  college: z.string().nullable(),
  region_id: z.number().int().nullable(),
  region_name: z.string().nullable(),
  has_license_id: z.number().int().nullable(),
  has_license_name: z.string().nullable(),
  face_url: z.string().nullable(),
  work_user_id: z.string().nullable(),
  account: z.object({ username: z.string(), status: z.string(), is_sale: z.boolean() }).nullable(),
  /** Main and part-time posts over time, the newest first; history is never overwritten. */
  assignments: z.array(assignmentRow),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffDetail = z.infer<typeof staffDetail>;

export const staffIdQuery = z.object({ id: zId(staffLabels.employee) });

/**
 * `user/update`: the profile with the rules of docs/domain.md "Form rules". The ID number is sent only to
 * change it (the form holds the masked one otherwise); a mainland number must be a valid one and gives the
 * birth date.
 */
export const staffUpdateBody = z.object({
  id: zId(staffLabels.employee),
  name: zPersonName,
  phone: zPhone,
  // The fields a record made before the rule may lack can be left out while the record has none: the
  // service refuses leaving out one that has a value (docs/decisions.md "Required fields of an
  // existing record").
  email: zEmail.optional(),
  gender: z.enum(['male', 'female'], { error: selectMessage(fieldLabels.gender) }),
  id_type_id: zId(fieldLabels.certificateType),
  id_number: zIdNumber.refine(isCertificateNumber, { error: '证件号码格式不正确' }).optional(),
  birth_date: zRequiredDate(staffLabels.birthDate).nullable().optional(),
  height: zHeight.optional(),
  ethnicity_id: zId(fieldLabels.ethnicity).optional(),
  marital_status_id: zId(fieldLabels.maritalStatus).optional(),
  education_id: zId(fieldLabels.education).optional(),
  college: zRequiredString(fieldLabels.college, { max: COLLEGE_MAX }).optional(),
  region_id: zId(fieldLabels.region).optional(),
  employee_type_id: zId(fieldLabels.type).optional(),
  has_license_id: zId(staffLabels.hasLicense).nullable().optional(),
  entry_date: zRequiredDate(fieldLabels.date),
  work_user_id: z
    .string()
    .trim()
    .max(64, { error: maxLengthMessage(staffLabels.workUserId, 64) })
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export const revealedIdNumber = z.object({ id: z.number().int(), id_number: z.string() });
