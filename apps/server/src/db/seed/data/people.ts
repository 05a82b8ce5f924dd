import { mainlandIdCheckDigit } from '@dealer-hr/shared/id-number';

/** Deterministic generators for demo people: same seed, same data. */

export type Rng = () => number;
export type Gender = 'male' | 'female';

/** mulberry32: a small, fast 32-bit seeded PRNG returning floats in [0, 1). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)] as T;
}

export function pickWeighted<T>(rng: Rng, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  if (items.length === 0 || total <= 0) throw new Error('pick from an empty or weightless list');
  let target = rng() * total;
  for (const item of items) {
    target -= weightOf(item);
    if (target < 0) return item;
  }
  return items[items.length - 1] as T;
}

export interface SurnameWeight {
  surname: string;
  /** Share of the population in basis points (1/100 of a percent), after the 2020 household-register ranking. */
  weight: number;
}

const surnameTable: readonly [string, number][] = [
  ['王', 712],
  ['李', 700],
  ['张', 650],
  ['刘', 533],
  ['陈', 461],
  ['杨', 308],
  ['黄', 222],
  ['赵', 219],
  ['吴', 200],
  ['周', 191],
  ['徐', 159],
  ['孙', 153],
  ['马', 146],
  ['朱', 137],
  ['胡', 133],
  ['郭', 117],
  ['何', 114],
  ['林', 111],
  ['高', 109],
  ['罗', 93],
  ['郑', 87],
  ['梁', 83],
  ['谢', 79],
  ['宋', 74],
  ['唐', 73],
  ['许', 70],
  ['韩', 69],
  ['邓', 66],
  ['冯', 65],
  ['曹', 62],
  ['彭', 61],
  ['曾', 59],
  ['肖', 58],
  ['田', 56],
  ['董', 55],
  ['潘', 53],
  ['袁', 52],
  ['蔡', 50],
  ['蒋', 49],
  ['余', 48],
  ['于', 47],
  ['杜', 46],
  ['叶', 45],
  ['程', 44],
  ['魏', 43],
  ['苏', 42],
  ['吕', 41],
  ['丁', 40],
  ['任', 39],
  ['卢', 38],
  ['姚', 37],
  ['沈', 37],
  ['钟', 36],
  ['姜', 35],
  ['崔', 34],
  ['谭', 33],
  ['陆', 33],
  ['范', 32],
  ['汪', 31],
  ['廖', 31],
  ['石', 30],
  ['金', 30],
  ['韦', 29],
  ['贾', 29],
  ['夏', 28],
  ['付', 27],
  ['方', 27],
  ['邹', 26],
  ['熊', 26],
  ['白', 25],
  ['孟', 25],
  ['秦', 24],
  ['邱', 24],
  ['侯', 23],
  ['江', 23],
  ['尹', 22],
  ['薛', 22],
  ['闫', 21],
  ['段', 21],
  ['雷', 20],
  ['龙', 20],
  ['黎', 19],
  ['史', 19],
  ['陶', 18],
  ['贺', 18],
  ['毛', 17],
  ['郝', 17],
  ['顾', 16],
  ['龚', 16],
  ['邵', 16],
  ['万', 15],
  ['覃', 15],
  ['武', 15],
  ['钱', 14],
  ['戴', 14],
  ['严', 14],
  ['莫', 13],
  ['孔', 13],
  ['向', 13],
  ['常', 12],
];

/** The 100 most common Chinese surnames with their approximate frequency. */
export const surnames: readonly SurnameWeight[] = surnameTable.map(([surname, weight]) => ({ surname, weight }));

const maleGivenChars = Array.from(
  '伟强磊军勇杰涛斌超明刚平辉鹏华飞鑫波宇浩凯健俊帆旭宁龙林阳建国峰亮成东文志海晨博轩睿泽宏毅振卫兵坤彬诚昊然天子一豪翔威松源锋晖庆川',
);
const femaleGivenChars = Array.from(
  '芳娜敏静丽艳娟霞秀玲燕红婷雪琳颖倩洁萍慧梅莉兰晶欣怡悦佳璐蕾薇琪瑶雯露月丹妍嘉思梦诗涵晴彤蓉芸萱馨婉琴菲然宁楠',
);

/** Surname plus one or two given-name characters from gender-typical lists. */
export function chineseName(rng: Rng, gender: Gender): string {
  const surname = pickWeighted(rng, surnames, (entry) => entry.weight).surname;
  const chars = gender === 'male' ? maleGivenChars : femaleGivenChars;
  const first = pick(rng, chars);
  if (rng() < 0.28) return surname + first;
  // Reduplicated given names (婷婷, 晶晶) are common for women; otherwise two different characters.
  if (gender === 'female' && rng() < 0.06) return surname + first + first;
  let second = pick(rng, chars);
  while (second === first) second = pick(rng, chars);
  return surname + first + second;
}

// prettier-ignore
const mobilePrefixes = [
  '130', '131', '132', '133', '134', '135', '136', '137', '138', '139',
  '150', '151', '152', '153', '155', '156', '157', '158', '159',
  '170', '173', '175', '176', '177', '178',
  '180', '181', '182', '183', '184', '185', '186', '187', '188', '189',
  '191', '193', '195', '196', '198', '199',
] as const;

/** An 11-digit mainland mobile number with a real carrier prefix. */
export function mobilePhone(rng: Rng): string {
  let number = pick(rng, mobilePrefixes);
  while (number.length < 11) number += String(randomInt(rng, 0, 9));
  return number;
}

/**
 * Real county-level administrative codes (the first 6 digits of an ID number), one per city of organisation.ts,
 * each a central district of that city.
 */
export const areaCodesByCity: Record<string, string> = {
  上海: '310115', // 浦东新区
  杭州: '330106', // 西湖区
  南京: '320105', // 建邺区
  苏州: '320508', // 姑苏区
  宁波: '330212', // 鄞州区
  广州: '440106', // 天河区
  深圳: '440305', // 南山区
  佛山: '440605', // 南海区
  东莞: '441900', // 东莞市（不设区县）
  南宁: '450103', // 青秀区
  北京: '110105', // 朝阳区
  天津: '120103', // 河西区
  石家庄: '130102', // 长安区
  太原: '140105', // 小店区
  呼和浩特: '150105', // 赛罕区
  成都: '510107', // 武侯区
  重庆: '500112', // 渝北区
  昆明: '530111', // 官渡区
  贵阳: '520115', // 观山湖区
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  const [, year, month, day] = match;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (new Date(time).toISOString().slice(0, 10) !== date) throw new Error(`Not a calendar date: ${date}`);
  return time / DAY_MS;
}

/** A date (YYYY-MM-DD) between `from` and `to`, both inclusive. */
export function dateBetween(rng: Rng, from: string, to: string): string {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (end < start) throw new Error(`Empty date range ${from}..${to}`);
  return new Date(randomInt(rng, start, end) * DAY_MS).toISOString().slice(0, 10);
}

/** A birth date (YYYY-MM-DD) from 1 January of `fromYear` to 31 December of `toYear`. */
export function birthDateBetween(rng: Rng, fromYear: number, toYear: number): string {
  return dateBetween(rng, `${String(fromYear).padStart(4, '0')}-01-01`, `${String(toYear).padStart(4, '0')}-12-31`);
}

/** An 18-character mainland ID number: area code, birth date, sequence (odd for men), ISO 7064 MOD 11-2 check. */
export function mainlandIdNumber(
  rng: Rng,
  opts: { areaCode: string; birthDate: string; gender: Gender },
): string {
  if (!/^[1-9]\d{5}$/.test(opts.areaCode)) throw new Error(`Not an area code: ${opts.areaCode}`);
  dayNumber(opts.birthDate);
  const sequence = String(randomInt(rng, 1, 99)).padStart(2, '0');
  const genderDigit = randomInt(rng, 0, 4) * 2 + (opts.gender === 'male' ? 1 : 0);
  const first17 = opts.areaCode + opts.birthDate.replaceAll('-', '') + sequence + String(genderDigit);
  const check = mainlandIdCheckDigit(first17);
  if (check === null) throw new Error(`Cannot compute a check digit for ${first17}`);
  return first17 + check;
}
