import type {
  ContractStepInput,
  DocumentsStepInput,
  OnboardingDetail,
  PersonalStepInput,
} from '@dealer-hr/shared/onboarding/contract';
import type { UploadAnswer } from '@dealer-hr/shared/uploads/contract';
import type { OnboardingDocument, OnboardingStep } from '@dealer-hr/shared/onboarding/rules';
import { post, put } from '../../../lib/api-client';

/** The steps' bodies of `PUT user/entry/step/update` (without the entry's id). */
export type PersonalBody = PersonalStepInput;
/** Upload ids by what each document is; null for one not given. */
export type DocumentsBody = DocumentsStepInput;
/** The password only to set it: left out, the one set before is kept. */
export type ContractBody = ContractStepInput;

export type StepBody = PersonalBody | DocumentsBody | ContractBody;

/** `PUT user/entry/step/update`: one step's form, saved whole; answers the entry as saved. */
export const saveStep = (id: number, body: StepBody) =>
  put<OnboardingDetail>('/auth/user/entry/step/update', { id, ...body });

/** A rejected entry back to a draft; the approver's comment stays. */
export const refillEntry = (id: number) => put<OnboardingDetail>('/auth/user/entry/step/refill', { id });

/** To the `inductionfirst` approval; 422 names the first step or document missing. */
export const submitEntry = (id: number) => post<OnboardingDetail>('/auth/user/entry/step/post', { id });

/** `POST upload/file`: the purpose goes before the file, as the server reads the parts in order. */
export function uploadFile(file: File, purpose: OnboardingDocument): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file, file.name);
  return post<UploadAnswer>('/auth/upload/file', body);
}

/** The step to open first: the first one not saved yet, the last when all are. */
export function firstOpenStep(entry: OnboardingDetail, steps: readonly OnboardingStep[]): number {
  const open = steps.findIndex((step) => !entry.steps[step]);
  return open === -1 ? steps.length - 1 : open;
}
