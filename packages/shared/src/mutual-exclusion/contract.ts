// The mutual-exclusion routes' request and answer schemas (`/api/auth/mutually/exclusive/*`). The server
// validates and documents with them; the web only imports their types (`import type`), so zod stays out of
// its bundle. The list's query string is the server's own.
import { isCertificateNumber, maxLengthMessage, messages, selectMessage } from '../rules';
import { zIdNumber, zPersonName, zRequiredSelect, zRequiredString } from '../validation';
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  EXCLUSION_KINDS,
  EXCLUSION_MEMBERS_MAX,
  EXCLUSION_MEMBERS_MIN,
  EXCLUSION_SCOPES,
  EXCLUSION_STATUSES,
  NAME_MAX,
  exclusionLabels,
  exclusionMessages,
} from './rules';

const zId = zRequiredSelect;

const zMember = z.object({
  name: zPersonName,
  id_number: zIdNumber.refine(isCertificateNumber, {
    error: messages.idNumberInvalid,
  }),
});

const ruleFields = {
  name: zRequiredString(exclusionLabels.name, { max: NAME_MAX }),
  kind: z.enum(EXCLUSION_KINDS, { error: selectMessage(exclusionLabels.kind) }),
  scope: z
    .enum(EXCLUSION_SCOPES, { error: selectMessage(exclusionLabels.scope) })
    .nullable()
    .optional(),
  first_post_id: zId(exclusionLabels.firstPost).nullable().optional(),
  second_post_id: zId(exclusionLabels.secondPost).nullable().optional(),
  members: z
    .array(zMember, { error: exclusionMessages.membersTooFew })
    .max(EXCLUSION_MEMBERS_MAX, { error: exclusionMessages.membersTooMany })
    .optional(),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, { error: maxLengthMessage(exclusionLabels.description, DESCRIPTION_MAX) })
    .optional()
    .default(''),
  status: z
    .enum(EXCLUSION_STATUSES, { error: selectMessage(exclusionLabels.status) })
    .optional()
    .default('active'),
};

/** What each kind needs: people rules a scope and two or more distinct people, post rules two distinct posts. */
function refineKind(
  rule: {
    kind: (typeof EXCLUSION_KINDS)[number];
    scope?: string | null;
    first_post_id?: number | null;
    second_post_id?: number | null;
    members?: { id_number: string }[] | undefined;
  },
  context: z.RefinementCtx,
) {
  if (rule.kind === 'people') {
    if (!rule.scope)
      context.addIssue({ code: 'custom', path: ['scope'], message: selectMessage(exclusionLabels.scope) });
    const members = rule.members ?? [];
    if (members.length < EXCLUSION_MEMBERS_MIN)
      context.addIssue({ code: 'custom', path: ['members'], message: exclusionMessages.membersTooFew });
    const seen = new Set<string>();
    members.forEach((member, index) => {
      const key = member.id_number.trim().toUpperCase();
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['members', index, 'id_number'],
          message: exclusionMessages.memberRepeated,
        });
      seen.add(key);
    });
    return;
  }
  if (!rule.first_post_id)
    context.addIssue({
      code: 'custom',
      path: ['first_post_id'],
      message: selectMessage(exclusionLabels.firstPost),
    });
  if (!rule.second_post_id)
    context.addIssue({
      code: 'custom',
      path: ['second_post_id'],
      message: selectMessage(exclusionLabels.secondPost),
    });
  if (rule.first_post_id && rule.first_post_id === rule.second_post_id)
    context.addIssue({ code: 'custom', path: ['second_post_id'], message: exclusionMessages.postsSame });
}

export const exclusionStoreBody = z.object(ruleFields).superRefine(refineKind);
export type ExclusionStoreInput = z.input<typeof exclusionStoreBody>;
export type ExclusionStoreBody = z.infer<typeof exclusionStoreBody>;

/** The whole rule again (the form sends every field), with its id. */
export const exclusionUpdateBody = z
  .object({ id: zId(exclusionLabels.rule), ...ruleFields })
  .superRefine(refineKind);
export type ExclusionUpdateBody = z.infer<typeof exclusionUpdateBody>;

export const exclusionIdBody = z.object({ id: zId(exclusionLabels.rule) });

export const exclusionRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(EXCLUSION_KINDS),
  scope: z.enum(EXCLUSION_SCOPES).nullable(),
  first_post_id: z.number().int().nullable(),
  first_post_name: z.string().nullable(),
  second_post_id: z.number().int().nullable(),
  second_post_name: z.string().nullable(),
  /** ID numbers masked (first 3 and last 3); `employee_id` when the person is on staff. */
  members: z.array(
    z.object({ name: z.string(), id_number: z.string(), employee_id: z.number().int().nullable() }),
  ),
  description: z.string(),
  status: z.enum(EXCLUSION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExclusionRow = z.infer<typeof exclusionRow>;

/** A placement to check: a person (by ID number, and employee id when on staff) at a store/department/posts. */
export const exclusionCheckBody = z.object({
  id_number: zIdNumber,
  employee_id: zId('员工').nullable().optional(),
  store_id: zId(exclusionLabels.store).nullable().optional(),
  department_id: zId(exclusionLabels.department),
  post_ids: z.array(zId(exclusionLabels.post)).min(1, { error: selectMessage(exclusionLabels.post) }),
});
export type ExclusionCheckInput = z.input<typeof exclusionCheckBody>;
export type ExclusionCheckBody = z.infer<typeof exclusionCheckBody>;

export const exclusionViolation = z.object({
  rule_id: z.number().int(),
  rule_name: z.string(),
  kind: z.enum(EXCLUSION_KINDS),
  message: z.string(),
});
export type ExclusionViolation = z.infer<typeof exclusionViolation>;

export const exclusionCheckAnswer = z.object({
  allowed: z.boolean(),
  violations: z.array(exclusionViolation),
});
export type ExclusionCheckAnswer = z.infer<typeof exclusionCheckAnswer>;
