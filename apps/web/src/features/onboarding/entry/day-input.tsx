import { DatePicker } from 'antd';
import type { DatePickerProps } from 'antd';
import dayjs from 'dayjs';
import { DAY_FORMAT } from '../../../lib/day-range';

type DayInputProps = Omit<DatePickerProps, 'value' | 'onChange' | 'format'> & {
  /** YYYY-MM-DD, as the server and the draft keep it. */
  value?: string | null;
  onChange?(value: string | null): void;
};

/**
 * A date picker whose form value is the day as text: the wire format, and what a draft can keep (a Dayjs
 * would come back from the draft's JSON as a string the picker cannot read).
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      {...props}
      format={DAY_FORMAT}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day && !Array.isArray(day) ? day.format(DAY_FORMAT) : null)}
    />
  );
}
