import { Tag } from 'antd';
import type { TagProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAVE_HOURS_A_DAY, type LeaveStatus, type LeaveType } from '@dealer-hr/shared/attendance/leave';
import type { LeaveRequest } from './leave-api';

const typeColour: Record<LeaveType, TagProps['color']> = {
  annual: 'blue',
  personal: 'default',
  sick: 'orange',
  marriage: 'magenta',
  maternity: 'pink',
  paternity: 'cyan',
  bereavement: 'purple',
  lieu: 'geekblue',
};

export function LeaveTypeTag({ type }: { type: LeaveType }) {
  const { t } = useTranslation('attendanceLeave');
  return <Tag color={typeColour[type]}>{t(`types.${type}`)}</Tag>;
}

const statusColour: Record<LeaveStatus, TagProps['color']> = {
  approving: 'processing',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
  cancelled: 'default',
};

export function LeaveStatusTag({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation('attendanceLeave');
  return <Tag color={statusColour[status]}>{t(`statuses.${status}`)}</Tag>;
}

/**
 * A number of days as the page writes it: `1.5 天`; what hours of leave leave behind with its hours too,
 * `1.375 天（11 小时）`.
 */
export function useDaysText(): (days: number) => string {
  const { t } = useTranslation('attendanceLeave');
  return useCallback(
    (days: number) =>
      Number.isInteger(days * 2)
        ? t('days', { days })
        : t('daysInHours', { days, hours: days * LEAVE_HOURS_A_DAY }),
    [t],
  );
}

/**
 * A request's range in half days: `2026-12-01 上午 – 2026-12-03 下午`; within one day `2026-12-01 上午 – 下午`,
 * and a single half day `2026-12-01 上午`; leave by the hour `2026-12-01 09:00 – 11:00`.
 */
export function useRangeText(): (
  range: Pick<LeaveRequest, 'start_day' | 'start_half' | 'end_day' | 'end_half' | 'start_time' | 'end_time'>,
) => string {
  const { t } = useTranslation('attendanceLeave');
  return useCallback(
    (range) => {
      if (range.start_time !== null && range.end_time !== null)
        return t('range', { start: `${range.start_day} ${range.start_time}`, end: range.end_time });
      const start = `${range.start_day} ${t(`halves.${range.start_half}`)}`;
      if (range.start_day !== range.end_day)
        return t('range', { start, end: `${range.end_day} ${t(`halves.${range.end_half}`)}` });
      if (range.start_half === range.end_half) return start;
      return t('range', { start, end: t(`halves.${range.end_half}`) });
    },
    [t],
  );
}

/** What a request takes: `1.5 天`, or for leave by the hour `2 小时` (its days are hours / 8). */
export function useTakesText(): (request: Pick<LeaveRequest, 'days' | 'hours'>) => string {
  const { t } = useTranslation('attendanceLeave');
  const daysText = useDaysText();
  return useCallback(
    (request) => (request.hours === null ? daysText(request.days) : t('hoursOf', { hours: request.hours })),
    [t, daysText],
  );
}
