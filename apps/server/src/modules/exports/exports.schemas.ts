import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

// The bodies and answers of the export routes are the shared contract (@dealer-hr/shared/exports/contract);
// what is here reads query strings, on the server's own paging.

export const exportListQuery = z.object({
  ...pagingQuery,
  /** `1`: only the exports still queued or running (the navbar's badge). */
  active: z.enum(['0', '1']).optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuery>;

export { exportIdBody as exportIdQuery } from '@dealer-hr/shared/exports/contract';
