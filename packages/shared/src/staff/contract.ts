// The staff routes' request and answer schemas (`/api/auth/user/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. Query
// strings (paging, filters) are the server's own: they are built on its query-string coercion.
import { EmployeeStatus } from '../dictionary-types';
import { COLLEGE_MAX, fieldLabels, isCertificateNumber, maxLengthMessage, selectMessage } from '../rules';
import {
  zEmail,
  zHeight,
  zIdNumber,
  zPersonName,
  zPhone,
  zRequiredDate,
  zRequiredSelect,
  zRequiredString,
} from '../validation';
import { z } from 'zod';
import { ASSIGNMENT_KINDS, GENDERS, staffLabels, staffMessages, WORK_USER_ID_MAX } from './rules';

const zId = zRequiredSelect;

/** Where a person works now (their open main post), or worked last when they have left. */
const placement = {
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  post_id: z.number().int().nullable(),
  post_name: z.string().nullable(),
};

/** A row of `GET user/index`. */
export const staffRow = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  /** First 3 and last 3 characters; `user/detail/id-number` reveals it to those allowed. */
  id_number: z.string(),
  status: z.enum(EmployeeStatus),
  employee_type_id: z.number().int().nullable(),
  employee_type_name: z.string().nullable(),
  /** YYYY-MM-DD. */
  entry_date: z.string(),
  left_on: z.string().nullable(),
  ...placement,
  /** The host store while the person is away on a dispatch (they stay placed at home). */
  dispatched_to: z.string().nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;
export type Placement = Pick<StaffRow, keyof typeof placement>;

/** A main or part-time post held over a period; an open one has no end date. */
export const assignmentRow = z.object({
  id: z.number().int(),
  is_main: z.boolean(),
  kind: z.enum(ASSIGNMENT_KINDS),
  ...placement,
  start_date: z.string(),
  end_date: z.string().nullable(),
});
export type Assignment = z.infer<typeof assignmentRow>;

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
  /** The person's login account, if they have one. */
  account: z.object({ username: z.string(), status: z.string(), is_sale: z.boolean() }).nullable(),
  /** Main and part-time posts over time, the newest first; history is never overwritten. */
  assignments: z.array(assignmentRow),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffDetail = z.infer<typeof staffDetail>;
export type StaffAccount = NonNullable<StaffDetail['account']>;

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
  gender: z.enum(GENDERS, { error: selectMessage(fieldLabels.gender) }),
  id_type_id: zId(fieldLabels.certificateType),
  id_number: zIdNumber.refine(isCertificateNumber, { error: staffMessages.idNumberInvalid }).optional(),
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
    .max(WORK_USER_ID_MAX, { error: maxLengthMessage(staffLabels.workUserId, WORK_USER_ID_MAX) })
    .nullable()
    .optional()
    .transform((value) => value || null),
});
/** What the web sends (before the server's trimming and defaults). */
export type StaffUpdateInput = z.input<typeof staffUpdateBody>;
export type StaffUpdateBody = z.output<typeof staffUpdateBody>;

/** `GET user/detail/id-number`: the whole number of one person. */
export const revealedIdNumber = z.object({ id: z.number().int(), id_number: z.string() });
export type RevealedIdNumber = z.infer<typeof revealedIdNumber>;
