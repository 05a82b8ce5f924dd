import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AttendanceGroup,
  AttendanceShift,
  CalendarEntry,
  CalendarEntryInput,
  GroupInput,
  GroupUpdateInput,
  ScheduleEntry,
  ScheduleInput,
  ScheduleRoster,
  ShiftInput,
  ShiftUpdateInput,
} from '@dealer-hr/shared/attendance/rules-contract';
import { del, get, post, put } from '../../../lib/api-client';

export type { AttendanceGroup, AttendanceShift, CalendarEntry, ScheduleRoster };

/**
 * Everything the rules page caches lives under this key. A change to one list may change another (a shift's
 * name and times show on its groups, a group change counts on its shift), so a save asks all of them again.
 */
export const ATTENDANCE_RULES_KEY = 'attendanceRules';

export const groupListQuery = () =>
  queryOptions({
    queryKey: [ATTENDANCE_RULES_KEY, 'groups'],
    queryFn: ({ signal }) => get<AttendanceGroup[]>('/auth/clock/rules/index', undefined, { signal }),
  });

export const shiftListQuery = () =>
  queryOptions({
    queryKey: [ATTENDANCE_RULES_KEY, 'shifts'],
    queryFn: ({ signal }) => get<AttendanceShift[]>('/auth/clock/rules/shifts/index', undefined, { signal }),
  });

export const calendarQuery = (year: number) =>
  queryOptions({
    queryKey: [ATTENDANCE_RULES_KEY, 'calendar', year],
    queryFn: ({ signal }) => get<CalendarEntry[]>('/auth/clock/rules/calendar/index', { year }, { signal }),
    placeholderData: keepPreviousData,
  });

export const createGroup = (body: GroupInput) => post<AttendanceGroup>('/auth/clock/rules/store', body);
export const updateGroup = (body: GroupUpdateInput) => put<AttendanceGroup>('/auth/clock/rules/update', body);
export const deleteGroup = (id: number) => del<{ id: number }>('/auth/clock/rules/destroy', { id });

export const createShift = (body: ShiftInput) =>
  post<AttendanceShift>('/auth/clock/rules/shifts/store', body);
export const updateShift = (body: ShiftUpdateInput) =>
  put<AttendanceShift>('/auth/clock/rules/shifts/update', body);
export const deleteShift = (id: number) => del<{ id: number }>('/auth/clock/rules/shifts/destroy', { id });

/** Marks a day a holiday or a make-up working day; a day already in the calendar is changed. */
export const putCalendarEntry = (body: CalendarEntryInput) =>
  put<CalendarEntry>('/auth/clock/rules/calendar/store', body);
export const deleteCalendarEntry = (day: string) =>
  del<{ day: string }>('/auth/clock/rules/calendar/destroy', { day });

/** A shift group's people and the shifts scheduled for them in a month ('YYYY-MM'). */
export const rosterQuery = (groupId: number | null, month: string) =>
  queryOptions({
    queryKey: [ATTENDANCE_RULES_KEY, 'roster', groupId, month],
    queryFn: ({ signal }) =>
      get<ScheduleRoster>('/auth/clock/rules/schedule/roster', { group_id: groupId, month }, { signal }),
    enabled: groupId !== null,
    placeholderData: keepPreviousData,
  });

/** A person's shifts on some days (null: a rest day); past days are computed again. */
export const putSchedule = (body: ScheduleInput) => put<ScheduleEntry[]>('/auth/clock/rules/schedule', body);
