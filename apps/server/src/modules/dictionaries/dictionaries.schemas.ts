import { dictionaryLabels, MAX_TYPE_IDS } from '@dealer-hr/shared/dictionaries/rules';
import { MAX_ID } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the dictionaries routes are the shared contract
// (@dealer-hr/shared/dictionaries/contract); what is here reads query strings, on the server's own paging.

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

export const typeListQuery = z.object({
  ...pagingQuery,
  /** Part of the type's name. */
  name: zFilterText(dictionaryLabels.name),
  /** Part of the type's code. */
  code: zFilterText(dictionaryLabels.code),
});
export type TypeListQuery = z.infer<typeof typeListQuery>;

export const itemListQuery = z.object({
  ...pagingQuery,
  type_id: zId(dictionaryLabels.type),
  /** Part of the item's name or code. */
  name: zFilterText(dictionaryLabels.name),
});
export type ItemListQuery = z.infer<typeof itemListQuery>;
