// The headcount routes' request and answer schemas (`/api/auth/headcount/*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// The grid's query string is the server's own.
import { zId } from '../validation';
import { z } from 'zod';
import { MAX_CELLS, PLANNED_MAX, headcountLabels, headcountMessages } from './rules';

const count = z.number().int();

export const gridPost = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const gridCell = z.object({ post_id: z.number().int(), planned: count, actual: count });
export const gridRow = z.object({
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  /** One cell per column, in the order of `posts`. */
  cells: z.array(gridCell),
  planned_total: count,
  actual_total: count,
});
export const headcountGrid = z.object({
  posts: z.array(gridPost),
  rows: z.array(gridRow),
  /** Column totals, in the order of `posts`. */
  totals: z.array(gridCell),
  planned_total: count,
  actual_total: count,
});
export type HeadcountGrid = z.infer<typeof headcountGrid>;
export type GridRow = z.infer<typeof gridRow>;
export type GridPost = z.infer<typeof gridPost>;
export type GridCell = z.infer<typeof gridCell>;

const zPlanned = z
  .number({ error: headcountMessages.plannedInvalid })
  .int({ error: headcountMessages.plannedInvalid })
  .min(0, { error: headcountMessages.plannedInvalid })
  .max(PLANNED_MAX, { error: headcountMessages.plannedInvalid });

export const headcountCell = z.object({
  store_id: zId(headcountLabels.store),
  post_id: zId(headcountLabels.post),
  planned: zPlanned,
});
export type HeadcountCell = z.infer<typeof headcountCell>;

export const headcountUpdateBody = z.object({
  items: z
    .array(headcountCell, { error: headcountMessages.itemsInvalid })
    .min(1, { error: headcountMessages.itemsInvalid })
    .max(MAX_CELLS, { error: headcountMessages.tooManyItems })
    .refine(
      (items) => new Set(items.map((item) => `${item.store_id}:${item.post_id}`)).size === items.length,
      {
        error: headcountMessages.duplicateCell,
      },
    ),
});
export type HeadcountUpdateInput = z.input<typeof headcountUpdateBody>;
export type HeadcountUpdateBody = z.infer<typeof headcountUpdateBody>;

export const headcountSaved = z.object({
  /** Cells whose planned count changed (unchanged ones are neither written nor audited). */
  changed: z.number().int(),
});
export type HeadcountSaved = z.infer<typeof headcountSaved>;
