import { z } from 'zod';

/** How many types one request may ask for: a page needs a handful; the cap keeps the query small. */
export const MAX_TYPE_IDS = 50;
/** Ids are PostgreSQL `integer`s: a larger number would fail in the database rather than find nothing. */
const MAX_ID = 2_147_483_647;

const REQUIRED = '字典类型不能为空';
const INVALID = '字典类型格式不正确，应为以英文逗号分隔的正整数';
const TOO_MANY = `字典类型一次最多查询 ${MAX_TYPE_IDS} 个`;

/** `type_ids=1,21`: the spec's select fields ask for their dictionaries by comma-joined type ids. */
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
