// The dictionaries routes' request and answer schemas (docs/domain.md "Dictionaries"). The server validates
// and documents with them; the web only imports their types (`import type`), so zod stays out of its
// bundle. Query strings (the items a page asks for, the lists' filters) are the server's own.
import { controlCharactersMessage, hasControlCharacters, maxLengthMessage, requiredMessage } from '../rules';
import { zId, zRequiredString } from '../validation';
import { z } from 'zod';
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  DICTIONARY_CODE_PATTERN,
  NAME_MAX,
  SORT_MAX,
  dictionaryLabels,
  dictionaryMessages,
} from './rules';

/** The other languages' names of an item: null where it has none (the reader then sees the Chinese name). */
const itemNames = {
  name_en: z.string().nullable(),
  name_es: z.string().nullable(),
  name_ja: z.string().nullable(),
};

export const dictionaryItem = z.object({ id: z.number().int(), name: z.string(), ...itemNames });
export type DictionaryItem = z.infer<typeof dictionaryItem>;

/** Items by type id (as a JSON object key); every asked type is present, unknown ones with an empty list. */
export const dictionaryData = z.record(z.string(), z.array(dictionaryItem));
export type DictionaryData = z.infer<typeof dictionaryData>;

// ---------------------------------------------------------------------------------------------------------------
// Administration of types and items (GET dictionaries, dictionarie/data/index and their store/update/destroy)

const zCode = zRequiredString(dictionaryLabels.code, { max: CODE_MAX }).refine(
  (value) => DICTIONARY_CODE_PATTERN.test(value),
  { error: dictionaryMessages.codeFormat },
);
const zName = zRequiredString(dictionaryLabels.name, { max: NAME_MAX });
const zDescription = z
  .string({ error: dictionaryMessages.descriptionInvalid })
  .trim()
  .max(DESCRIPTION_MAX, { error: maxLengthMessage(dictionaryLabels.description, DESCRIPTION_MAX) });
/**
 * A name in another language: optional, trimmed, empty or null for none; left out, it keeps its value (an
 * update) or is none (a new item).
 */
const zTranslation = (label: string) =>
  z
    .string({ error: dictionaryMessages.translationInvalid(label) })
    .trim()
    .max(NAME_MAX, { error: maxLengthMessage(label, NAME_MAX) })
    .refine((value) => !hasControlCharacters(value, { singleLine: true }), {
      error: controlCharactersMessage(label),
    })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
const zTranslations = {
  name_en: zTranslation(dictionaryLabels.name_en),
  name_es: zTranslation(dictionaryLabels.name_es),
  name_ja: zTranslation(dictionaryLabels.name_ja),
};

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
) as z.ZodType<number, number | string>;
const zEnabled = z.boolean({ error: dictionaryMessages.enabledInvalid });

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
export type TypeStoreInput = z.input<typeof typeStoreBody>;
export type TypeStoreBody = z.infer<typeof typeStoreBody>;

/** Fields left out keep their value. */
export const typeUpdateBody = z.object({
  id: zId(dictionaryLabels.type),
  code: zCode.optional(),
  name: zName.optional(),
  description: zDescription.optional(),
});
export type TypeUpdateInput = z.input<typeof typeUpdateBody>;
export type TypeUpdateBody = z.infer<typeof typeUpdateBody>;

export const typeDestroyBody = z.object({ id: zId(dictionaryLabels.type) });

export const itemRow = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ...itemNames,
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
  ...zTranslations,
  /** Left out: after the type's last item. */
  sort: zSort.optional(),
  enabled: zEnabled.optional().default(true),
});
export type ItemStoreInput = z.input<typeof itemStoreBody>;
export type ItemStoreBody = z.infer<typeof itemStoreBody>;

/** Fields left out keep their value (the list's enable switch sends only `id` and `enabled`). */
export const itemUpdateBody = z.object({
  id: zId(dictionaryLabels.item),
  code: zCode.optional(),
  name: zName.optional(),
  ...zTranslations,
  sort: zSort.optional(),
  enabled: zEnabled.optional(),
});
export type ItemUpdateInput = z.input<typeof itemUpdateBody>;
export type ItemUpdateBody = z.infer<typeof itemUpdateBody>;

export const itemDestroyBody = z.object({ id: zId(dictionaryLabels.item) });
