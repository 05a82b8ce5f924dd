import { z } from 'zod';

export const myTreeQuery = z.object({
  /** Spec section 7: `partTime` (default 0); 1 adds the departments of part-time posts. */
  partTime: z.enum(['0', '1']).default('0'),
});

export interface DepartmentNode {
  id: number;
  parent_id: number | null;
  name: string;
  kind: string;
  code: string | null;
  /** Absent when empty (spec section 3: empty children are removed). */
  children?: DepartmentNode[];
}

export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    kind: z.string(),
    code: z.string().nullable(),
    children: z.array(departmentNode).optional(),
  }),
);
