/** Date helpers of vue-element-admin (parseTime, formatTime, timeAgo); docs/web.md "Constants and limits". */

export type TimeInput = Date | number | string;

export const DEFAULT_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;
const SECONDS_TIMESTAMP_LENGTH = 10;
// 'YYYY-MM-DD[ HH:mm[:ss]]' is read as local time, like vue-element-admin (which rewrote '-' to '/');
// the engine would read a date-only string as UTC midnight.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A 10-digit number (or digit string) is a Unix time in seconds; other numbers are milliseconds. */
export function toDate(time: TimeInput): Date | null {
  let date: Date;
  if (time instanceof Date) {
    date = new Date(time.getTime());
  } else if (typeof time === 'number' || /^\d+$/.test(time)) {
    const value = Number(time);
    const isSeconds = String(value).length === SECONDS_TIMESTAMP_LENGTH;
    date = new Date(isSeconds ? value * 1000 : value);
  } else {
    const local = LOCAL_DATE_TIME.exec(time.trim());
    if (local) {
      const [, y, m, d, h = '0', i = '0', s = '0'] = local;
      date = new Date(Number(y), Number(m) - 1, Number(d), Number(h), Number(i), Number(s));
    } else {
      date = new Date(time);
    }
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats with `{y} {m} {d} {h} {i} {s}` (zero-padded) and `{a}` (weekday 日一二三四五六).
 * Like the original, a falsy time (0, '') gives null; so does an unparseable one.
 */
export function parseTime(
  time: TimeInput | null | undefined,
  format: string = DEFAULT_TIME_FORMAT,
): string | null {
  if (!time) return null;
  const date = toDate(time);
  if (!date) return null;
  const parts = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_match, key: keyof typeof parts) => {
    if (key === 'a') return WEEKDAYS[parts.a] ?? '';
    return String(parts[key]).padStart(2, '0');
  });
}

const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;

/**
 * Relative time in Chinese: 刚刚, N分钟前, N小时前, 1天前, then a date (`option` as a parseTime format, else M月D日H时m分).
 * A time in the future (clock skew) counts as 刚刚, as in the original.
 */
export function formatTime(time: TimeInput, option?: string, now: number = Date.now()): string | null {
  const date = toDate(time);
  if (!date) return null;
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < HOUR_S) return `${Math.ceil(diff / MINUTE_S)}分钟前`;
  if (diff < DAY_S) return `${Math.ceil(diff / HOUR_S)}小时前`;
  if (diff < DAY_S * 2) return '1天前';
  if (option) return parseTime(date, option);
  return `${date.getMonth() + 1}月${date.getDate()}日${date.getHours()}时${date.getMinutes()}分`;
}

function pluralize(count: number, label: string): string {
  return count === 1 ? `${count}${label}` : `${count}${label}s`;
}

/** '5 minutes', '1 hour', '3 days'; a time in the future gives '0 minutes' rather than a negative count. */
export function timeAgo(time: TimeInput, now: number = Date.now()): string | null {
  const date = toDate(time);
  if (!date) return null;
  const between = Math.max(0, (now - date.getTime()) / 1000);
  if (between < HOUR_S) return pluralize(Math.floor(between / MINUTE_S), ' minute');
  if (between < DAY_S) return pluralize(Math.floor(between / HOUR_S), ' hour');
  return pluralize(Math.floor(between / DAY_S), ' day');
}
