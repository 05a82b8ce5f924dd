import { z } from 'zod';

/** Ids are PostgreSQL `integer`s: a larger number would fail in the database rather than find nothing. */
const MAX_ID = 2_147_483_647;
const ROOT_INVALID = '根部门格式不正确';

export const chartQuery = z.object({
  /** The department to draw from; absent means every root of the caller's data scope. */
  root_id: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (/^\d+$/.test(value) && Number(value) > 0 && Number(value) <= MAX_ID), {
      error: ROOT_INVALID,
    })
    .transform((value) => (value ? Number(value) : undefined)),
});
export type ChartQuery = z.infer<typeof chartQuery>;

export interface ChartNode {
  id: number;
  name: string;
  kind: string;
  leader: { id: number; name: string } | null;
  /** Current staff of the node and everything below it: open main assignments. */
  headcount: number;
  /** Planned headcount of the stores at and below the node; null below store level, where no plan exists. */
  planned: number | null;
  /** Always present, empty on a leaf: the chart draws it as is. */
  children: ChartNode[];
}

export const chartNode: z.ZodType<ChartNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.string(),
    leader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    headcount: z.number().int(),
    planned: z.number().int().nullable(),
    children: z.array(chartNode),
  }),
);
