import {
  ONBOARDING_DOCUMENTS,
  ONBOARDING_STATUSES,
  PROBATION_MAX_MONTHS,
  onboardingLabels,
  onboardingMessages,
  type OnboardingDocument,
} from '@dealer-hr/shared/onboarding';
import {
  COLLEGE_MAX,
  fieldLabels,
  isCertificateNumber,
  messages,
  selectMessage,
} from '@dealer-hr/shared/rules';
import {
  zEmail,
  zHeight,
  zIdNumber,
  zPassword,
  zPersonName,
  zPhone,
  zRequiredDate,
  zRequiredSelect,
  zRequiredString,
  zUsername,
} from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeQuery, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

const zId = (label: string) => zRequiredSelect(label) as z.ZodType<number, unknown>;
const zEntryId = zId(onboardingLabels.entry);
const zIdNumberText = zIdNumber.refine(isCertificateNumber, { error: messages.idNumberInvalid });

export const onboardingListQuery = z
  .object({
    ...pagingQuery,
    /** The beginning of the name, or part of the phone. */
    keyword: zFilterText('姓名或手机号码'),
    status: z.enum(ONBOARDING_STATUSES, { error: selectMessage(fieldLabels.status) }).optional(),
    store_id: zId(fieldLabels.store).optional(),
    /** Only entries waiting for the caller's own approval (the `/processapproval/inductionfirst` page). */
    awaiting_me: z
      .enum(['1', '0', 'true', 'false'])
      .optional()
      .transform((value) => value === '1' || value === 'true'),
    /** Days the entries were started, in the caller's time zone. */
    ...dayRangeQuery,
  })
  .superRefine(refineDayRange);
export type OnboardingListQuery = z.infer<typeof onboardingListQuery>;

const stepsDone = z.object({ personal: z.boolean(), documents: z.boolean(), contract: z.boolean() });

export const onboardingRow = z.object({
  id: z.number().int(),
  status: z.enum(ONBOARDING_STATUSES),
  name: z.string(),
  phone: z.string(),
  /** First 3 and last 3 characters. */
  id_number: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  /** The store's own department node: the contract step picks a department under it. */
  store_department_id: z.number().int(),
  department_id: z.number().int(),
  department_name: z.string(),
  post_id: z.number().int(),
  post_name: z.string(),
  entry_date: z.string().nullable(),
  steps: stepsDone,
  return_comment: z.string().nullable(),
  employee_id: z.number().int().nullable(),
  employee_no: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
});
export type OnboardingRow = z.infer<typeof onboardingRow>;

const uploadAnswer = z.object({
  id: z.number().int(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  file_name: z.string(),
  purpose: z.string(),
  created_at: z.string(),
});

const personalAnswer = z.object({
  gender: z.enum(['male', 'female']),
  email: z.string(),
  birth_date: z.string().nullable(),
  height: z.number().int(),
  ethnicity_id: z.number().int(),
  marital_status_id: z.number().int(),
  education_id: z.number().int(),
  college: z.string(),
  region_id: z.number().int(),
  has_license_id: z.number().int().nullable(),
});

const contractAnswer = z.object({
  entry_date: z.string(),
  employee_type_id: z.number().int(),
  probation_months: z.number().int(),
  contract_start: z.string(),
  contract_end: z.string(),
  username: z.string(),
  is_sale: z.boolean(),
  /** Whether an initial password is set (it is never answered). */
  has_password: z.boolean(),
});

/** The entry with every step as saved; the ID number is whole here, for HR filling and approvers checking. */
export const onboardingDetail = onboardingRow.extend({
  id_type_id: z.number().int(),
  id_type_name: z.string().nullable(),
  id_number: z.string(),
  personal: personalAnswer.nullable(),
  documents: z.array(uploadAnswer),
  contract: contractAnswer.nullable(),
  approval: z
    .object({
      instance_id: z.number().int(),
      status: z.string(),
      /** The caller's open task on it, if they are to decide now. */
      task_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type OnboardingDetail = z.infer<typeof onboardingDetail>;

export const onboardingIdQuery = z.object({ id: zEntryId });
export const onboardingIdBody = z.object({ id: zEntryId });

/** `start`: who is to be hired and where. */
export const onboardingStartBody = z.object({
  name: zPersonName,
  phone: zPhone,
  id_type_id: zId(fieldLabels.certificateType),
  id_number: zIdNumberText,
  store_id: zId(onboardingLabels.store),
  post_id: zId(onboardingLabels.post),
});
export type OnboardingStartBody = z.infer<typeof onboardingStartBody>;

/** Step 1: the person, by docs/domain.md "Form rules" (the start's fields may be corrected here). */
const personalStep = z.object({
  step: z.literal('personal'),
  name: zPersonName,
  phone: zPhone,
  id_type_id: zId(fieldLabels.certificateType),
  id_number: zIdNumberText,
  email: zEmail,
  gender: z.enum(['male', 'female'], { error: selectMessage(fieldLabels.gender) }),
  birth_date: zRequiredDate(onboardingLabels.birthDate).nullable().optional(),
  height: zHeight,
  ethnicity_id: zId(fieldLabels.ethnicity),
  marital_status_id: zId(fieldLabels.maritalStatus),
  education_id: zId(fieldLabels.education),
  college: zRequiredString(fieldLabels.college, { max: COLLEGE_MAX }),
  region_id: zId(fieldLabels.region),
  has_license_id: zId(onboardingLabels.hasLicense).nullable().optional(),
});
export type PersonalStep = z.infer<typeof personalStep>;

const zUploadId = z
  .number({ error: onboardingMessages.documentUnknown })
  .int()
  .positive()
  .nullable()
  .optional();

/** Step 2: the uploads (`POST upload/file`) that make up the file, by what each one is. */
const documentsStep = z.object({
  step: z.literal('documents'),
  ...(Object.fromEntries(ONBOARDING_DOCUMENTS.map((document) => [document, zUploadId])) as Record<
    OnboardingDocument,
    typeof zUploadId
  >),
});
export type DocumentsStep = z.infer<typeof documentsStep>;

/** Step 3: where and on what terms; the login account opened at approval. */
const contractStep = z
  .object({
    step: z.literal('contract'),
    department_id: zId(onboardingLabels.department),
    post_id: zId(onboardingLabels.post),
    entry_date: zRequiredDate(onboardingLabels.entryDate),
    employee_type_id: zId(fieldLabels.type),
    probation_months: z.coerce
      .number({ error: requiredProbation() })
      .int({ error: requiredProbation() })
      .min(0, { error: requiredProbation() })
      .max(PROBATION_MAX_MONTHS, { error: requiredProbation() }),
    contract_start: zRequiredDate(onboardingLabels.contractStart),
    contract_end: zRequiredDate(onboardingLabels.contractEnd),
    username: zUsername,
    /** Required until one is set; left out afterwards to keep it. */
    password: zPassword.optional(),
    is_sale: z.boolean({ error: '是否销售须为布尔值' }).optional().default(false),
  })
  .superRefine((step, context) => {
    if (step.contract_end < step.contract_start)
      context.addIssue({
        code: 'custom',
        path: ['contract_end'],
        message: onboardingMessages.contractReversed,
      });
    if (step.contract_start < step.entry_date)
      context.addIssue({
        code: 'custom',
        path: ['contract_start'],
        message: onboardingMessages.contractBeforeEntry,
      });
  });
export type ContractStep = z.infer<typeof contractStep>;

function requiredProbation() {
  return `${onboardingLabels.probation}须为 0 到 ${PROBATION_MAX_MONTHS} 的整数`;
}

/** `update`: one step's form, saved whole. */
export const onboardingUpdateBody = z
  .object({ id: zEntryId })
  .and(
    z.discriminatedUnion('step', [personalStep, documentsStep, contractStep], { error: '填写步骤不正确' }),
  );
export type OnboardingUpdateBody = z.infer<typeof onboardingUpdateBody>;

export const onboardingDecisionBody = z.object({
  id: zEntryId,
  comment: z
    .string()
    .trim()
    .max(200, { error: `${onboardingLabels.comment}不能超过 200 个字符` })
    .optional()
    .transform((value) => value || null),
});
export const onboardingRejectBody = z.object({
  id: zEntryId,
  comment: zRequiredString(onboardingLabels.comment, { max: 200, multiline: true }),
});

export const onboardingStateAnswer = z.object({
  id: z.number().int(),
  status: z.enum(ONBOARDING_STATUSES),
  employee_id: z.number().int().nullable(),
});
