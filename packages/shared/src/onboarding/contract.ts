// The onboarding routes' request and answer schemas (`/api/auth/user/entry/step/*`). The server validates
// and documents with them; the web only imports their types (`import type`), so zod stays out of its
// bundle. The list's query string is the server's own: it is built on its query-string coercion.
import { COLLEGE_MAX, fieldLabels, isCertificateNumber, messages, selectMessage } from '../rules';
import { GENDERS } from '../staff/rules';
import { uploadAnswer } from '../uploads/contract';
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
} from '../validation';
import { z } from 'zod';
import {
  ONBOARDING_COMMENT_MAX,
  ONBOARDING_DOCUMENTS,
  ONBOARDING_STATUSES,
  PROBATION_MAX_MONTHS,
  onboardingLabels,
  onboardingMessages,
  type OnboardingDocument,
} from './rules';

const zId = zRequiredSelect;
const zEntryId = zId(onboardingLabels.entry);
const zIdNumberText = zIdNumber.refine(isCertificateNumber, { error: messages.idNumberInvalid });

const stepsDone = z.object({ personal: z.boolean(), documents: z.boolean(), contract: z.boolean() });

/** A row of `GET user/entry/step/index`. */
export const onboardingRow = z.object({
  id: z.number().int(),
  status: z.enum(ONBOARDING_STATUSES),
  name: z.string(),
  phone: z.string(),
  /** First 3 and last 3 characters in the list; whole in the detail. */
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

/**
 * A document of the entry: an uploaded file (`POST upload/file`) whose `url` is read with the session's token.
 * Its purpose is published as text here, as the entry's answers always have.
 */
const documentAnswer = uploadAnswer.extend({ purpose: z.string() });
export type UploadedFile = z.infer<typeof documentAnswer>;

const personalAnswer = z.object({
  gender: z.enum(GENDERS),
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
export type PersonalAnswer = z.infer<typeof personalAnswer>;

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
export type ContractAnswer = z.infer<typeof contractAnswer>;

/** The entry with every step as saved; the ID number is whole here, for HR filling and approvers checking. */
export const onboardingDetail = onboardingRow.extend({
  id_type_id: z.number().int(),
  id_type_name: z.string().nullable(),
  id_number: z.string(),
  personal: personalAnswer.nullable(),
  documents: z.array(documentAnswer),
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
export type OnboardingStartInput = z.input<typeof onboardingStartBody>;
export type OnboardingStartBody = z.infer<typeof onboardingStartBody>;

/** Step 1: the person, by docs/domain.md "Form rules" (the start's fields may be corrected here). */
const personalStep = z.object({
  step: z.literal('personal'),
  name: zPersonName,
  phone: zPhone,
  id_type_id: zId(fieldLabels.certificateType),
  id_number: zIdNumberText,
  email: zEmail,
  gender: z.enum(GENDERS, { error: selectMessage(fieldLabels.gender) }),
  birth_date: zRequiredDate(onboardingLabels.birthDate).nullable().optional(),
  height: zHeight,
  ethnicity_id: zId(fieldLabels.ethnicity),
  marital_status_id: zId(fieldLabels.maritalStatus),
  education_id: zId(fieldLabels.education),
  college: zRequiredString(fieldLabels.college, { max: COLLEGE_MAX }),
  region_id: zId(fieldLabels.region),
  has_license_id: zId(onboardingLabels.hasLicense).nullable().optional(),
});
export type PersonalStepInput = z.input<typeof personalStep>;
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
export type DocumentsStepInput = z.input<typeof documentsStep>;
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
      .number({ error: onboardingMessages.probationInvalid })
      .int({ error: onboardingMessages.probationInvalid })
      .min(0, { error: onboardingMessages.probationInvalid })
      .max(PROBATION_MAX_MONTHS, { error: onboardingMessages.probationInvalid }),
    contract_start: zRequiredDate(onboardingLabels.contractStart),
    contract_end: zRequiredDate(onboardingLabels.contractEnd),
    username: zUsername,
    /** Required until one is set; left out afterwards to keep it. */
    password: zPassword.optional(),
    is_sale: z.boolean({ error: onboardingMessages.isSaleInvalid }).optional().default(false),
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
/** What the web sends; the probation is a number there (the server also takes its digits as text). */
export type ContractStepInput = Omit<z.input<typeof contractStep>, 'probation_months'> & {
  probation_months: number;
};
export type ContractStep = z.infer<typeof contractStep>;

/** `update`: one step's form, saved whole. */
export const onboardingUpdateBody = z.object({ id: zEntryId }).and(
  z.discriminatedUnion('step', [personalStep, documentsStep, contractStep], {
    error: onboardingMessages.stepInvalid,
  }),
);
export type OnboardingUpdateBody = z.infer<typeof onboardingUpdateBody>;

export const onboardingDecisionBody = z.object({
  id: zEntryId,
  comment: z
    .string()
    .trim()
    .max(ONBOARDING_COMMENT_MAX, { error: onboardingMessages.commentTooLong })
    .optional()
    .transform((value) => value || null),
});
export type OnboardingDecisionInput = z.input<typeof onboardingDecisionBody>;

export const onboardingRejectBody = z.object({
  id: zEntryId,
  comment: zRequiredString(onboardingLabels.comment, { max: ONBOARDING_COMMENT_MAX, multiline: true }),
});
export type OnboardingRejectInput = z.input<typeof onboardingRejectBody>;

export const onboardingStateAnswer = z.object({
  id: z.number().int(),
  status: z.enum(ONBOARDING_STATUSES),
  employee_id: z.number().int().nullable(),
});
export type OnboardingStateAnswer = z.infer<typeof onboardingStateAnswer>;
