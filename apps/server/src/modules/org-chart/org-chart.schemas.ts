import { orgChartMessages } from '@dealer-hr/shared/org-chart/rules';
import { MAX_ID } from '@dealer-hr/shared/rules';
import { z } from 'zod';

// The chart's answer is the shared contract (@dealer-hr/shared/org-chart/contract); what is here reads its
// query string.

export const chartQuery = z.object({
  /** The department to draw from; absent means every root of the caller's data scope. */
  root_id: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (/^\d+$/.test(value) && Number(value) > 0 && Number(value) <= MAX_ID), {
      error: orgChartMessages.rootInvalid,
    })
    .transform((value) => (value ? Number(value) : undefined)),
});
export type ChartQuery = z.infer<typeof chartQuery>;
