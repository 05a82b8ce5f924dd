import { formatTime } from '@dealer-hr/shared/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a moment was, in the reader's language: Chinese through the spec's own helper (刚刚, N分钟前,
 * N小时前, 1天前, then the date), the other languages through Intl with the same steps, so every language
 * rounds alike.
 */
export function relativeTime(time: string | Date, language: string, now: number = Date.now()): string | null {
  if (language.startsWith('zh')) return formatTime(time, undefined, now);
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return null;
  const diff = now - date.getTime();
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (diff < 30_000) return format.format(0, 'second');
  if (diff < HOUR) return format.format(-Math.ceil(diff / MINUTE), 'minute');
  if (diff < DAY) return format.format(-Math.ceil(diff / HOUR), 'hour');
  if (diff < 2 * DAY) return format.format(-1, 'day');
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
