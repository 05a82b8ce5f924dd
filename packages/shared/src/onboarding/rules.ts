/**
 * Onboarding (entry steps, docs/domain.md "Onboarding"): a candidate's record from `start` to the approval that
 * makes them an employee. The domain's steps, limits, labels and messages as plain constants, free of zod, so
 * the web imports them directly; the zod schemas built on them are in ./contract.
 */
import type { UploadPurpose } from '../uploads/rules';

/**
 * `draft` while HR fills the steps; `pending` in the `inductionfirst` approval; `returned` when an approver
 * rejected it (HR `refill`s it, back to `draft`); `approved` once the employee exists.
 */
export const ONBOARDING_STATUSES = ['draft', 'pending', 'returned', 'approved'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** The steps after `start`, in the order the form shows them. */
export const ONBOARDING_STEPS = ['personal', 'documents', 'contract'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The documents the documents step asks for; the ID card's two sides must be there before submitting. */
export const ONBOARDING_DOCUMENTS = [
  'id_card_front',
  'id_card_back',
  'education',
  'driving_licence',
  'face',
] as const satisfies readonly UploadPurpose[];
export type OnboardingDocument = (typeof ONBOARDING_DOCUMENTS)[number];
export const REQUIRED_DOCUMENTS: readonly OnboardingDocument[] = ['id_card_front', 'id_card_back'];

/** Longest probation, in months (labour law: at most six months). */
export const PROBATION_MAX_MONTHS = 6;

/** Longest approver's comment, in characters. */
export const ONBOARDING_COMMENT_MAX = 200;

export const onboardingLabels = {
  entry: '入职记录',
  store: '入职门店',
  department: '入职部门',
  post: '入职岗位',
  entryDate: '入职日期',
  probation: '试用期（月）',
  contractStart: '合同开始日期',
  contractEnd: '合同结束日期',
  hasLicense: '是否有驾照',
  birthDate: '出生日期',
  comment: '审批意见',
  step: '填写步骤',
  keyword: '姓名或手机号码',
} as const;

export const documentNames: Record<OnboardingDocument, string> = {
  id_card_front: '身份证人像面',
  id_card_back: '身份证国徽面',
  education: '学历证书',
  driving_licence: '驾驶证',
  face: '员工照片',
};

export const stepNames: Record<OnboardingStep, string> = {
  personal: '个人信息',
  documents: '证件资料',
  contract: '岗位与合同',
};

export const onboardingMessages = {
  notFound: '入职记录不存在',
  /** A listed person; the list's reason follows. */
  prohibited: '该人员在禁用名单中，不能办理入职',
  employeePhone: '该手机号码已被在职员工使用，不能办理入职',
  employeeIdNumber: '该证件号码已是在职员工，不能办理入职',
  openEntry: '该证件号码已有进行中的入职记录',
  notEditable: '该入职记录已提交审批或已完成，不能修改',
  notReturned: '只有被驳回的入职记录可以重新填写',
  notDraft: '该入职记录已提交审批或已完成',
  stepMissing: (step: OnboardingStep) => `请先完成「${stepNames[step]}」`,
  documentMissing: (document: OnboardingDocument) => `请上传${documentNames[document]}`,
  documentPurpose: (document: OnboardingDocument) => `该文件不是${documentNames[document]}`,
  documentUnknown: '文件不存在或不是您上传的',
  departmentOutsideStore: '入职部门必须属于入职门店',
  contractReversed: '合同结束日期不能早于开始日期',
  contractBeforeEntry: '合同开始日期不能早于入职日期',
  noTask: '您没有该入职记录的待审批任务',
  usernameTaken: '该登录账号已被使用',
  probationInvalid: `${onboardingLabels.probation}须为 0 到 ${PROBATION_MAX_MONTHS} 的整数`,
  stepInvalid: '填写步骤不正确',
  isSaleInvalid: '是否销售须为布尔值',
  commentTooLong: `${onboardingLabels.comment}不能超过 ${ONBOARDING_COMMENT_MAX} 个字符`,
} as const;
