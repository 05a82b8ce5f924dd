import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-26T10:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it('speaks Chinese through the spec’s helper', () => {
    expect(relativeTime(ago(10_000), 'zh', now)).toBe('刚刚');
    expect(relativeTime(ago(3 * 3_600_000), 'zh', now)).toBe('3小时前');
  });

  it('rounds the other languages by the same steps', () => {
    expect(relativeTime(ago(10_000), 'en', now)).toBe('now');
    expect(relativeTime(ago(90_000), 'en', now)).toBe('2 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), 'es', now)).toBe('hace 3 horas');
    expect(relativeTime(ago(30 * 3_600_000), 'ja', now)).toBe('昨日');
    expect(relativeTime('not a time', 'en', now)).toBeNull();
  });
});
