import {
  PROHIBITED_ACTIONS,
  PROHIBITED_REASON_MAX,
  PROHIBITED_SOURCES,
  PROHIBITED_STATUSES,
} from '@dealer-hr/shared/prohibited';
import { fieldLabels, isCertificateNumber, messages, selectMessage } from '@dealer-hr/shared/rules';
import {
  zIdNumber,
  zPersonName,
  zPhone,
  zRequiredSelect,
  zRequiredString,
} from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeQuery, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

export const prohibitedLabels = {
  entry: '禁用名单记录',
  keyword: '关键字',
  source: '来源',
  status: '状态',
} as const;

const zIdNumberText = zIdNumber.refine(isCertificateNumber, {
  error: messages.idNumberInvalid,
});
const zReason = (label: string) => zRequiredString(label, { max: PROHIBITED_REASON_MAX, multiline: true });
/** A phone is optional on the list (an old record may have none), but a given one must be valid. */
const zOptionalPhone = z
  .union([z.literal(''), z.null(), zPhone])
  .optional()
  .transform((value) => value || null);
const zEntryId = zRequiredSelect(prohibitedLabels.entry) as z.ZodType<number, unknown>;

export const prohibitedListQuery = z
  .object({
    ...pagingQuery,
    /** Part of the name or the phone. */
    keyword: zFilterText(prohibitedLabels.keyword),
    /** The whole ID number: matched through its blind index, never by a partial text. */
    id_number: zFilterText(fieldLabels.idNumber, 30),
    status: z.enum(PROHIBITED_STATUSES, { error: selectMessage(prohibitedLabels.status) }).optional(),
    source: z.enum(PROHIBITED_SOURCES, { error: selectMessage(prohibitedLabels.source) }).optional(),
    /** Days the entries were added, in the caller's time zone. */
    ...dayRangeQuery,
  })
  .superRefine(refineDayRange);
export type ProhibitedListQuery = z.infer<typeof prohibitedListQuery>;

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

export const prohibitedDetail = prohibitedRow.extend({
  history: z.array(prohibitedEvent),
  /** The running approval of a dismissal, when there is one. */
  approval_instance_id: z.number().int().nullable(),
});

export const prohibitedStoreBody = z.object({
  name: zPersonName,
  id_number: zIdNumberText,
  phone: zOptionalPhone,
  disable_reason: zReason(fieldLabels.disableReason),
  source: z
    .enum(PROHIBITED_SOURCES, { error: selectMessage(prohibitedLabels.source) })
    .optional()
    .default('manual'),
});
export type ProhibitedStoreBody = z.infer<typeof prohibitedStoreBody>;

/** `change`: the name, phone and reason of an entry still on the list; the ID number is what it is about. */
export const prohibitedChangeBody = z.object({
  id: zEntryId,
  name: zPersonName.optional(),
  phone: zOptionalPhone,
  disable_reason: zReason(fieldLabels.disableReason).optional(),
});
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

export const prohibitedIdQuery = z.object({ id: zEntryId });

export const prohibitedCheckQuery = z.object({ id_number: zIdNumberText });

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
