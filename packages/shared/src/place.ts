import { z } from 'zod';

/**
 * Where a person works, as the movement contracts (transfers, dispatch, rotation) answer it: a store (none at
 * head office), a department and a post, each with its name.
 */
export const placeFields = {
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  department_id: z.number().int(),
  department_name: z.string(),
  post_id: z.number().int(),
  post_name: z.string(),
};
