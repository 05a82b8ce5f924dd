import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, timeAgo, toDate } from './time';

// Local-time constructors keep the expectations independent of the machine's time zone.
const JULY_13 = new Date(2018, 6, 13, 17, 54, 1); // a Friday
const JULY_13_MS = JULY_13.getTime();
const JULY_13_S = Math.floor(JULY_13_MS / 1000);

describe('toDate', () => {
  it('reads a 10-digit number or digit string as seconds, other numbers as milliseconds', () => {
    expect(toDate(JULY_13_S)?.getTime()).toBe(JULY_13_MS);
    expect(toDate(String(JULY_13_S))?.getTime()).toBe(JULY_13_MS);
    expect(toDate(JULY_13_MS)?.getTime()).toBe(JULY_13_MS);
    expect(toDate(String(JULY_13_MS))?.getTime()).toBe(JULY_13_MS);
  });

  it('reads server date-time strings as local time and ISO strings with a zone as given', () => {
    expect(toDate('2018-07-13 17:54:01')?.getTime()).toBe(JULY_13_MS);
    expect(toDate('2018-7-13')?.getTime()).toBe(new Date(2018, 6, 13).getTime());
    expect(toDate('2018-07-13T09:54:01.000Z')?.getTime()).toBe(Date.UTC(2018, 6, 13, 9, 54, 1));
  });

  it('copies a Date instead of sharing it', () => {
    const copy = toDate(JULY_13);
    expect(copy).not.toBe(JULY_13);
    expect(copy?.getTime()).toBe(JULY_13_MS);
  });

  it('returns null for unparseable input', () => {
    expect(toDate('not a date')).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
    expect(toDate(Number.NaN)).toBeNull();
  });
});

describe('parseTime', () => {
  it('uses year-month-day hour:minute:second by default', () => {
    expect(parseTime(JULY_13)).toBe('2018-07-13 17:54:01');
    expect(parseTime(JULY_13_MS)).toBe('2018-07-13 17:54:01');
    expect(parseTime(JULY_13_S)).toBe('2018-07-13 17:54:01');
    expect(parseTime(String(JULY_13_S))).toBe('2018-07-13 17:54:01');
  });

  it('pads every field to two digits', () => {
    expect(parseTime(new Date(2020, 0, 2, 3, 4, 5))).toBe('2020-01-02 03:04:05');
  });

  it('applies a custom format, including the Chinese weekday', () => {
    expect(parseTime(JULY_13, '{y}年{m}月{d}日 星期{a}')).toBe('2018年07月13日 星期五');
    expect(parseTime(new Date(2018, 6, 15), '{a}')).toBe('日');
    expect(parseTime(JULY_13, '{h}:{i}')).toBe('17:54');
    expect(parseTime(JULY_13, 'no placeholders')).toBe('no placeholders');
  });

  it('formats an ISO string the same as the instant it names', () => {
    const iso = '2018-07-13T09:54:01Z';
    expect(parseTime(iso)).toBe(parseTime(new Date(Date.UTC(2018, 6, 13, 9, 54, 1))));
  });

  it('returns null for falsy and invalid input, like the original', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime(0)).toBeNull();
    expect(parseTime('garbage')).toBeNull();
  });
});

describe('formatTime', () => {
  const now = JULY_13_MS;
  const ago = (seconds: number) => now - seconds * 1000;

  it('says 刚刚 under 30 seconds, including a time slightly in the future', () => {
    expect(formatTime(ago(0), undefined, now)).toBe('刚刚');
    expect(formatTime(ago(29), undefined, now)).toBe('刚刚');
    expect(formatTime(ago(-120), undefined, now)).toBe('刚刚');
  });

  it('counts minutes (rounded up) under an hour', () => {
    expect(formatTime(ago(30), undefined, now)).toBe('1分钟前');
    expect(formatTime(ago(61), undefined, now)).toBe('2分钟前');
    expect(formatTime(ago(3599), undefined, now)).toBe('60分钟前');
  });

  it('counts hours (rounded up) under a day', () => {
    expect(formatTime(ago(3600), undefined, now)).toBe('1小时前');
    expect(formatTime(ago(3601), undefined, now)).toBe('2小时前');
    expect(formatTime(ago(86_399), undefined, now)).toBe('24小时前');
  });

  it('says 1天前 under two days', () => {
    expect(formatTime(ago(86_400), undefined, now)).toBe('1天前');
    expect(formatTime(ago(172_799), undefined, now)).toBe('1天前');
  });

  it('gives a date from two days on: M月D日H时m分 or the given format', () => {
    const old = new Date(2018, 6, 1, 8, 5, 9);
    expect(formatTime(old, undefined, now)).toBe('7月1日8时5分');
    expect(formatTime(old.getTime(), '{y}-{m}-{d}', now)).toBe('2018-07-01');
    expect(formatTime(ago(172_800), undefined, now)).toBe('7月11日17时54分');
  });

  it('accepts seconds and strings', () => {
    expect(formatTime(JULY_13_S - 120, undefined, now)).toBe('2分钟前');
    expect(formatTime('2018-07-13 17:00:01', undefined, now)).toBe('54分钟前');
  });

  it('returns null for invalid input', () => {
    expect(formatTime('garbage', undefined, now)).toBeNull();
  });
});

describe('timeAgo', () => {
  const now = JULY_13_MS;
  const ago = (seconds: number) => now - seconds * 1000;

  it('counts whole minutes under an hour', () => {
    expect(timeAgo(ago(0), now)).toBe('0 minutes');
    expect(timeAgo(ago(60), now)).toBe('1 minute');
    expect(timeAgo(ago(119), now)).toBe('1 minute');
    expect(timeAgo(ago(3599), now)).toBe('59 minutes');
  });

  it('counts whole hours under a day', () => {
    expect(timeAgo(ago(3600), now)).toBe('1 hour');
    expect(timeAgo(ago(7200), now)).toBe('2 hours');
    expect(timeAgo(ago(86_399), now)).toBe('23 hours');
  });

  it('counts whole days from one day on', () => {
    expect(timeAgo(ago(86_400), now)).toBe('1 day');
    expect(timeAgo(ago(86_400 * 45), now)).toBe('45 days');
  });

  it('accepts a Unix time in seconds, like the original', () => {
    expect(timeAgo(JULY_13_S - 300, now)).toBe('5 minutes');
  });

  it('does not go negative for a time in the future', () => {
    expect(timeAgo(ago(-600), now)).toBe('0 minutes');
  });

  it('returns null for invalid input', () => {
    expect(timeAgo('garbage', now)).toBeNull();
  });
});
