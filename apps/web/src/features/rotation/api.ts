import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  RotationCancelInput,
  RotationDetail,
  RotationEditInput,
  RotationEvaluateInput,
  RotationPerson,
  RotationRow,
  RotationStage,
  RotationStoreInput,
} from '@dealer-hr/shared/rotation/contract';
import type { RotationPlanStatus } from '@dealer-hr/shared/rotation/rules';
import { get, post, put, type Paged } from '../../lib/api-client';

export type { RotationDetail, RotationPerson, RotationRow, RotationStage, RotationStoreInput };

export interface RotationFilters {
  /** The beginning of the name, pinyin, initials or employee number. */
  keyword?: string;
  /** Plans with a stage at this store. */
  store_id?: number;
  status?: RotationPlanStatus;
}

/** Everything the rotation page caches lives under this key. */
export const ROTATION_KEY = 'staffRotation';

export const rotationListQuery = (params: RotationFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [ROTATION_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<RotationRow>>('/auth/rotation/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const rotationDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [ROTATION_KEY, 'detail', id],
    queryFn: ({ signal }) => get<RotationDetail>('/auth/rotation/detail', { id }, { signal }),
  });

export const rotationPeopleQuery = (keyword: string) =>
  queryOptions({
    queryKey: [ROTATION_KEY, 'people', keyword],
    queryFn: ({ signal }) => get<RotationPerson[]>('/auth/rotation/people', { keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export const fileRotation = (body: RotationStoreInput) => post<RotationDetail>('/auth/rotation/store', body);

export const editRotation = (body: RotationEditInput) => put<RotationDetail>('/auth/rotation/edit', body);

export const cancelRotation = (body: RotationCancelInput) =>
  post<RotationDetail>('/auth/rotation/cancel', body);

export const evaluateStage = (body: RotationEvaluateInput) =>
  post<RotationDetail>('/auth/rotation/evaluate', body);
