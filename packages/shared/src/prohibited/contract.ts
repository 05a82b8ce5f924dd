// The prohibited list's request and answer schemas (`/api/auth/prohibited/*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// Query strings (the list's filters, the check's number) are the server's own.
import { fieldLabels, isCertificateNumber, messages, selectMessage } from '../rules';
import { zIdNumber, zPersonName, zPhone, zRequiredSelect, zRequiredString } from '../validation';
import { z } from 'zod';
import {
  PROHIBITED_ACTIONS,
  PROHIBITED_REASON_MAX,
  PROHIBITED_SOURCES,
  PROHIBITED_STATUSES,
  prohibitedLabels,
} from './rules';

/** A certificate number of any kind (the list holds passports as well as mainland ID cards). */
export const zProhibitedIdNumber = zIdNumber.refine(isCertificateNumber, {
  error: messages.idNumberInvalid,
});
const zReason = (label: string) => zRequiredString(label, { max: PROHIBITED_REASON_MAX, multiline: true });
/** A phone is optional on the list (an old record may have none), but a given one must be valid. */
const zOptionalPhone = z
  .union([z.literal(''), z.null(), zPhone])
  .optional()
  .transform((value) => value || null);
const zEntryId = zRequiredSelect(prohibitedLabels.entry);

export const prohibitedRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** First 3 and last 3 characters; the full number is never answered. */
  id_number: z.string(),
  phone: z.string().nullable(),
  disable_reason: z.string(),
  enable_reason: z.string().nullable(),
  source: z.enum(PROHIBITED_SOURCES),
  status: z.enum(PROHIBITED_STATUSES),
  created_by: z.string().nullable(),
  created_at: z.string(),
  dismissed_at: z.string().nullable(),
});
export type ProhibitedRow = z.infer<typeof prohibitedRow>;

export const prohibitedEvent = z.object({
  id: z.number().int(),
  action: z.enum(PROHIBITED_ACTIONS),
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  changes: z
    .object({ before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()) })
    .nullable(),
  created_at: z.string(),
});
export type ProhibitedEvent = z.infer<typeof prohibitedEvent>;

export const prohibitedDetail = prohibitedRow.extend({
  history: z.array(prohibitedEvent),
  /** The running approval of a dismissal, when there is one. */
  approval_instance_id: z.number().int().nullable(),
});
export type ProhibitedDetail = z.infer<typeof prohibitedDetail>;

export const prohibitedStoreBody = z.object({
  name: zPersonName,
  id_number: zProhibitedIdNumber,
  phone: zOptionalPhone,
  disable_reason: zReason(fieldLabels.disableReason),
  source: z
    .enum(PROHIBITED_SOURCES, { error: selectMessage(prohibitedLabels.source) })
    .optional()
    .default('manual'),
});
export type ProhibitedStoreInput = z.input<typeof prohibitedStoreBody>;
export type ProhibitedStoreBody = z.infer<typeof prohibitedStoreBody>;

/** `change`: the name, phone and reason of an entry still on the list; the ID number is what it is about. */
export const prohibitedChangeBody = z.object({
  id: zEntryId,
  name: zPersonName.optional(),
  phone: zOptionalPhone,
  disable_reason: zReason(fieldLabels.disableReason).optional(),
});
export type ProhibitedChangeInput = z.input<typeof prohibitedChangeBody>;
export type ProhibitedChangeBody = z.infer<typeof prohibitedChangeBody>;

export const prohibitedDismissBody = z.object({
  id: zEntryId,
  enable_reason: zReason(fieldLabels.enableReason),
});
export type ProhibitedDismissBody = z.infer<typeof prohibitedDismissBody>;

export const prohibitedDismissAnswer = z.object({
  id: z.number().int(),
  status: z.enum(PROHIBITED_STATUSES),
  /** Set when the dismissal went to its approval flow instead of taking effect at once. */
  approval_instance_id: z.number().int().nullable(),
});
export type ProhibitedDismissAnswer = z.infer<typeof prohibitedDismissAnswer>;

export const prohibitedCheckAnswer = z.object({
  prohibited: z.boolean(),
  /** The entry that blocks, masked; null when the number is not listed. */
  entry: z
    .object({
      id: z.number().int(),
      name: z.string(),
      id_number: z.string(),
      disable_reason: z.string(),
      created_at: z.string(),
    })
    .nullable(),
});
export type ProhibitedCheckAnswer = z.infer<typeof prohibitedCheckAnswer>;
