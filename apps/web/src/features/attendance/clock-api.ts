import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AttendanceDay,
  ClockInAnswer,
  ClockInInput,
  ClockPunch,
  ClockToday,
  CorrectionInput,
  ExplainInput,
  MonthlyStatistics,
  MonthState,
  StoreStatistics,
} from '@dealer-hr/shared/attendance/clock-contract';
import type { AbnormalKind, PunchSource } from '@dealer-hr/shared/attendance/rules';
import { get, post, put, type Paged } from '../../lib/api-client';

export type { AttendanceDay, ClockPunch, ClockToday, MonthlyStatistics, MonthState, StoreStatistics };

/** Everything the clock-in, records, abnormal and statistics pages cache lives under this key. */
export const CLOCK_KEY = 'clock';

export const clockTodayQuery = () =>
  queryOptions({
    queryKey: [CLOCK_KEY, 'today'],
    queryFn: ({ signal }) => get<ClockToday>('/auth/clock/today', undefined, { signal }),
  });

export const clockIn = (body: ClockInInput) => post<ClockInAnswer>('/auth/clock/in', body);

export interface PunchFilters {
  keyword?: string;
  store_id?: number;
  from?: string;
  to?: string;
  in_fence?: '1' | '0';
  source?: PunchSource;
  mine?: '1';
}

export const punchListQuery = (params: PunchFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [CLOCK_KEY, 'records', params],
    queryFn: ({ signal }) =>
      get<Paged<ClockPunch> & { from: string; to: string }>('/auth/clock/records', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export interface AbnormalFilters {
  keyword?: string;
  store_id?: number;
  from?: string;
  to?: string;
  kind?: AbnormalKind;
  pending?: '1';
  mine?: '1';
}

export const abnormalListQuery = (params: AbnormalFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [CLOCK_KEY, 'abnormal', params],
    queryFn: ({ signal }) => get<Paged<AttendanceDay>>('/auth/clock/abnormal', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const explainDay = (body: ExplainInput) => put<{ day: string }>('/auth/clock/abnormal/explain', body);

export const reviewExplanation = (body: { employee_id: number; day: string; accepted: boolean }) =>
  put<{ day: string }>('/auth/clock/abnormal/review', body);

export const requestCorrection = (body: CorrectionInput) =>
  post<{ id: number; status: string; approval_id: number | null }>('/auth/clock/abnormal/correction', body);

export interface StatisticsFilters {
  month: string;
  store_id?: number;
  keyword?: string;
}

export const statisticsQuery = (params: StatisticsFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [CLOCK_KEY, 'statistics', params],
    queryFn: ({ signal }) =>
      get<Paged<MonthlyStatistics> & { month: MonthState }>(
        '/auth/clock/statistics',
        { ...params },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const storeStatisticsQuery = (params: StatisticsFilters) =>
  queryOptions({
    queryKey: [CLOCK_KEY, 'statistics', 'stores', params],
    queryFn: ({ signal }) =>
      get<StoreStatistics[]>('/auth/clock/statistics/stores', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const lockMonth = (month: string) => put<MonthState>('/auth/clock/statistics/lock', { month });
export const unlockMonth = (month: string) => put<MonthState>('/auth/clock/statistics/unlock', { month });

/** `POST upload/file` for an out-of-fence punch's photo. */
export function uploadClockPhoto(file: File) {
  const body = new FormData();
  body.append('purpose', 'clock_photo');
  body.append('file', file, file.name);
  return post<{ id: number }>('/auth/upload/file', body);
}
