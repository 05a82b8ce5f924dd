import { zStoreRequiredId } from '@dealer-hr/shared/stores/contract';
import { storeLabels, storeMessages, storeStatuses } from '@dealer-hr/shared/stores/rules';
import { MAX_ID } from '@dealer-hr/shared/rules';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the stores routes are the shared contract (@dealer-hr/shared/stores/contract);
// what is here reads query strings, on the server's own paging coercion.

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

export const idQuery = z.object({ id: zStoreRequiredId(storeLabels.store) });

export const treeQuery = z.object({
  /** Absent: the regions; a region's department id: its stores. */
  parent_id: zQueryId(storeLabels.parent),
});
