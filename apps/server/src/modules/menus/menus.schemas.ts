import type { MenuNode } from '@dealer-hr/shared';
import { z } from 'zod';

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    title: z.string(),
    path: z.string(),
    type_id: z.number().int(),
    perm: z.array(z.object({ name: z.string() })),
    quick_icon: z.string().nullable(),
    affix: z.boolean(),
    noCache: z.boolean(),
    sort: z.number().int(),
    children: z.array(menuNode),
  }),
);
