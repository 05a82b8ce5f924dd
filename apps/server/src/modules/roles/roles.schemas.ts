import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { ROLE_NAME_MAX, roleLabels, roleMessages, roleStatuses } from '@dealer-hr/shared/roles/rules';
import { maxLengthMessage, selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';

// The bodies and answers of the roles routes are the shared contract (@dealer-hr/shared/roles/contract);
// what is here reads query strings.

/** A query number (`?page=2`) or absent. */
const zQueryInt = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .default(fallback),
  ) as z.ZodType<number, unknown>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: maxLengthMessage(label, max) });

export const roleListQuery = z.object({
  page: zQueryInt(roleMessages.pageInvalid, 1, 1_000_000, 1),
  limit: zQueryInt(roleMessages.limitInvalid, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  /** Part of the name or the key. */
  name: optionalText(roleLabels.name, ROLE_NAME_MAX).optional(),
  status: z.enum(roleStatuses, { error: selectMessage(roleLabels.status) }).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const idQuery = z.object({ id: zId(roleLabels.role) });

export const postIdQuery = z.object({ post_id: zId(roleLabels.post) });
