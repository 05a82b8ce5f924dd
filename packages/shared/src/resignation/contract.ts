// The resignation routes' request and answer schemas (`/api/auth/resign/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. Query strings
// (the list's filters) are the server's own.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zOptionalId, zOptionalText, zRequiredDate, zRequiredSelect, zRequiredString } from '../validation';
import {
  INHERITOR_RULES,
  NOTIFY_TEXT_MAX,
  RESIGNATION_CANCEL_REASON_MAX,
  RESIGNATION_EXPLANATION_MAX,
  RESIGNATION_PROHIBITED_REASON_MAX,
  RESIGNATION_STATUSES,
  RESIGNATION_TYPES,
  resignationLabels,
} from './rules';

export const resignationRow = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_no: z.string(),
  employee_name: z.string(),
  /** Where the person worked when it was filed. */
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  department_name: z.string().nullable(),
  post_name: z.string().nullable(),
  type: z.enum(RESIGNATION_TYPES),
  reason_id: z.number().int(),
  reason_name: z.string(),
  destination_id: z.number().int(),
  destination_name: z.string(),
  applied_on: z.string(),
  last_day: z.string(),
  explanation: z.string(),
  status: z.enum(RESIGNATION_STATUSES),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** The leaver on the work-messaging platform (the handover dialog's record: spec section 3). */
  user: z.object({ userid: z.string().nullable() }),
  /** The handover: items taken over by a colleague, and items in all (0 before it was opened). */
  handover_done: z.number().int(),
  handover_total: z.number().int(),
});
export type ResignationRow = z.infer<typeof resignationRow>;

export const resignationDetail = resignationRow.extend({
  /** The approver's comment of the last rejection, while it is returned. */
  return_comment: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Set by `go`: the person was added to the prohibited list, with this reason. */
  prohibited_reason: z.string().nullable(),
  completed_at: z.string().nullable(),
  approval: z
    .object({ instance_id: z.number().int(), status: z.string(), task_id: z.number().int().nullable() })
    .nullable(),
  /** What the caller may do with it now. */
  actions: z.object({ edit: z.boolean(), cancel: z.boolean(), go: z.boolean() }),
});
export type ResignationDetail = z.infer<typeof resignationDetail>;

/** `people`: someone on staff a resignation can be filed for, with their main post. */
export const resignationPerson = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  entry_date: z.string(),
  store_name: z.string().nullable(),
  department_name: z.string(),
  post_name: z.string(),
  /** Set when a resignation of theirs is already open: they cannot be chosen. */
  open_resignation_id: z.number().int().nullable(),
});
export type ResignationPerson = z.infer<typeof resignationPerson>;

const resignationFields = {
  employee_id: zRequiredSelect(resignationLabels.employee),
  type: z.enum(RESIGNATION_TYPES, { error: selectMessage(resignationLabels.type) }),
  reason_id: zRequiredSelect(resignationLabels.reason),
  destination_id: zRequiredSelect(resignationLabels.destination),
  applied_on: zRequiredDate(resignationLabels.appliedOn),
  last_day: zRequiredDate(resignationLabels.lastDay),
  explanation: zRequiredString(resignationLabels.explanation, {
    max: RESIGNATION_EXPLANATION_MAX,
    multiline: true,
  }),
};

/** `POST resign/store`: files a resignation and sends it to the `resignation` flow. */
export const resignationStoreBody = z.object(resignationFields);
export type ResignationStoreInput = z.input<typeof resignationStoreBody>;
export type ResignationStoreBody = z.infer<typeof resignationStoreBody>;

/** `PUT resign/edit`: a returned resignation changed and filed again (the person stays the same). */
export const resignationEditBody = z.object({
  id: zRequiredSelect(resignationLabels.resignation),
  ...resignationFields,
});
export type ResignationEditInput = z.input<typeof resignationEditBody>;
export type ResignationEditBody = z.infer<typeof resignationEditBody>;

export const resignationCancelBody = z.object({
  id: zRequiredSelect(resignationLabels.resignation),
  reason: zOptionalText(resignationLabels.cancelReason, RESIGNATION_CANCEL_REASON_MAX),
});
export type ResignationCancelInput = z.input<typeof resignationCancelBody>;

/**
 * `POST resign/go`: the person leaves on the last working day (at once when it has passed, else by the daily
 * job the day after); with `add_prohibited` (its own permission) they are added to the prohibited list.
 */
export const resignationGoBody = z.object({
  id: zRequiredSelect(resignationLabels.resignation),
  add_prohibited: z
    .boolean({ error: selectMessage(resignationLabels.addProhibited) })
    .optional()
    .default(false),
  prohibited_reason: zOptionalText(resignationLabels.prohibitedReason, RESIGNATION_PROHIBITED_REASON_MAX),
});
export type ResignationGoInput = z.input<typeof resignationGoBody>;
export type ResignationGoBody = z.infer<typeof resignationGoBody>;

/**
 * `resign/setting`: how a store (or, without one, the whole group) handles a leaver's customers: whether the
 * handover must be complete before `go`, who inherits by default, and whether customers are told.
 */
export const resignationSetting = z.object({
  /** Null: the group's default, which a store without its own setting follows. */
  store_id: z.number().int().nullable(),
  /** The store has no setting of its own: these are the group's. */
  inherited: z.boolean(),
  require_handover: z.boolean(),
  inheritor_rule: z.enum(INHERITOR_RULES),
  inheritor_id: z.number().int().nullable(),
  inheritor_name: z.string().nullable(),
  notify_customers: z.boolean(),
  notify_text: z.string(),
});
export type ResignationSetting = z.infer<typeof resignationSetting>;

export const resignationSettingBody = z.object({
  store_id: zOptionalId(resignationLabels.store),
  require_handover: z.boolean({ error: selectMessage(resignationLabels.requireHandover) }),
  inheritor_rule: z.enum(INHERITOR_RULES, { error: selectMessage(resignationLabels.inheritorRule) }),
  inheritor_id: zOptionalId(resignationLabels.inheritor),
  notify_customers: z.boolean({ error: selectMessage(resignationLabels.notifyCustomers) }),
  notify_text: zOptionalText(resignationLabels.notifyText, NOTIFY_TEXT_MAX),
});
export type ResignationSettingInput = z.input<typeof resignationSettingBody>;
export type ResignationSettingBody = z.infer<typeof resignationSettingBody>;
