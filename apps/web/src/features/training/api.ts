import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CourseDetail,
  CourseRow,
  CourseStoreInput,
  RecordInput,
  RecordRow,
  TrainingPerson,
  TrainingSummaryRow,
} from '@dealer-hr/shared/training/contract';
import type { ImportReport } from '@dealer-hr/shared/imports/contract';
import type { TrainingImportKind, TrainingType } from '@dealer-hr/shared/training/rules';
import { del, get, post, put, type Paged, type QueryParams } from '../../lib/api-client';

export type { CourseDetail, CourseRow, ImportReport, RecordRow, TrainingPerson, TrainingSummaryRow };

export interface CourseFilters {
  /** Part of the code, the name or the trainer. */
  keyword?: string;
  type?: TrainingType;
  region_id?: number;
  store_id?: number;
  /** YYYY-MM-DD, inclusive: the courses' start dates. */
  from?: string;
  to?: string;
}

export type SummaryFilters = Pick<CourseFilters, 'type' | 'region_id' | 'from' | 'to'>;

/** The form's values, as the server takes them. */
export type CourseFields = CourseStoreInput;

/** Everything this page caches lives under this key. */
export const TRAINING_KEY = 'staffTraining';

export const courseListQuery = (params: CourseFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [TRAINING_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<CourseRow>>('/auth/training/list', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const summaryQuery = (by: 'area' | 'store', params: SummaryFilters) =>
  queryOptions({
    queryKey: [TRAINING_KEY, by, params],
    queryFn: ({ signal }) => get<TrainingSummaryRow[]>(`/auth/training/${by}`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const courseDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [TRAINING_KEY, 'detail', id],
    queryFn: ({ signal }) => get<CourseDetail>('/auth/training/detail', { id }, { signal }),
  });

export const peopleQuery = (keyword: string) =>
  queryOptions({
    queryKey: [TRAINING_KEY, 'people', keyword],
    queryFn: ({ signal }) => get<TrainingPerson[]>('/auth/training/people', { keyword }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const importReportQuery = (kind: TrainingImportKind, side: 'success' | 'failure') =>
  queryOptions({
    queryKey: [TRAINING_KEY, 'import', kind, side],
    queryFn: ({ signal }) => get<ImportReport | null>(`/auth/training/import/${side}`, { kind }, { signal }),
  });

export const createCourse = (fields: CourseFields) => post<CourseRow>('/auth/training/course', fields);

export const updateCourse = (id: number, fields: CourseFields) =>
  put<CourseRow>('/auth/training/update', { ...fields, id });

export const deleteCourse = (id: number) => del<{ id: number }>('/auth/training/destroy', { id });

/** Adds or changes people on the roster, and takes `remove` off it. */
export const saveRecords = (courseId: number, records: RecordInput[], remove: number[] = []) =>
  put<CourseDetail>('/auth/training/records', { course_id: courseId, records, remove });

/** The filters an export of the list takes (`training/excel`'s query). */
export const exportFiltersOf = (filters: CourseFilters): QueryParams => ({ ...filters });
