import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Flex, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { daysOfRange } from '@dealer-hr/shared/attendance/leave';
import { StoreSelect } from '../../../components/store-select';
import { leaveCalendarQuery, type LeaveCalendarFilters, type LeaveRequest } from './leave-api';

interface Absence {
  request: LeaveRequest;
  span: 'am' | 'pm' | 'full';
}

/** The month's days on which someone is on leave, each with who and for which half, in order. */
function byDay(requests: readonly LeaveRequest[], month: string): [string, Absence[]][] {
  const days = new Map<string, Absence[]>();
  for (const request of requests) {
    const range = {
      startDay: request.start_day,
      startHalf: request.start_half,
      endDay: request.end_day,
      endHalf: request.end_half,
    };
    for (const { day, span } of daysOfRange(range)) {
      if (!day.startsWith(month)) continue;
      days.set(day, [...(days.get(day) ?? []), { request, span }]);
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, absences]) => [
      day,
      absences.sort((a, b) => a.request.employee_name.localeCompare(b.request.employee_name, 'zh')),
    ]);
}

/**
 * 请假日历: the approved leave of a month, day by day, of a store or of the caller's whole scope. A list of
 * days rather than a grid, so that it reads the same on a phone.
 */
export function LeaveCalendar() {
  const { t } = useTranslation('attendanceLeave');
  const [filters, setFilters] = useState<LeaveCalendarFilters>({ month: dayjs().format('YYYY-MM') });
  const calendar = useQuery(leaveCalendarQuery(filters));
  const days = useMemo(() => byDay(calendar.data ?? [], filters.month), [calendar.data, filters.month]);
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap>
        <DatePicker
          picker="month"
          allowClear={false}
          aria-label={t('calendar.month')}
          value={dayjs(`${filters.month}-01`)}
          onChange={(value) => {
            if (value) setFilters((current) => ({ ...current, month: value.format('YYYY-MM') }));
          }}
          style={{ width: 130 }}
        />
        <StoreSelect
          allowClear
          aria-label={t('calendar.store')}
          placeholder={t('calendar.allStores')}
          value={filters.store_id}
          onChange={(store_id) => setFilters((current) => ({ month: current.month, store_id }))}
          style={{ width: 220, maxWidth: '100%' }}
        />
      </Flex>
      <Spin spinning={calendar.isFetching}>
        {days.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={calendar.isPending ? ' ' : t('calendar.empty')}
          />
        ) : (
          <Flex vertical component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {days.map(([day, absences]) => (
              <Flex
                key={day}
                component="li"
                gap={12}
                align="start"
                style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <Flex vertical style={{ width: 72, flex: '0 0 72px' }}>
                  <Typography.Text strong type={day === today ? 'success' : undefined}>
                    {dayjs(day).format('MM-DD')}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`weekdays.${dayjs(day).day()}`)} · {t('calendar.people', { count: absences.length })}
                  </Typography.Text>
                </Flex>
                <Flex gap={6} wrap style={{ minWidth: 0, flex: 1 }}>
                  {absences.map(({ request, span }) => (
                    <Tag key={request.id} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
                      {t('calendar.absence', {
                        name: request.employee_name,
                        type: t(`types.${request.type}`),
                        span:
                          request.start_time !== null && request.end_time !== null
                            ? t('range', { start: request.start_time, end: request.end_time })
                            : t(`calendar.spans.${span}`),
                      })}
                    </Tag>
                  ))}
                </Flex>
              </Flex>
            ))}
          </Flex>
        )}
      </Spin>
    </Flex>
  );
}
