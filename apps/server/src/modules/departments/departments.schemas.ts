import { departmentLabels } from '@dealer-hr/shared/departments/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

// The bodies and answers of the departments routes are the shared contract
// (@dealer-hr/shared/departments/contract); what is here reads query strings, on the server's own paging.

export const myTreeQuery = z.object({
  /** docs/api.md "Data scope": `partTime` (default 0); 1 adds the departments of part-time posts. */
  partTime: z.enum(['0', '1']).default('0'),
});

export const idQuery = z.object({ id: zId(departmentLabels.department) });
export type IdQuery = z.infer<typeof idQuery>;

export const childrenQuery = z.object({
  /** Absent: the roots of the caller's scope. */
  parent_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    zId(departmentLabels.parent).optional(),
  ) as z.ZodType<number | undefined, unknown>,
});

export const staffQuery = z.object({ id: zId(departmentLabels.department), ...pagingQuery });
export type StaffQuery = z.infer<typeof staffQuery>;
