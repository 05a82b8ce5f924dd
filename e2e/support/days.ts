import type { APIRequestContext } from '@playwright/test';

/** The business day of the server under test (its test clock, real time unless a test moved it). */
export async function serverToday(request: APIRequestContext): Promise<string> {
  const answer = (await (await request.get('/api/test/clock')).json()) as { data: { today: string } };
  return answer.data.today;
}

/** `day` moved by `days` (negative: back), as a calendar day 'YYYY-MM-DD'. */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last day of `years` years from `day`: a contract from 2026-12-01 for 3 years ends 2029-11-30. */
export function lastDayOfYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, date - 1)).toISOString().slice(0, 10);
}
