import {
  EXCLUSION_KINDS,
  EXCLUSION_MEMBERS_MAX,
  EXCLUSION_SCOPES,
  EXCLUSION_STATUSES,
  exclusionMessages,
} from '@dealer-hr/shared/mutual-exclusion';
import { isCertificateNumber, maxLengthMessage, messages, selectMessage } from '@dealer-hr/shared/rules';
import { zIdNumber, zPersonName, zRequiredSelect, zRequiredString } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

export const exclusionLabels = {
  rule: '互斥规则',
  name: '规则名称',
  kind: '规则类型',
  scope: '互斥范围',
  firstPost: '岗位一',
  secondPost: '岗位二',
  members: '互斥人员',
  description: '说明',
  status: '状态',
  keyword: '关键字',
  store: '门店',
  department: '部门',
  post: '岗位',
} as const;

const NAME_MAX = 50;
const DESCRIPTION_MAX = 200;

const zId = (label: string) => zRequiredSelect(label) as z.ZodType<number, unknown>;

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
    .max(EXCLUSION_MEMBERS_MAX, { error: `互斥人员不能超过${EXCLUSION_MEMBERS_MAX}名` })
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
    if (members.length < 2)
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
export type ExclusionStoreBody = z.infer<typeof exclusionStoreBody>;

/** The whole rule again (the form sends every field), with its id. */
export const exclusionUpdateBody = z
  .object({ id: zId(exclusionLabels.rule), ...ruleFields })
  .superRefine(refineKind);
export type ExclusionUpdateBody = z.infer<typeof exclusionUpdateBody>;

export const exclusionIdBody = z.object({ id: zId(exclusionLabels.rule) });

export const exclusionListQuery = z.object({
  ...pagingQuery,
  /** Part of the rule's name or of a member's name. */
  keyword: zFilterText(exclusionLabels.keyword),
  kind: z.enum(EXCLUSION_KINDS, { error: selectMessage(exclusionLabels.kind) }).optional(),
  status: z.enum(EXCLUSION_STATUSES, { error: selectMessage(exclusionLabels.status) }).optional(),
});
export type ExclusionListQuery = z.infer<typeof exclusionListQuery>;

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
