// The stores routes' request and answer schemas (`/api/auth/store/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. Query
// strings (the list's filters, the tree's parent) are the server's own.
import { isLatitude, isLongitude, MAX_ID, maxLengthMessage, messages, requiredMessage } from '../rules';
import { zRequiredString } from '../validation';
import { z } from 'zod';
import {
  ADDRESS_MAX,
  CITY_MAX,
  REASON_MAX,
  STORE_CODE_MAX,
  STORE_CODE_PATTERN,
  STORE_NAME_MAX,
  storeLabels,
  storeMessages,
  storeStatuses,
} from './rules';

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A required id whose absence reads "<label>不能为空": docs/domain.md "Form rules" lists district store and
 * store type among the required non-empty fields, so a missing choice gets that message rather than "请选择...".
 */
export const zStoreRequiredId = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({
        error: (issue) => (isMissing(issue.input) ? requiredMessage(label) : storeMessages.invalidId(label)),
      })
      .int({ error: storeMessages.invalidId(label) })
      .positive({ error: storeMessages.invalidId(label) })
      .max(MAX_ID, { error: storeMessages.invalidId(label) }),
  ) as z.ZodType<number, number | string>;

/** An optional id of a body: absent, null or '' mean none. */
const zOptionalId = (label: string) =>
  z.preprocess(
    (value) => (isMissing(value) ? null : value),
    z
      .number({ error: storeMessages.invalidId(label) })
      .int({ error: storeMessages.invalidId(label) })
      .positive({ error: storeMessages.invalidId(label) })
      .max(MAX_ID, { error: storeMessages.invalidId(label) })
      .nullable(),
  ) as z.ZodType<number | null, number | string | null | undefined>;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, { error: maxLengthMessage(label, max) }),
  ) as z.ZodType<string, string | null | undefined>;

/** Optional coordinate: text or number, stored with six decimals; blank means none. */
const optionalCoordinate = (invalid: string, isValid: (value: string | number) => boolean) =>
  z.preprocess(
    (value) => (isMissing(value) ? null : value),
    z
      .union([z.string().trim(), z.number()], { error: invalid })
      .refine(isValid, { error: invalid })
      .transform((value) => Number(value).toFixed(6))
      .nullable(),
  ) as z.ZodType<string | null, string | number | null | undefined>;

/** A row of `GET store/index` and the answer of `store/detail`. */
export const storeRow = z.object({
  id: z.number().int(),
  /** The store's node of the department tree. */
  departmentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  storeTypeId: z.number().int(),
  storeTypeName: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  city: z.string(),
  address: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  openedOn: z.string().nullable(),
  status: z.enum(storeStatuses),
  statusReason: z.string().nullable(),
  /** People whose current post (main or part-time) is at the store. */
  staffCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreRow = z.infer<typeof storeRow>;

const storeFields = {
  region_id: zStoreRequiredId(storeLabels.region),
  code: zRequiredString(storeLabels.code, { max: STORE_CODE_MAX }).refine(
    (value) => STORE_CODE_PATTERN.test(value),
    { error: storeMessages.codeFormat },
  ),
  name: zRequiredString(storeLabels.name, { max: STORE_NAME_MAX }),
  store_type_id: zStoreRequiredId(storeLabels.storeType),
  brand_id: zOptionalId(storeLabels.brand),
  category_id: zOptionalId(storeLabels.category),
  city: optionalText(storeLabels.city, CITY_MAX),
  address: optionalText(storeLabels.address, ADDRESS_MAX),
  latitude: optionalCoordinate(messages.latitudeInvalid, isLatitude),
  longitude: optionalCoordinate(messages.longitudeInvalid, isLongitude),
  opened_on: z.preprocess(
    (value) => (isMissing(value) ? null : value),
    z.iso.date({ error: `${storeLabels.openedOn}格式不正确` }).nullable(),
  ) as z.ZodType<string | null, string | null | undefined>,
};

/** `POST store/store`: the form sends every field; region, code, name and store type are required. */
export const storeCreateBody = z.object(storeFields);
export type StoreCreateInput = z.input<typeof storeCreateBody>;
export type StoreCreateBody = z.infer<typeof storeCreateBody>;

/** `PUT store/update`: the same rules as create, plus the id (the edit form sends the whole record). */
export const storeUpdateBody = z.object({ id: zStoreRequiredId(storeLabels.store), ...storeFields });
export type StoreUpdateBody = z.infer<typeof storeUpdateBody>;

export const storeStatusBody = z
  .object({
    id: zStoreRequiredId(storeLabels.store),
    status: z.enum(storeStatuses, { error: requiredMessage(storeLabels.status) }),
    reason: z.string().trim().max(REASON_MAX, { error: storeMessages.reasonTooLong }).optional(),
  })
  .superRefine((body, context) => {
    if (!body.reason)
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: body.status === 'disabled' ? storeMessages.disableReason : storeMessages.enableReason,
      });
  });
export type StoreStatusInput = z.input<typeof storeStatusBody>;
export type StoreStatusBody = z.infer<typeof storeStatusBody>;

export const idBody = z.object({ id: zStoreRequiredId(storeLabels.store) });

/** A node of `GET store/tree`: ids are department ids; a store node carries its store id. */
export const treeNode = z.object({
  /** A department id: regions and stores are both nodes of the one department tree, so ids never collide. */
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['region', 'store']),
  code: z.string().nullable(),
  status: z.enum(storeStatuses),
  /** The store record of a store node; null for a region. */
  store_id: z.number().int().nullable(),
  has_children: z.boolean(),
  /** Always empty: children come with the next request (`parent_id` = this id). */
  children: z.array(z.unknown()),
});
export type TreeNode = z.infer<typeof treeNode>;
