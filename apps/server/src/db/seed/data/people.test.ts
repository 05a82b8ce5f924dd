import { describe, expect, it } from 'vitest';
import {
  areaCodesByCity,
  birthDateBetween,
  chineseName,
  createRng,
  dateBetween,
  mainlandIdNumber,
  mobilePhone,
  pick,
  surnames,
} from './people';
import { stores } from './organisation';

/** ISO 7064 MOD 11-2, written out independently of the code under test. */
function expectedCheckDigit(first17: string): string {
  const weights = first17.split('').map((_, index) => 2 ** (17 - index) % 11);
  const sum = first17.split('').reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  const value = (12 - (sum % 11)) % 11;
  return value === 10 ? 'X' : String(value);
}

describe('createRng', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a());
    const seqB = Array.from({ length: 20 }, () => b());
    const seqC = Array.from({ length: 20 }, () => c());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('makes the generators deterministic', () => {
    const run = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 50 }, () => {
        const gender = pick(rng, ['male', 'female'] as const);
        const birthDate = birthDateBetween(rng, 1970, 2004);
        return {
          name: chineseName(rng, gender),
          phone: mobilePhone(rng),
          id: mainlandIdNumber(rng, { areaCode: '310115', birthDate, gender }),
          entry: dateBetween(rng, '2015-01-01', '2025-06-30'),
        };
      });
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });
});

describe('mainlandIdNumber', () => {
  it('builds 18-character numbers with a valid check digit, the birth date and the gender digit', () => {
    const rng = createRng(2024);
    for (let index = 0; index < 500; index += 1) {
      const gender = index % 2 === 0 ? 'male' : 'female';
      const birthDate = birthDateBetween(rng, 1960, 2006);
      const id = mainlandIdNumber(rng, { areaCode: '440106', birthDate, gender });
      expect(id).toMatch(/^\d{17}[\dX]$/);
      expect(id.slice(0, 6)).toBe('440106');
      expect(id.slice(6, 14)).toBe(birthDate.replaceAll('-', ''));
      expect(Number(id.charAt(16)) % 2).toBe(gender === 'male' ? 1 : 0);
      expect(id.charAt(17)).toBe(expectedCheckDigit(id.slice(0, 17)));
    }
  });

  it('agrees with a published example', () => {
    expect(expectedCheckDigit('11010519491231002')).toBe('X');
  });

  it('rejects malformed input', () => {
    const rng = createRng(1);
    expect(() => mainlandIdNumber(rng, { areaCode: '3101', birthDate: '1990-01-01', gender: 'male' })).toThrow();
    expect(() => mainlandIdNumber(rng, { areaCode: '310115', birthDate: '1990-02-30', gender: 'male' })).toThrow();
  });
});

describe('areaCodesByCity', () => {
  it('has a 6-digit code for every store city', () => {
    for (const store of stores) expect(areaCodesByCity[store.city]).toMatch(/^[1-9]\d{5}$/);
  });
});

describe('mobilePhone', () => {
  it('gives 11-digit mainland mobile numbers', () => {
    const rng = createRng(99);
    for (let index = 0; index < 1000; index += 1) expect(mobilePhone(rng)).toMatch(/^1[3-9]\d{9}$/);
  });
});

describe('chineseName', () => {
  it('gives 2-3 Chinese characters', () => {
    const rng = createRng(5);
    const names = Array.from({ length: 1000 }, (_, index) => chineseName(rng, index % 2 ? 'female' : 'male'));
    for (const name of names) {
      expect(name).toMatch(/^[\u4e00-\u9fa5]+$/);
      expect(name.length).toBeGreaterThanOrEqual(2);
      expect(name.length).toBeLessThanOrEqual(3);
    }
    expect(new Set(names).size).toBeGreaterThan(800);
  });

  it('follows the surname frequencies', () => {
    const rng = createRng(11);
    const firsts = Array.from({ length: 5000 }, () => chineseName(rng, 'male').charAt(0));
    const share = (surname: string) => firsts.filter((first) => first === surname).length / firsts.length;
    expect(surnames).toHaveLength(100);
    expect(new Set(surnames.map((entry) => entry.surname)).size).toBe(100);
    expect(share('王')).toBeGreaterThan(share('常'));
    expect(share('王')).toBeGreaterThan(0.05);
  });
});

describe('dates', () => {
  it('stay within the range', () => {
    const rng = createRng(3);
    for (let index = 0; index < 500; index += 1) {
      const date = dateBetween(rng, '2020-02-27', '2020-03-02');
      expect(date >= '2020-02-27' && date <= '2020-03-02').toBe(true);
      const birth = birthDateBetween(rng, 1980, 1981);
      expect(birth >= '1980-01-01' && birth <= '1981-12-31').toBe(true);
    }
    expect(() => dateBetween(rng, '2020-03-02', '2020-03-01')).toThrow();
  });
});
