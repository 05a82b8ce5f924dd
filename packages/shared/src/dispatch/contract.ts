// The dispatch routes' request and answer schemas (`/api/auth/dispatch/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. Query strings
// (the list's filters) are the server's own.
import { z } from 'zod';
import { placeFields } from '../place';
import { zOptionalText, zRequiredDate, zRequiredSelect, zRequiredString } from '../validation';
import {
  DISPATCH_ALLOWANCE_MAX,
  DISPATCH_CANCEL_REASON_MAX,
  DISPATCH_REASON_MAX,
  DISPATCH_STATUSES,
  dispatchLabels,
} from './rules';

const place = z.object(placeFields);

export const dispatchRow = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_no: z.string(),
  employee_name: z.string(),
  /** The main post the person keeps while away. */
  home: place,
  /** Where they work during the period. */
  host: place,
  start_date: z.string(),
  /** The last day at the host store (as approved; earlier after a return). */
  end_date: z.string(),
  days: z.number().int(),
  reason: z.string(),
  allowance_note: z.string().nullable(),
  status: z.enum(DISPATCH_STATUSES),
  /** An extension in its approval: the end date asked for. */
  extension_end_date: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type DispatchRow = z.infer<typeof dispatchRow>;

export const dispatchDetail = dispatchRow.extend({
  extension_reason: z.string().nullable(),
  /** The approver's comment of the last rejection (of the dispatch while returned, or of an extension). */
  return_comment: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  approval: z
    .object({
      instance_id: z.number().int(),
      status: z.string(),
      /** The caller's open task on it, if they are to decide now (in `/approval/todo`). */
      task_id: z.number().int().nullable(),
    })
    .nullable(),
  /** What the caller may do with it now. */
  actions: z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    return_early: z.boolean(),
    extend: z.boolean(),
  }),
});
export type DispatchDetail = z.infer<typeof dispatchDetail>;

/** `people`: someone on staff a dispatch can be filed for, with their main post. */
export const dispatchPerson = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  home: place.extend({ start_date: z.string() }),
  /** Set when a dispatch of theirs is already open: they cannot be chosen. */
  open_dispatch_id: z.number().int().nullable(),
});
export type DispatchPerson = z.infer<typeof dispatchPerson>;

/** `hosts`: an active store a person can be lent to (any store: its own manager approves). */
export const dispatchHostStore = z.object({
  id: z.number().int(),
  name: z.string(),
  department_id: z.number().int(),
});
export type DispatchHostStore = z.infer<typeof dispatchHostStore>;

/** `host/departments`: an active department of a host store, in tree order (`depth` 0 is the store's node). */
export const dispatchHostDepartment = z.object({
  id: z.number().int(),
  name: z.string(),
  depth: z.number().int(),
});
export type DispatchHostDepartment = z.infer<typeof dispatchHostDepartment>;

const dispatchFields = {
  employee_id: zRequiredSelect(dispatchLabels.employee),
  host_department_id: zRequiredSelect(dispatchLabels.hostDepartment),
  host_post_id: zRequiredSelect(dispatchLabels.hostPost),
  start_date: zRequiredDate(dispatchLabels.startDate),
  end_date: zRequiredDate(dispatchLabels.endDate),
  reason: zRequiredString(dispatchLabels.reason, { max: DISPATCH_REASON_MAX, multiline: true }),
  allowance_note: zOptionalText(dispatchLabels.allowanceNote, DISPATCH_ALLOWANCE_MAX),
};

/** `POST dispatch/store`: files a dispatch and sends it to the `dispatch` flow. */
export const dispatchStoreBody = z.object(dispatchFields);
export type DispatchStoreInput = z.input<typeof dispatchStoreBody>;
export type DispatchStoreBody = z.infer<typeof dispatchStoreBody>;

/** `PUT dispatch/edit`: a returned dispatch changed and filed again (the person stays the same). */
export const dispatchEditBody = z.object({ id: zRequiredSelect(dispatchLabels.dispatch), ...dispatchFields });
export type DispatchEditInput = z.input<typeof dispatchEditBody>;
export type DispatchEditBody = z.infer<typeof dispatchEditBody>;

export const dispatchCancelBody = z.object({
  id: zRequiredSelect(dispatchLabels.dispatch),
  reason: zOptionalText(dispatchLabels.cancelReason, DISPATCH_CANCEL_REASON_MAX),
});
export type DispatchCancelInput = z.input<typeof dispatchCancelBody>;

/** `POST dispatch/return`: the person comes back before the end date; `last_day` is their last day away. */
export const dispatchReturnBody = z.object({
  id: zRequiredSelect(dispatchLabels.dispatch),
  last_day: zRequiredDate(dispatchLabels.lastDay),
});
export type DispatchReturnInput = z.input<typeof dispatchReturnBody>;

/** `POST dispatch/extend`: a later end date, approved by the `dispatch` flow again. */
export const dispatchExtendBody = z.object({
  id: zRequiredSelect(dispatchLabels.dispatch),
  end_date: zRequiredDate(dispatchLabels.extendTo),
  reason: zRequiredString(dispatchLabels.extendReason, { max: DISPATCH_REASON_MAX, multiline: true }),
});
export type DispatchExtendInput = z.input<typeof dispatchExtendBody>;
export type DispatchExtendBody = z.infer<typeof dispatchExtendBody>;
