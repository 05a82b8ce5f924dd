// The dictionaries domain's limits, labels and messages (docs/domain.md "Dictionaries"): plain constants,
// free of zod, so the web imports them directly; the zod schemas built on them are in ./contract.
import { fieldLabels } from '../rules';

/** How many types one `dictionarie/data` request may ask for: a page needs a handful; the cap keeps the query small. */
export const MAX_TYPE_IDS = 50;

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
  name_en: '英文名称',
  name_es: '西班牙文名称',
  name_ja: '日文名称',
} as const;

/**
 * The languages an item may have a name of its own in, beside its Chinese `name`; a language without one
 * reads the Chinese name (docs/domain.md "Dictionaries").
 */
export const ITEM_NAME_LANGUAGES = ['en', 'es', 'ja'] as const;
export type ItemNameLanguage = (typeof ITEM_NAME_LANGUAGES)[number];
export type ItemNameField = `name_${ItemNameLanguage}`;
export const itemNameField = (language: ItemNameLanguage): ItemNameField => `name_${language}`;

/** An item's name in `language`: its own there when it has one, else the Chinese name. */
export function itemNameIn(
  item: { name: string } & Partial<Record<ItemNameField, string | null>>,
  language: string | undefined,
): string {
  const field = (ITEM_NAME_LANGUAGES as readonly string[]).includes(language ?? '')
    ? itemNameField(language as ItemNameLanguage)
    : undefined;
  return (field && item[field]?.trim()) || item.name;
}

export const dictionaryMessages = {
  codeFormat: '编码只能包含字母、数字、下划线和短横线，且以字母或数字开头',
  sortInvalid: `排序必须是 0 到 ${SORT_MAX} 之间的整数`,
  enabledInvalid: '启用状态只能是 true 或 false',
  descriptionInvalid: '描述格式不正确',
  translationInvalid: (label: string) => `${label}格式不正确`,
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

/** An item or type code: letters, digits, `_` and `-`, beginning with a letter or a digit. */
export const DICTIONARY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
