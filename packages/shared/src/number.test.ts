import { describe, expect, it } from 'vitest';
import { numberFormatter, toThousandFilter } from './number';

describe('numberFormatter', () => {
  it('abbreviates with k, M, G, T, P, E', () => {
    expect(numberFormatter(1000, 1)).toBe('1k');
    expect(numberFormatter(1234, 1)).toBe('1.2k');
    expect(numberFormatter(2_500_000, 1)).toBe('2.5M');
    expect(numberFormatter(3e9, 0)).toBe('3G');
    expect(numberFormatter(4.56e12, 2)).toBe('4.56T');
    expect(numberFormatter(7e15, 1)).toBe('7P');
    expect(numberFormatter(8e18, 1)).toBe('8E');
    expect(numberFormatter(8e21, 0)).toBe('8000E');
  });

  it('drops trailing zeros of the fraction', () => {
    expect(numberFormatter(1500, 3)).toBe('1.5k');
    expect(numberFormatter(1_050_000, 2)).toBe('1.05M');
    expect(numberFormatter(1_000_000, 2)).toBe('1M');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(numberFormatter(999_999, 1)).toBe('1M');
    expect(numberFormatter(999.96, 1)).toBe('1k');
    expect(numberFormatter(999_949, 1)).toBe('999.9k');
  });

  it('leaves numbers below 1000 unabbreviated', () => {
    expect(numberFormatter(999, 1)).toBe('999');
    expect(numberFormatter(12.345, 2)).toBe('12.35');
    expect(numberFormatter(0, 1)).toBe('0');
  });

  it('abbreviates negative numbers and never prints -0', () => {
    expect(numberFormatter(-1234, 1)).toBe('-1.2k');
    expect(numberFormatter(-5, 0)).toBe('-5');
    expect(numberFormatter(-0.01, 1)).toBe('0');
  });

  it('defaults to whole numbers', () => {
    expect(numberFormatter(1234)).toBe('1k');
  });

  it('passes non-finite values through', () => {
    expect(numberFormatter(Number.NaN, 1)).toBe('NaN');
    expect(numberFormatter(Number.POSITIVE_INFINITY, 1)).toBe('Infinity');
  });
});

describe('toThousandFilter', () => {
  it('groups the integer part by thousands', () => {
    expect(toThousandFilter(1_234_567)).toBe('1,234,567');
    expect(toThousandFilter(1000)).toBe('1,000');
    expect(toThousandFilter(999)).toBe('999');
    expect(toThousandFilter(100_000)).toBe('100,000');
  });

  it('leaves the fraction ungrouped', () => {
    expect(toThousandFilter(1_234_567.891_2)).toBe('1,234,567.8912');
  });

  it('keeps the sign', () => {
    expect(toThousandFilter(-1_234_567)).toBe('-1,234,567');
  });

  it('accepts numeric strings and turns anything else into 0', () => {
    expect(toThousandFilter('1234567')).toBe('1,234,567');
    expect(toThousandFilter('abc')).toBe('0');
    expect(toThousandFilter('')).toBe('0');
    expect(toThousandFilter(Number.NaN)).toBe('0');
  });
});
