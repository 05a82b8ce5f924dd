import { DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../components/department-tree-select';
import { DAY_FORMAT, MONTH_FORMAT, moveRange } from './period';

// The statistics pages' filters. Each always holds a value (a month, a date; the whole scope for no
// department) and applies at once, so they are not a list's FilterBar, whose 搜索 and 重置 suit optional
// filters.

/** The filters of a page or a card, side by side, wrapping on a narrow screen. */
export function FilterRow({ children }: { children: ReactNode }) {
  return (
    <Flex wrap gap={12} align="center">
      {children}
    </Flex>
  );
}

/**
 * A control with its label beside it (a select, a switch, a segmented choice): the control names itself for
 * a screen reader (`aria-label`), so the visible label is not read twice.
 */
export function LabelledFilter({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary" aria-hidden>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

interface ValueProps<Value> {
  value: Value;
  onChange(value: Value): void;
}

export function DepartmentFilter({ value, onChange }: ValueProps<number | undefined>) {
  const { t } = useTranslation('statistics');
  return (
    <LabelledFilter label={t('filters.department')}>
      <DepartmentTreeSelect
        allowClear
        aria-label={t('filters.department')}
        placeholder={t('filters.allDepartments')}
        value={value}
        onChange={(id?: number) => onChange(id ?? undefined)}
        style={{ width: 220, maxWidth: '100%' }}
      />
    </LabelledFilter>
  );
}

const afterThisMonth = (month: dayjs.Dayjs) => month.isAfter(dayjs(), 'month');

export function MonthFilter({ label, value, onChange }: ValueProps<string> & { label: string }) {
  return (
    <LabelledFilter label={label}>
      <DatePicker
        picker="month"
        allowClear={false}
        aria-label={label}
        format={MONTH_FORMAT}
        value={dayjs(value, MONTH_FORMAT)}
        disabledDate={afterThisMonth}
        onChange={(month) => {
          if (month) onChange(month.format(MONTH_FORMAT));
        }}
        style={{ width: 120 }}
      />
    </LabelledFilter>
  );
}

/** The first and last month of a period: two pickers, each named, the other end following a move. */
export function MonthRangeFilter({ value, onChange }: ValueProps<{ start: string; end: string }>) {
  const { t } = useTranslation('statistics');
  return (
    <>
      <MonthFilter
        label={t('filters.start')}
        value={value.start}
        onChange={(month) => onChange(moveRange(value, 'start', month))}
      />
      <MonthFilter
        label={t('filters.end')}
        value={value.end}
        onChange={(month) => onChange(moveRange(value, 'end', month))}
      />
    </>
  );
}

export function DateFilter({ value, onChange }: ValueProps<string>) {
  const { t } = useTranslation('statistics');
  return (
    <LabelledFilter label={t('filters.date')}>
      <DatePicker
        allowClear={false}
        aria-label={t('filters.date')}
        format={DAY_FORMAT}
        value={dayjs(value, DAY_FORMAT)}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(day) => {
          if (day) onChange(day.format(DAY_FORMAT));
        }}
        style={{ width: 140 }}
      />
    </LabelledFilter>
  );
}

export function YearFilter({ value, onChange }: ValueProps<number>) {
  const { t } = useTranslation('statistics');
  return (
    <LabelledFilter label={t('filters.year')}>
      <DatePicker
        picker="year"
        allowClear={false}
        aria-label={t('filters.year')}
        value={dayjs().year(value).startOf('year')}
        disabledDate={(year) => year.year() > dayjs().year() || year.year() < 2000}
        onChange={(year) => {
          if (year) onChange(year.year());
        }}
        style={{ width: 100 }}
      />
    </LabelledFilter>
  );
}
