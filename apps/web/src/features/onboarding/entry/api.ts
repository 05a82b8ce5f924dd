import type { OnboardingDocument, OnboardingStep } from '@dealer-hr/shared/onboarding';
import { post, put } from '../../../lib/api-client';
import type { Gender, OnboardingDetail, UploadedFile } from '../api';

export interface PersonalBody {
  step: 'personal';
  name: string;
  phone: string;
  id_type_id: number;
  id_number: string;
  email: string;
  gender: Gender;
  birth_date: string | null;
  height: number;
  ethnicity_id: number;
  marital_status_id: number;
  education_id: number;
  college: string;
  region_id: number;
  has_license_id: number | null;
}

/** Upload ids by what each document is; null for one not given. */
export type DocumentsBody = { step: 'documents' } & Record<OnboardingDocument, number | null>;

export interface ContractBody {
  step: 'contract';
  department_id: number;
  post_id: number;
  entry_date: string;
  employee_type_id: number;
  probation_months: number;
  contract_start: string;
  contract_end: string;
  username: string;
  /** Only to set it: left out, the one set before is kept. */
  password?: string;
  is_sale: boolean;
}

export type StepBody = PersonalBody | DocumentsBody | ContractBody;

/** `PUT user/entry/step/update`: one step's form, saved whole; answers the entry as saved. */
export const saveStep = (id: number, body: StepBody) =>
  put<OnboardingDetail>('/auth/user/entry/step/update', { id, ...body });

/** A rejected entry back to a draft; the approver's comment stays. */
export const refillEntry = (id: number) => put<OnboardingDetail>('/auth/user/entry/step/refill', { id });

/** To the `inductionfirst` approval; 422 names the first step or document missing. */
export const submitEntry = (id: number) => post<OnboardingDetail>('/auth/user/entry/step/post', { id });

/** `POST upload/file`: the purpose goes before the file, as the server reads the parts in order. */
export function uploadFile(file: File, purpose: OnboardingDocument): Promise<UploadedFile> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file, file.name);
  return post<UploadedFile>('/auth/upload/file', body);
}

/** The step to open first: the first one not saved yet, the last when all are. */
export function firstOpenStep(entry: OnboardingDetail, steps: readonly OnboardingStep[]): number {
  const open = steps.findIndex((step) => !entry.steps[step]);
  return open === -1 ? steps.length - 1 : open;
}
