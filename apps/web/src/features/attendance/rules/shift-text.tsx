import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttendanceShift } from './api';
import { endsNextDay, isOn } from './format';

/** A shift's hours: 09:00–18:00, or 22:00–次日 06:00 for one that ends the next day. */
export function useShiftHours() {
  const { t } = useTranslation('attendanceRules');
  return (shift: Pick<AttendanceShift, 'start' | 'end'>) =>
    t(endsNextDay(shift) ? 'shifts.hoursNextDay' : 'shifts.hours', { start: shift.start, end: shift.end });
}

/** A threshold in minutes or hours, or 不启用 for -1. */
export function Threshold({ value, unit }: { value: number; unit: 'minutes' | 'hours' }) {
  const { t } = useTranslation('attendanceRules');
  if (!isOn(value)) return <Typography.Text type="secondary">{t('units.off')}</Typography.Text>;
  return <>{t(`units.${unit}`, { count: value })}</>;
}
