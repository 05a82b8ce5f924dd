// The transfer routes' request and answer schemas (`/api/auth/user/job/transfer/*`). The server validates
// and documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// Query strings (the list's filters) are the server's own.
import { z } from 'zod';
import { placeFields } from '../place';
import { selectMessage } from '../rules';
import { uploadAnswer } from '../uploads/contract';
import { zOptionalText, zRequiredDate, zRequiredSelect, zRequiredString } from '../validation';
import {
  CANCEL_REASON_MAX,
  TRANSFER_ATTACHMENTS_MAX,
  TRANSFER_REASON_MAX,
  TRANSFER_STATUSES,
  transferLabels,
} from './rules';

const place = placeFields;

export const transferRow = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_no: z.string(),
  employee_name: z.string(),
  from: z.object({ ...place, is_main: z.boolean() }),
  to: z.object(place),
  type_id: z.number().int(),
  type_name: z.string(),
  effective_date: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  keep_part_time: z.boolean(),
  reason: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type TransferRow = z.infer<typeof transferRow>;

export const transferDetail = transferRow.extend({
  from_assignment_id: z.number().int(),
  /** The day the old assignment began: the effective date must come after it. */
  from_start_date: z.string(),
  attachments: z.array(uploadAnswer),
  /** The approver's comment of the last rejection, while the transfer is returned. */
  return_comment: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  applied_at: z.string().nullable(),
  approval: z
    .object({
      instance_id: z.number().int(),
      status: z.string(),
      /** The caller's open task on it, if they are to decide now. */
      task_id: z.number().int().nullable(),
    })
    .nullable(),
  /** What the caller may do with it now. */
  actions: z.object({ edit: z.boolean(), cancel: z.boolean() }),
});
export type TransferDetail = z.infer<typeof transferDetail>;

/** `people`: someone on staff a transfer can be filed for, with the posts they hold now. */
export const transferPerson = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  /** Set when a transfer of theirs is already open: they cannot be chosen. */
  open_transfer_id: z.number().int().nullable(),
  assignments: z.array(
    z.object({ id: z.number().int(), is_main: z.boolean(), start_date: z.string(), ...place }),
  ),
});
export type TransferPerson = z.infer<typeof transferPerson>;

/** `target`: the headcount of the post at the store the person would move to. */
export const transferTarget = z.object({
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  /** The plan of the store for the post; null at a department outside any store (no plan). */
  planned: z.number().int().nullable(),
  /** Main posts held there now. */
  held: z.number().int(),
  /** Held after this transfer takes effect (one more unless the person holds it there already). */
  held_after: z.number().int(),
});
export type TransferTarget = z.infer<typeof transferTarget>;

const zReason = zRequiredString(transferLabels.reason, { max: TRANSFER_REASON_MAX, multiline: true });

const transferFields = {
  employee_id: zRequiredSelect(transferLabels.employee),
  from_assignment_id: zRequiredSelect(transferLabels.fromAssignment),
  to_department_id: zRequiredSelect(transferLabels.toDepartment),
  to_post_id: zRequiredSelect(transferLabels.toPost),
  type_id: zRequiredSelect(transferLabels.type),
  effective_date: zRequiredDate(transferLabels.effectiveDate),
  reason: zReason,
  keep_part_time: z
    .boolean({ error: selectMessage(transferLabels.keepPartTime) })
    .optional()
    .default(false),
  attachment_ids: z
    .array(z.number().int().positive(), { error: selectMessage(transferLabels.attachments) })
    .max(TRANSFER_ATTACHMENTS_MAX, {
      error: `${transferLabels.attachments}最多 ${TRANSFER_ATTACHMENTS_MAX} 个`,
    })
    .optional()
    .default([]),
};

/** `POST user/job/transfer/store`: files a transfer and sends it to the `posttransfer` flow. */
export const transferStoreBody = z.object(transferFields);
export type TransferStoreInput = z.input<typeof transferStoreBody>;
export type TransferStoreBody = z.infer<typeof transferStoreBody>;

/** `PUT user/job/transfer/edit`: a returned transfer changed and filed again (the person stays the same). */
export const transferEditBody = z.object({
  id: zRequiredSelect(transferLabels.transfer),
  ...transferFields,
});
export type TransferEditInput = z.input<typeof transferEditBody>;
export type TransferEditBody = z.infer<typeof transferEditBody>;

export const transferCancelBody = z.object({
  id: zRequiredSelect(transferLabels.transfer),
  reason: zOptionalText(transferLabels.cancelReason, CANCEL_REASON_MAX),
});
export type TransferCancelInput = z.input<typeof transferCancelBody>;

const zComment = zOptionalText(transferLabels.comment, 500);

/** `approve` / `reject` on `/processapproval/posttransfer`: the caller's task on the transfer's approval. */
export const transferDecisionBody = z.object({
  id: zRequiredSelect(transferLabels.transfer),
  comment: zComment,
});
export const transferRejectBody = z.object({
  id: zRequiredSelect(transferLabels.transfer),
  comment: zRequiredString(transferLabels.comment, { max: 500, multiline: true }),
});
export type TransferDecisionInput = z.input<typeof transferDecisionBody>;
