import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ErrorCode, type FieldError } from '@dealer-hr/shared/error-codes';
import type {
  OnboardingDetail,
  OnboardingRow,
  OnboardingStartInput,
} from '@dealer-hr/shared/onboarding/contract';
import type { OnboardingStatus } from '@dealer-hr/shared/onboarding/rules';
import { ApiError, del, get, post, type Paged, type QueryParams } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';

// What the three onboarding pages (入职管理, 入职登记, 入职审批) share of `user/entry/step/*`: the rows, the
// detail and their queries, with the list page's own calls (start, delete, export). The entry form
// (entry/) and the approval (induction/) keep their changes in their own api.ts. The rows, the detail and the
// bodies are the shared contract's types; only the list's filters (a query string) are the web's own.

export type {
  ContractAnswer,
  OnboardingDetail,
  OnboardingRow,
  PersonalAnswer,
  UploadedFile,
} from '@dealer-hr/shared/onboarding/contract';
export type { Gender } from '@dealer-hr/shared/staff/rules';

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
export type StartFields = OnboardingStartInput;

/** A 409 says why the person may not be hired (`data.errors`, one reason per field). */
export const startOnboarding = (fields: StartFields) =>
  post<OnboardingDetail>('/auth/user/entry/step/start', fields);

/** Only an entry never submitted; its uploads go back to their uploader. */
export const destroyOnboarding = (id: number) => del<{ id: number }>('/auth/user/entry/step/destroy', { id });

/** The filters an export of the entries takes (`user/entry/step/excel`'s query). */
export const exportFiltersOf = (filters: OnboardingFilters): QueryParams => ({
  ...filters,
  tz: timeZoneOf(filters),
});

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
