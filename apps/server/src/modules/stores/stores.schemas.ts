import {
  fieldLabels,
  isLatitude,
  isLongitude,
  maxLengthMessage,
  messages,
  requiredMessage,
} from '@dealer-hr/shared/rules';
import { zRequiredString } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

/** Labels of the store form; the Chinese messages are built from them (docs/domain.md "Form rules"). */
export const storeLabels = {
  store: '门店',
  region: fieldLabels.districtStore,
  code: fieldLabels.storeCode,
  name: '门店名称',
  storeType: fieldLabels.storeType,
  brand: '品牌',
  category: '门店类别',
  city: '城市',
  address: '地址',
  openedOn: '开业日期',
  status: fieldLabels.status,
  keyword: '门店名称或编码',
  parent: '上级节点',
} as const;

export const STORE_CODE_MAX = 30;
export const STORE_NAME_MAX = 50;
export const CITY_MAX = 30;
export const ADDRESS_MAX = 200;
export const REASON_MAX = 200;
/** Ids are PostgreSQL `integer`s: a larger number would fail in the database rather than find nothing. */
const MAX_ID = 2_147_483_647;

export const storeMessages = {
  codeFormat: '门店编码只能包含字母、数字、下划线和短横线',
  codeTaken: '门店编码已存在',
  regionNotFound: '区域门店不存在或不在您的数据范围内',
  itemNotFound: (label: string) => `${label}不存在或已停用`,
  storeNotFound: '门店不存在',
  statusUnchanged: (active: boolean) => (active ? '门店已是启用状态' : '门店已是停用状态'),
  hasStaff: (count: number) => `门店还有 ${count} 名在职员工，不能删除`,
  hasHistory: '门店有历史任职记录，不能删除，请改为停用',
  hasHeadcount: (planned: number) => `门店还有 ${planned} 人的编制计划，不能删除`,
  invalidId: (label: string) => `${label}格式不正确`,
  disableReason: requiredMessage(fieldLabels.disableReason),
  enableReason: requiredMessage(fieldLabels.enableReason),
  reasonTooLong: maxLengthMessage('原因', REASON_MAX),
} as const;

export const storeStatuses = ['active', 'disabled'] as const;

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A required id whose absence reads "<label>不能为空": docs/domain.md "Form rules" lists district store and
 * store type among the required non-empty fields, so a missing choice gets that message rather than "请选择...".
 */
const zRequiredId = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({
        error: (issue) => (isMissing(issue.input) ? requiredMessage(label) : storeMessages.invalidId(label)),
      })
      .int({ error: storeMessages.invalidId(label) })
      .positive({ error: storeMessages.invalidId(label) })
      .max(MAX_ID, { error: storeMessages.invalidId(label) }),
  ) as z.ZodType<number, unknown>;

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
  ) as z.ZodType<number | null, unknown>;

/** An optional id filter of a query string; empty means no filter. */
const zQueryId = (label: string) =>
  z
    .string({ error: storeMessages.invalidId(label) })
    .trim()
    .optional()
    .refine((value) => !value || (/^\d{1,10}$/.test(value) && Number(value) <= MAX_ID), {
      error: storeMessages.invalidId(label),
    })
    .transform((value) => (value ? Number(value) : undefined));

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, { error: maxLengthMessage(label, max) }),
  ) as z.ZodType<string, unknown>;

/** Optional coordinate: text or number, stored with six decimals; blank means none. */
const optionalCoordinate = (invalid: string, isValid: (value: string | number) => boolean) =>
  z.preprocess(
    (value) => (isMissing(value) ? null : value),
    z
      .union([z.string().trim(), z.number()], { error: invalid })
      .refine(isValid, { error: invalid })
      .transform((value) => Number(value).toFixed(6))
      .nullable(),
  ) as z.ZodType<string | null, unknown>;

export const storeListQuery = z.object({
  ...pagingQuery,
  region_id: zQueryId(storeLabels.region),
  brand_id: zQueryId(storeLabels.brand),
  store_type_id: zQueryId(storeLabels.storeType),
  category_id: zQueryId(storeLabels.category),
  status: z
    .enum(storeStatuses, { error: storeMessages.invalidId(storeLabels.status) })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Part of the name or the code. */
  keyword: zFilterText(storeLabels.keyword),
});
export type StoreListQuery = z.infer<typeof storeListQuery>;

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
  region_id: zRequiredId(storeLabels.region),
  code: zRequiredString(storeLabels.code, { max: STORE_CODE_MAX }).refine(
    (value) => /^[A-Za-z0-9_-]+$/.test(value),
    { error: storeMessages.codeFormat },
  ),
  name: zRequiredString(storeLabels.name, { max: STORE_NAME_MAX }),
  store_type_id: zRequiredId(storeLabels.storeType),
  brand_id: zOptionalId(storeLabels.brand),
  category_id: zOptionalId(storeLabels.category),
  city: optionalText(storeLabels.city, CITY_MAX),
  address: optionalText(storeLabels.address, ADDRESS_MAX),
  latitude: optionalCoordinate(messages.latitudeInvalid, isLatitude),
  longitude: optionalCoordinate(messages.longitudeInvalid, isLongitude),
  opened_on: z.preprocess(
    (value) => (isMissing(value) ? null : value),
    z.iso.date({ error: `${storeLabels.openedOn}格式不正确` }).nullable(),
  ) as z.ZodType<string | null, unknown>,
};

/** `POST store/store`: the form sends every field; region, code, name and store type are required. */
export const storeCreateBody = z.object(storeFields);
export type StoreCreateBody = z.infer<typeof storeCreateBody>;

/** `PUT store/update`: the same rules as create, plus the id (the edit form sends the whole record). */
export const storeUpdateBody = z.object({ id: zRequiredId(storeLabels.store), ...storeFields });
export type StoreUpdateBody = z.infer<typeof storeUpdateBody>;

export const storeStatusBody = z
  .object({
    id: zRequiredId(storeLabels.store),
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
export type StoreStatusBody = z.infer<typeof storeStatusBody>;

export const idQuery = z.object({ id: zRequiredId(storeLabels.store) });
export const idBody = z.object({ id: zRequiredId(storeLabels.store) });

export const treeQuery = z.object({
  /** Absent: the regions; a region's department id: its stores. */
  parent_id: zQueryId(storeLabels.parent),
});

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
