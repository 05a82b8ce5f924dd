import { fieldLabels, MAX_ID, maxLengthMessage, requiredMessage } from '@dealer-hr/shared/rules';
import { zId, zRequiredString } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

/** How many types one request may ask for: a page needs a handful; the cap keeps the query small. */
export const MAX_TYPE_IDS = 50;

const REQUIRED = '字典类型不能为空';
const INVALID = '字典类型格式不正确，应为以英文逗号分隔的正整数';
const TOO_MANY = `字典类型一次最多查询 ${MAX_TYPE_IDS} 个`;

/**
 * `type_ids=1,21`: the client's selects ask for their dictionaries by comma-joined type ids (docs/domain.md
 * "Dictionaries").
 */
export const dictionaryDataQuery = z.object({
  type_ids: z
    // A repeated parameter (`type_ids=1&type_ids=21`) arrives as an array: not the contract's form.
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : INVALID) })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine(
      (parts) => parts.every((part) => /^\d+$/.test(part) && Number(part) > 0 && Number(part) <= MAX_ID),
      {
        error: INVALID,
        abort: true,
      },
    )
    .refine((parts) => parts.length <= MAX_TYPE_IDS, { error: TOO_MANY, abort: true })
    .transform((parts) => [...new Set(parts.map(Number))]),
});
export type DictionaryDataQuery = z.infer<typeof dictionaryDataQuery>;

export const dictionaryItem = z.object({ id: z.number().int(), name: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItem>;

/** Items by type id (as a JSON object key); every asked type is present, unknown ones with an empty list. */
export const dictionaryData = z.record(z.string(), z.array(dictionaryItem));
export type DictionaryData = z.infer<typeof dictionaryData>;

// ---------------------------------------------------------------------------------------------------------------
// Administration of types and items (GET dictionaries, dictionarie/data/index and their store/update/destroy)

export const CODE_MAX = 50;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const SORT_MAX = 999_999;

export const dictionaryLabels = {
  type: '字典类型',
  item: '字典项',
  code: '编码',
  name: '名称',
  description: '描述',
  sort: fieldLabels.sortOrder,
  enabled: '启用状态',
} as const;

export const dictionaryMessages = {
  codeFormat: '编码只能包含字母、数字、下划线和短横线，且以字母或数字开头',
  sortInvalid: `排序必须是 0 到 ${SORT_MAX} 之间的整数`,
  enabledInvalid: '启用状态只能是 true 或 false',
  descriptionInvalid: '描述格式不正确',
  typeNotFound: '字典类型不存在',
  itemNotFound: '字典项不存在',
  typeCodeTaken: '字典类型编码已存在',
  itemCodeTaken: '该字典类型下已存在相同编码的字典项',
  itemNameTaken: '该字典类型下已存在同名的字典项',
  typeHasItems: (count: number) => `该字典类型下还有 ${count} 个字典项，不能删除`,
  systemType: '系统预置的字典类型不能删除',
  itemInUse: '该字典项已被使用，只能停用',
  systemItem: '系统预置的字典项不能删除，只能停用',
  systemItemCode: '系统预置字典项的编码不能修改',
} as const;

/** A record id in a JSON body or a query string: a positive integer within PostgreSQL's `integer`. */

const zCode = zRequiredString(dictionaryLabels.code, { max: CODE_MAX }).refine(
  (value) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(value),
  { error: dictionaryMessages.codeFormat },
);
const zName = zRequiredString(dictionaryLabels.name, { max: NAME_MAX });
const zDescription = z
  .string({ error: dictionaryMessages.descriptionInvalid })
  .trim()
  .max(DESCRIPTION_MAX, { error: maxLengthMessage(dictionaryLabels.description, DESCRIPTION_MAX) });
/** A JSON number, or the digits a form may send as text. */
const zSort = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage(dictionaryLabels.sort)
          : dictionaryMessages.sortInvalid,
    })
    .int({ error: dictionaryMessages.sortInvalid })
    .min(0, { error: dictionaryMessages.sortInvalid })
    .max(SORT_MAX, { error: dictionaryMessages.sortInvalid }),
) as z.ZodType<number, unknown>;
const zEnabled = z.boolean({ error: dictionaryMessages.enabledInvalid });

export const typeListQuery = z.object({
  ...pagingQuery,
  /** Part of the type's name. */
  name: zFilterText(dictionaryLabels.name),
  /** Part of the type's code. */
  code: zFilterText(dictionaryLabels.code),
});
export type TypeListQuery = z.infer<typeof typeListQuery>;

export const typeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** All items of the type, enabled or not. */
  item_count: z.number().int(),
  enabled_count: z.number().int(),
  /** Seeded with the product (docs/domain.md "Dictionaries"): it cannot be deleted. */
  is_system: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TypeRow = z.infer<typeof typeRow>;

export const typeStoreBody = z.object({
  code: zCode,
  name: zName,
  description: zDescription.optional().default(''),
});
export type TypeStoreBody = z.infer<typeof typeStoreBody>;

/** Fields left out keep their value. */
export const typeUpdateBody = z.object({
  id: zId(dictionaryLabels.type),
  code: zCode.optional(),
  name: zName.optional(),
  description: zDescription.optional(),
});
export type TypeUpdateBody = z.infer<typeof typeUpdateBody>;

export const typeDestroyBody = z.object({ id: zId(dictionaryLabels.type) });

export const itemListQuery = z.object({
  ...pagingQuery,
  type_id: zId(dictionaryLabels.type),
  /** Part of the item's name or code. */
  name: zFilterText(dictionaryLabels.name),
});
export type ItemListQuery = z.infer<typeof itemListQuery>;

export const itemRow = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Referred to by a record (an employee, a store, a post...): it can only be disabled. */
  in_use: z.boolean(),
  /** Seeded with the product: it comes back at every start, so it can only be disabled, its code is fixed. */
  is_system: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ItemRow = z.infer<typeof itemRow>;

export const itemStoreBody = z.object({
  type_id: zId(dictionaryLabels.type),
  code: zCode,
  name: zName,
  /** Left out: after the type's last item. */
  sort: zSort.optional(),
  enabled: zEnabled.optional().default(true),
});
export type ItemStoreBody = z.infer<typeof itemStoreBody>;

/** Fields left out keep their value (the list's enable switch sends only `id` and `enabled`). */
export const itemUpdateBody = z.object({
  id: zId(dictionaryLabels.item),
  code: zCode.optional(),
  name: zName.optional(),
  sort: zSort.optional(),
  enabled: zEnabled.optional(),
});
export type ItemUpdateBody = z.infer<typeof itemUpdateBody>;

export const itemDestroyBody = z.object({ id: zId(dictionaryLabels.item) });
