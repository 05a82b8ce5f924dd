import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ErrorCode, type FieldError } from '@dealer-hr/shared/error-codes';
import type { OnboardingStatus, OnboardingStep } from '@dealer-hr/shared/onboarding';
import { ApiError, del, get, post, type Paged } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';
import { download } from '../../lib/download';

// What the three onboarding pages (入职管理, 入职登记, 入职审批) share of `user/entry/step/*`: the rows, the
// detail and their queries, with the list page's own calls (start, delete, export). The entry form
// (entry/) and the approval (induction/) keep their changes in their own api.ts.

/** A row of `GET /api/auth/user/entry/step/index`. */
export interface OnboardingRow {
  id: number;
  status: OnboardingStatus;
  name: string;
  phone: string;
  /** Masked by the server in the list (first and last three characters); whole in the detail. */
  id_number: string;
  store_id: number;
  store_name: string;
  /** The store's own department node: the contract step picks a department under it. */
  store_department_id: number;
  department_id: number;
  department_name: string;
  post_id: number;
  post_name: string;
  entry_date: string | null;
  steps: Record<OnboardingStep, boolean>;
  return_comment: string | null;
  employee_id: number | null;
  employee_no: string | null;
  created_by: string | null;
  created_at: string;
  submitted_at: string | null;
  approved_at: string | null;
}

/** An uploaded file (`POST upload/file`); `url` is read with the session's token. */
export interface UploadedFile {
  id: number;
  url: string;
  mime: string;
  size: number;
  file_name: string;
  purpose: string;
  created_at: string;
}

export type Gender = 'male' | 'female';

export interface PersonalAnswer {
  gender: Gender;
  email: string;
  birth_date: string | null;
  height: number;
  ethnicity_id: number;
  marital_status_id: number;
  education_id: number;
  college: string;
  region_id: number;
  has_license_id: number | null;
}

export interface ContractAnswer {
  entry_date: string;
  employee_type_id: number;
  probation_months: number;
  contract_start: string;
  contract_end: string;
  username: string;
  is_sale: boolean;
  /** Whether an initial password is set (it is never answered). */
  has_password: boolean;
}

/** `GET /api/auth/user/entry/step/detail`: the entry with every step as saved. */
export interface OnboardingDetail extends OnboardingRow {
  id_type_id: number;
  id_type_name: string | null;
  personal: PersonalAnswer | null;
  documents: UploadedFile[];
  contract: ContractAnswer | null;
  approval: {
    instance_id: number;
    status: string;
    /** The caller's open task on it, when they are to decide now. */
    task_id: number | null;
  } | null;
}

export interface OnboardingFilters {
  /** The beginning of the name, or part of the phone. */
  keyword?: string;
  status?: OnboardingStatus;
  store_id?: number;
  /** Only the entries waiting for the caller's approval. */
  awaiting_me?: 1;
  /** YYYY-MM-DD, inclusive: the days the entries were started. */
  from?: string;
  to?: string;
}

/** Everything the onboarding pages cache lives under this key. */
export const ONBOARDING_KEY = 'onboarding';

export const onboardingListQuery = (params: OnboardingFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [ONBOARDING_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<OnboardingRow>>(
        '/auth/user/entry/step/index',
        { ...params, tz: timeZoneOf(params) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const onboardingDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [ONBOARDING_KEY, 'detail', id],
    queryFn: ({ signal }) => get<OnboardingDetail>('/auth/user/entry/step/detail', { id }, { signal }),
  });

/** `POST user/entry/step/start`: who is to be hired, and where. */
export interface StartFields {
  name: string;
  phone: string;
  id_type_id: number;
  id_number: string;
  store_id: number;
  post_id: number;
}

/** A 409 says why the person may not be hired (`data.errors`, one reason per field). */
export const startOnboarding = (fields: StartFields) =>
  post<OnboardingDetail>('/auth/user/entry/step/start', fields);

/** Only an entry never submitted; its uploads go back to their uploader. */
export const destroyOnboarding = (id: number) => del<{ id: number }>('/auth/user/entry/step/destroy', { id });

/** Downloads `GET user/entry/step/excel` (every row the filters match) as a file named `fileName`. */
export const downloadExport = (filters: OnboardingFilters, fileName: string) =>
  download('/auth/user/entry/step/excel', { ...filters, tz: timeZoneOf(filters) }, fileName);

/** Filling is blue, waiting orange, sent back red, hired green. */
export const onboardingStatusColors: Record<OnboardingStatus, string> = {
  draft: 'blue',
  pending: 'orange',
  returned: 'red',
  approved: 'green',
};

/**
 * The reasons of a refused hire (409 whose `data.errors` names the field of each: prohibited list, staff
 * already holding the number or phone, an open entry, a mutual-exclusion rule); none for anything else.
 */
export function refusalsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CONFLICT) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (entry): entry is FieldError =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as FieldError).field === 'string' &&
      typeof (entry as FieldError).message === 'string',
  );
}

/** The name of the mainland resident identity card in dictionary 21 (its code `mainland` is not answered). */
const MAINLAND_ID_NAME = '居民身份证';

/**
 * The ID type of a mainland resident identity card among the items of dictionary 21: the item of that name,
 * else the first one (the dictionary lists it first).
 */
export function mainlandIdTypeOf(items: readonly { id: number; name: string }[]): number | undefined {
  return (items.find((item) => item.name === MAINLAND_ID_NAME) ?? items[0])?.id;
}
