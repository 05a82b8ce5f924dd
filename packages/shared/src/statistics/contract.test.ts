import { describe, expect, it } from 'vitest';
import { periodQuery, polylineQuery, turnoverQuery } from './contract';
import { statisticsMessages } from './rules';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('statistics queries', () => {
  it('refuse a range that ends before it starts or spans more than five years', () => {
    expect(messagesOf(periodQuery.safeParse({ start: '2026-05', end: '2026-03' }))).toEqual([
      statisticsMessages.range,
    ]);
    expect(messagesOf(turnoverQuery.safeParse({ start: '2021-01', end: '2026-01' }))).toEqual([
      statisticsMessages.tooLong,
    ]);
    expect(turnoverQuery.parse({ start: '2021-02', end: '2026-01', transfer_out: '1' })).toMatchObject({
      granularity: 'month',
      dimension: 'none',
      transfer_out: true,
    });
  });

  it('read the trend’s span and refuse any other', () => {
    expect(polylineQuery.parse({}).months).toBe(12);
    expect(messagesOf(polylineQuery.safeParse({ months: '18' }))).toEqual([statisticsMessages.months]);
  });
});
