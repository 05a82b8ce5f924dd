import { describe, expect, it } from 'vitest';
import {
  birthDateFromMainlandId,
  genderFromMainlandId,
  isValidMainlandId,
  mainlandIdCheckDigit,
  maskIdNumber,
} from './id-number';

// Check digits below were computed independently (ISO 7064 MOD 11-2 by hand-written script).
const FEMALE_1949 = '11010519491231002X';
const MALE_1990 = '110101199003071233';
const LEAP_DAY_2000 = '110101200002290018';
const NOW = Date.UTC(2025, 5, 1);

describe('mainlandIdCheckDigit', () => {
  it('computes digits and X', () => {
    expect(mainlandIdCheckDigit('11010519491231002')).toBe('X');
    expect(mainlandIdCheckDigit('11010119900307123')).toBe('3');
    expect(mainlandIdCheckDigit('44052418800101001')).toBe('4');
  });

  it('returns null unless given exactly 17 digits', () => {
    expect(mainlandIdCheckDigit('1101051949123100')).toBeNull();
    expect(mainlandIdCheckDigit('110105194912310021')).toBeNull();
    expect(mainlandIdCheckDigit('1101051949123100A')).toBeNull();
    expect(mainlandIdCheckDigit('')).toBeNull();
  });
});

describe('isValidMainlandId', () => {
  it('accepts valid numbers, including X and lower-case x', () => {
    expect(isValidMainlandId(FEMALE_1949, NOW)).toBe(true);
    expect(isValidMainlandId(FEMALE_1949.toLowerCase(), NOW)).toBe(true);
    expect(isValidMainlandId(MALE_1990, NOW)).toBe(true);
    expect(isValidMainlandId(LEAP_DAY_2000, NOW)).toBe(true);
  });

  it('accepts residence-permit region codes 81 and 91', () => {
    expect(isValidMainlandId('810000198001010014', NOW)).toBe(true);
    expect(isValidMainlandId('910000198001010018', NOW)).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidMainlandId('110101199003071234', NOW)).toBe(false);
    expect(isValidMainlandId('110105194912310021', NOW)).toBe(false);
  });

  it('rejects wrong lengths, letters and the legacy 15-digit form', () => {
    expect(isValidMainlandId('11010119900307123', NOW)).toBe(false);
    expect(isValidMainlandId('1101011990030712333', NOW)).toBe(false);
    expect(isValidMainlandId('110101900307123', NOW)).toBe(false);
    expect(isValidMainlandId('11010119900307123Y', NOW)).toBe(false);
    expect(isValidMainlandId(` ${MALE_1990}`, NOW)).toBe(false);
    expect(isValidMainlandId('', NOW)).toBe(false);
  });

  it('rejects a region code starting with 0', () => {
    const first17 = '01010119900307123';
    expect(isValidMainlandId(first17 + mainlandIdCheckDigit(first17), NOW)).toBe(false);
  });

  it('rejects impossible and out-of-range birth dates even with a correct check digit', () => {
    for (const first17 of [
      '11010119990229001',
      '11010119901301001',
      '11010119900431001',
      '11010119900100001',
    ]) {
      expect(isValidMainlandId(first17 + mainlandIdCheckDigit(first17), NOW)).toBe(false);
    }
    expect(isValidMainlandId('440524188001010014', NOW)).toBe(false);
    expect(isValidMainlandId('110101190001010030', NOW)).toBe(true);
  });

  it('rejects a birth date after today in China time', () => {
    const bornJan1 = '320106202401010028';
    expect(isValidMainlandId(bornJan1, Date.UTC(2023, 11, 31, 12))).toBe(false);
    // 2024-01-01 01:00 in Beijing is still 2023-12-31 in UTC.
    expect(isValidMainlandId(bornJan1, Date.UTC(2023, 11, 31, 17))).toBe(true);
    expect(isValidMainlandId(bornJan1, NOW)).toBe(true);
  });
});

describe('birthDateFromMainlandId', () => {
  it('returns YYYY-MM-DD for valid numbers', () => {
    expect(birthDateFromMainlandId(FEMALE_1949, NOW)).toBe('1949-12-31');
    expect(birthDateFromMainlandId(MALE_1990, NOW)).toBe('1990-03-07');
    expect(birthDateFromMainlandId(LEAP_DAY_2000, NOW)).toBe('2000-02-29');
    expect(birthDateFromMainlandId('11010519491231002x', NOW)).toBe('1949-12-31');
  });

  it('returns null for invalid numbers', () => {
    expect(birthDateFromMainlandId('110101199003071234', NOW)).toBeNull();
    expect(birthDateFromMainlandId('abc', NOW)).toBeNull();
  });
});

describe('genderFromMainlandId', () => {
  it('reads the 17th digit: odd male, even female', () => {
    expect(genderFromMainlandId(MALE_1990, NOW)).toBe('male');
    expect(genderFromMainlandId(FEMALE_1949, NOW)).toBe('female');
    expect(genderFromMainlandId('320106202401010028', NOW)).toBe('female');
  });

  it('returns null for invalid numbers', () => {
    expect(genderFromMainlandId('110101199003071234', NOW)).toBeNull();
    expect(genderFromMainlandId('', NOW)).toBeNull();
  });
});

describe('maskIdNumber', () => {
  it('keeps the first 3 and last 3 characters', () => {
    expect(maskIdNumber(FEMALE_1949)).toBe('110************02X');
    expect(maskIdNumber(FEMALE_1949)).toHaveLength(18);
    expect(maskIdNumber('E12345678')).toBe('E12***678');
    expect(maskIdNumber('1234567')).toBe('123*567');
  });

  it('masks short values completely, keeping their length', () => {
    expect(maskIdNumber('123456')).toBe('******');
    expect(maskIdNumber('AB')).toBe('**');
    expect(maskIdNumber('1')).toBe('*');
  });

  it('returns an empty string for empty, null and undefined', () => {
    expect(maskIdNumber('')).toBe('');
    expect(maskIdNumber(null)).toBe('');
    expect(maskIdNumber(undefined)).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maskIdNumber('护照𠀾号码ABC1234')).toBe('护照𠀾******234');
  });
});
