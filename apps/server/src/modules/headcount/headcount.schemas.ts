import { headcountLabels } from '@dealer-hr/shared/headcount/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';

// The bodies and answers of the headcount routes are the shared contract
// (@dealer-hr/shared/headcount/contract), its limits and messages the shared rules; what is here reads the
// grid's query string.

export const headcountQuery = z.object({
  region_id: zId(headcountLabels.region).optional(),
  store_id: zId(headcountLabels.store).optional(),
});
export type HeadcountQuery = z.infer<typeof headcountQuery>;
