import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { Half, HourlyLeaveType, LeaveStatus, LeaveType } from '@dealer-hr/shared/attendance/leave';
import type {
  LeaveAdjustInput,
  LeaveBalance,
  LeavePerson,
  LeaveRequest,
  LeaveRequestInput,
} from '@dealer-hr/shared/attendance/leave-contract';
import { get, post, put, type Paged } from '../../../lib/api-client';
import { CLOCK_KEY } from '../clock-api';

export type { LeaveAdjustInput, LeaveBalance, LeavePerson, LeaveRequest, LeaveRequestInput };

/**
 * Leave lives under the clock's key: a request that is approved or cancelled changes the attendance days too,
 * so refreshing the clock's cache refreshes the leave lists, the balances and the calendar with them.
 */
export const LEAVE_KEY = [CLOCK_KEY, 'leave'] as const;

export interface LeaveFilters {
  keyword?: string;
  store_id?: number;
  from?: string;
  to?: string;
  type?: LeaveType;
  status?: LeaveStatus;
  mine?: '1';
}

/** `GET clock/leave/index`: without `attendance:leave:export` the server answers the caller's own only. */
export const leaveListQuery = (params: LeaveFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<LeaveRequest>>('/auth/clock/leave/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The caller's own balances (annual leave, time off in lieu) of a year, each with its ledger. */
export const leaveBalanceQuery = (year: number) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'balance', year],
    queryFn: ({ signal }) => get<LeaveBalance[]>('/auth/clock/leave/balance', { year }, { signal }),
    placeholderData: keepPreviousData,
  });

export interface LeaveCalendarFilters {
  /** `YYYY-MM`. */
  month: string;
  store_id?: number;
}

/** The approved leave overlapping a month: of a store, or of the caller's scope without one. */
export const leaveCalendarQuery = (params: LeaveCalendarFilters) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'calendar', params],
    queryFn: ({ signal }) => get<LeaveRequest[]>('/auth/clock/leave/calendar', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export type LeavePreviewParams =
  | {
      type: LeaveType;
      unit: 'hour';
      start_day: string;
      start_time: string;
      end_time: string;
    }
  | DayRangeParams;

interface DayRangeParams {
  type: LeaveType;
  unit?: 'day';
  start_day: string;
  start_half: Half;
  end_day: string;
  end_half: Half;
  /** Maternity only: its top-ups, which the server counts into the leave's statutory length. */
  difficult_birth?: '1' | '0';
  extra_babies?: number;
}

/**
 * How many days a range would take for the caller. Silent: a range the server refuses (409/422) is told in
 * the dialog, under the range, rather than toasted at every change of a date. Nothing is asked without a
 * complete range.
 */
export const leavePreviewQuery = (params: LeavePreviewParams | null) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'preview', params],
    queryFn: params
      ? ({ signal }) =>
          get<{ days: number }>('/auth/clock/leave/preview', { ...params }, { signal, silent: true })
      : skipToken,
    retry: false,
  });

/** What the caller's attendance group allows: the types that may go by the hour. */
export const leaveOptionsQuery = () =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'options'],
    queryFn: ({ signal }) =>
      get<{ hourly_leave_types: HourlyLeaveType[] }>('/auth/clock/leave/options', undefined, { signal }),
    staleTime: 60_000,
  });

/** A new request: it goes through the `leave` approval flow (status `approving`). */
export const requestLeave = (body: LeaveRequestInput) => post<LeaveRequest>('/auth/clock/leave/store', body);

/** The caller's own approving (the approval is withdrawn) or approved leave (its days go back). */
export const cancelLeave = (id: number) => put<LeaveRequest>('/auth/clock/leave/cancel', { id });

/** The adjustment's person picker: staff of the caller's scope whose name or number begins with `keyword`. */
export const leavePeopleQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'people', keyword],
    queryFn: ({ signal }) => get<LeavePerson[]>('/auth/clock/leave/people', { keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A person's balances of a year, for HR: asked only once a person is chosen. */
export const personBalanceQuery = (employeeId: number | undefined, year: number) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'balance', 'person', employeeId, year],
    queryFn: employeeId
      ? ({ signal }) =>
          get<LeaveBalance[]>(
            '/auth/clock/leave/balance/person',
            { employee_id: employeeId, year },
            { signal },
          )
      : skipToken,
  });

/** Days added to (or taken from) a person's balance by HR, with the reason. */
export const adjustBalance = (body: LeaveAdjustInput) => post<LeaveBalance>('/auth/clock/leave/adjust', body);
