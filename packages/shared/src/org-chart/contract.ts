// The organisation chart's answer schema (`GET /api/auth/departments/chart`). The server validates and
// documents with it; the web only imports its type (`import type`), so zod stays out of its bundle. The
// chart's query string is the server's own.
import { z } from 'zod';

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
