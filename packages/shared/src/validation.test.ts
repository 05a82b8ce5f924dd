import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FormRule } from './rules';
import {
  antdRules,
  EMAIL_VALIDATE_DELAY_MS,
  fieldLabels,
  hasTimeRangeEnd,
  isBlank,
  isEmail,
  isPersonName,
  maxLengthMessage,
  messages,
  patterns,
  requiredMessage,
  selectMessage,
  zDays,
  zEmail,
  zHeight,
  zIdNumber,
  zLatitude,
  zLongitude,
  zMainlandIdNumber,
  zOptionalId,
  zPersonName,
  zQueryId,
  zPhone,
  zRequiredDate,
  zRequiredSelect,
  zRequiredString,
  zTimeRange,
} from '.';

/** Messages of a failed parse; [] when it succeeds. */
function errorsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function dataOf(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected success, got ${result.error.issues[0]?.message}`);
  return result.data;
}

async function check(rules: FormRule[], value: unknown): Promise<string[]> {
  const failures: string[] = [];
  for (const rule of rules) {
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (rule.required && empty) failures.push(rule.message ?? '');
    if (rule.pattern && typeof value === 'string' && !rule.pattern.test(value))
      failures.push(rule.message ?? '');
    if (rule.validator) {
      await rule.validator(rule, value).catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error));
      });
    }
  }
  return failures;
}

describe('messages', () => {
  it('builds required and select messages from a label', () => {
    expect(requiredMessage(fieldLabels.title)).toBe('标题不能为空');
    expect(selectMessage(fieldLabels.region)).toBe('请选择区域');
    expect(maxLengthMessage(fieldLabels.quitReason, 200)).toBe('离职原因不能超过200个字符');
  });

  it('keeps the fixed required messages consistent with the labels', () => {
    expect(messages.phoneRequired).toBe(requiredMessage(fieldLabels.phone));
    expect(messages.nameRequired).toBe(requiredMessage(fieldLabels.personName));
    expect(messages.idNumberRequired).toBe(requiredMessage(fieldLabels.idNumber));
    expect(messages.emailRequired).toBe(requiredMessage(fieldLabels.email));
    expect(messages.heightRequired).toBe(requiredMessage(fieldLabels.height));
    expect(messages.latitudeRequired).toBe(requiredMessage(fieldLabels.latitude));
    expect(messages.longitudeRequired).toBe(requiredMessage(fieldLabels.longitude));
    expect(messages.timeRangeRequired).toBe(selectMessage(fieldLabels.timeRange));
  });

  it('has a Chinese label for every field of docs/domain.md "Form rules"', () => {
    const labels = Object.values(fieldLabels);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^\p{Script=Han}+$/u);
  });
});

describe('patterns', () => {
  it('phone: 11 digits starting with 1', () => {
    expect(patterns.phone.test('13800138000')).toBe(true);
    expect(patterns.phone.test('19912345678')).toBe(true);
    expect(patterns.phone.test('23800138000')).toBe(false);
    expect(patterns.phone.test('1380013800')).toBe(false);
    expect(patterns.phone.test('138001380000')).toBe(false);
    expect(patterns.phone.test('1380013800a')).toBe(false);
  });

  it('personName: Chinese with middle dots between characters', () => {
    for (const name of [
      '张三',
      '欧阳娜娜',
      '阿沛·阿旺晋美',
      '买买提·吐尔逊·艾力',
      '迪丽热巴・迪力木拉提',
      '刘䶮',
      '𠀾𠀾',
    ]) {
      expect(patterns.personName.test(name), name).toBe(true);
    }
    for (const name of ['·张三', '张三·', '张··三', '张 三', '张三a', '张三1', '']) {
      expect(patterns.personName.test(name), name).toBe(false);
    }
  });

  it('personName: 1 to 20 Latin letters, dots or spaces with at least one letter', () => {
    for (const name of ['A', 'John Smith', 'J. R. R. Tolkien', 'a'.repeat(20)]) {
      expect(patterns.personName.test(name), name).toBe(true);
    }
    for (const name of ['a'.repeat(21), '...', '   ', "O'Brien", 'Anne-Marie', 'José', 'John\tSmith']) {
      expect(patterns.personName.test(name), name).toBe(false);
    }
  });

  it('email: standard addresses', () => {
    for (const email of ['a@b.cn', 'user.name+tag@example.com.cn', 'x_y-z@sub-domain.example.org']) {
      expect(patterns.email.test(email), email).toBe(true);
    }
    for (const email of [
      'plain',
      '@b.com',
      'a@',
      'a@b',
      'a@b.c',
      '.a@b.com',
      'a.@b.com',
      'a..b@c.com',
      'a b@c.com',
      'a@-b.com',
      'a@b.com.',
    ]) {
      expect(patterns.email.test(email), email).toBe(false);
    }
  });

  it('height: 2 or 3 digits starting with 1 or 2', () => {
    for (const height of ['10', '19', '175', '299']) expect(patterns.height.test(height)).toBe(true);
    for (const height of ['9', '30', '300', '1750', '175.5', '-175', '']) {
      expect(patterns.height.test(height), height).toBe(false);
    }
  });

  it('latitude and longitude: signed decimals', () => {
    expect(patterns.latitude.test('-33.8688')).toBe(true);
    expect(patterns.latitude.test('+31')).toBe(true);
    expect(patterns.latitude.test('123.4')).toBe(false);
    expect(patterns.longitude.test('121.4737')).toBe(true);
    expect(patterns.longitude.test('1e2')).toBe(false);
    expect(patterns.longitude.test('12.')).toBe(false);
    expect(patterns.longitude.test('.5')).toBe(false);
  });

  it('days: digits only', () => {
    expect(patterns.days.test('0')).toBe(true);
    expect(patterns.days.test('365')).toBe(true);
    expect(patterns.days.test('-1')).toBe(false);
    expect(patterns.days.test('1.5')).toBe(false);
    expect(patterns.days.test('')).toBe(false);
  });
});

describe('predicates', () => {
  it('trim text before checking', () => {
    expect(isPersonName('  张三 ')).toBe(true);
    expect(isEmail(' a@b.cn ')).toBe(true);
  });

  it('isBlank: undefined, null and whitespace only', () => {
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(' \t')).toBe(true);
    expect(isBlank(0)).toBe(false);
    expect(isBlank('0')).toBe(false);
  });

  it('hasTimeRangeEnd: start or end present', () => {
    expect(hasTimeRangeEnd(['2024-01-01', null])).toBe(true);
    expect(hasTimeRangeEnd([null, '2024-01-31'])).toBe(true);
    expect(hasTimeRangeEnd([null, ''])).toBe(false);
    expect(hasTimeRangeEnd([])).toBe(false);
    expect(hasTimeRangeEnd(null)).toBe(false);
    expect(hasTimeRangeEnd('2024-01-01')).toBe(false);
  });
});

describe('zod schemas', () => {
  const requiredAndInvalid = [
    {
      schema: zPhone,
      valid: ' 13800138000 ',
      parsed: '13800138000',
      bad: '12345',
      required: messages.phoneRequired,
      invalid: messages.phoneInvalid,
    },
    {
      schema: zPersonName,
      valid: ' 阿沛·阿旺晋美 ',
      parsed: '阿沛·阿旺晋美',
      bad: '张3',
      required: messages.nameRequired,
      invalid: messages.nameInvalid,
    },
    {
      schema: zEmail,
      valid: ' hr@dealer.cn ',
      parsed: 'hr@dealer.cn',
      bad: 'hr@dealer',
      required: messages.emailRequired,
      invalid: messages.emailInvalid,
    },
    {
      schema: zHeight,
      valid: '175',
      parsed: 175,
      bad: '300',
      required: messages.heightRequired,
      invalid: messages.heightInvalid,
    },
    {
      schema: zLatitude,
      valid: '31.2304',
      parsed: 31.2304,
      bad: '90.1',
      required: messages.latitudeRequired,
      invalid: messages.latitudeInvalid,
    },
    {
      schema: zLongitude,
      valid: '-121.47',
      parsed: -121.47,
      bad: '180.5',
      required: messages.longitudeRequired,
      invalid: messages.longitudeInvalid,
    },
    {
      schema: zMainlandIdNumber,
      valid: '11010519491231002x',
      parsed: '11010519491231002X',
      bad: '110105194912310021',
      required: messages.idNumberRequired,
      invalid: messages.idNumberInvalid,
    },
  ];

  it.each(requiredAndInvalid)('$required / $invalid', ({ schema, valid, parsed, bad, required, invalid }) => {
    expect(dataOf(schema, valid)).toBe(parsed);
    expect(errorsOf(schema, undefined)).toEqual([required]);
    expect(errorsOf(schema, null)).toEqual([required]);
    expect(errorsOf(schema, '')).toEqual([required]);
    expect(errorsOf(schema, '   ')).toEqual([required]);
    expect(errorsOf(schema, bad)).toEqual([invalid]);
    expect(errorsOf(schema, true)).toEqual([invalid]);
    expect(errorsOf(schema, {})).toEqual([invalid]);
  });

  it('puts the Chinese message on a missing object field', () => {
    const result = z.object({ phone: zPhone, name: zPersonName }).safeParse({ name: 5 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['phone'], message: messages.phoneRequired },
      { path: ['name'], message: messages.nameInvalid },
    ]);
  });

  it('rejects a number for text fields but accepts one for numeric fields', () => {
    expect(errorsOf(zPhone, 13800138000)).toEqual([messages.phoneInvalid]);
    expect(dataOf(zHeight, 180)).toBe(180);
    expect(errorsOf(zHeight, 180.5)).toEqual([messages.heightInvalid]);
    expect(dataOf(zLatitude, -90)).toBe(-90);
    expect(dataOf(zLongitude, 180)).toBe(180);
    expect(errorsOf(zLongitude, Number.NaN)).toEqual([messages.longitudeInvalid]);
  });

  it('range-checks coordinates', () => {
    expect(dataOf(zLatitude, '90')).toBe(90);
    expect(errorsOf(zLatitude, '-90.0001')).toEqual([messages.latitudeInvalid]);
    expect(dataOf(zLongitude, '+180.0')).toBe(180);
    expect(errorsOf(zLongitude, '181')).toEqual([messages.longitudeInvalid]);
  });

  it('zIdNumber only requires a value, for any certificate type', () => {
    expect(dataOf(zIdNumber, ' E12345678 ')).toBe('E12345678');
    expect(errorsOf(zIdNumber, undefined)).toEqual([messages.idNumberRequired]);
    expect(errorsOf(zIdNumber, ' ')).toEqual([messages.idNumberRequired]);
    expect(errorsOf(zIdNumber, 123)).toEqual([messages.idNumberRequired]);
  });

  it('zDays: optional digits, output as a number', () => {
    expect(dataOf(zDays, '15')).toBe(15);
    expect(dataOf(zDays, 0)).toBe(0);
    expect(dataOf(zDays, undefined)).toBeUndefined();
    expect(dataOf(zDays, null)).toBeUndefined();
    expect(dataOf(zDays, ' ')).toBeUndefined();
    expect(errorsOf(zDays, '1.5')).toEqual([messages.daysInvalid]);
    expect(errorsOf(zDays, -1)).toEqual([messages.daysInvalid]);
    expect(errorsOf(zDays, '三天')).toEqual([messages.daysInvalid]);
    expect(errorsOf(zDays, true)).toEqual([messages.daysInvalid]);
  });

  it('zRequiredString: trims, requires and limits the length', () => {
    const title = zRequiredString(fieldLabels.title, { max: 5 });
    expect(dataOf(title, '  春季招聘 ')).toBe('春季招聘');
    expect(dataOf(title, '一二三四五')).toBe('一二三四五');
    expect(errorsOf(title, '一二三四五六')).toEqual(['标题不能超过5个字符']);
    expect(errorsOf(title, undefined)).toEqual(['标题不能为空']);
    expect(errorsOf(title, '  ')).toEqual(['标题不能为空']);
    expect(errorsOf(title, 42)).toEqual(['标题不能为空']);
    expect(dataOf(zRequiredString(fieldLabels.quitReason), 'x'.repeat(5000))).toHaveLength(5000);
  });

  it('zRequiredSelect: a positive integer id', () => {
    const region = zRequiredSelect(fieldLabels.region);
    expect(dataOf(region, 3)).toBe(3);
    expect(dataOf(region, '12')).toBe(12);
    expect(dataOf(region, 2_147_483_647)).toBe(2_147_483_647);
    for (const value of [undefined, null, '', 0, -1, 1.5, '1.5', 'abc', true, [], 2 ** 60]) {
      expect(errorsOf(region, value), String(value)).toEqual(['请选择区域']);
    }
    // Beyond PostgreSQL `integer`: refused here rather than failing in the database.
    for (const value of [2_147_483_648, '2147483648', 999_999_999_999, '99999999999999999999']) {
      expect(errorsOf(region, value), String(value)).toEqual(['请选择区域']);
    }
  });

  it('zOptionalId and zQueryId: none when empty, else an id within integer', () => {
    const store = zOptionalId(fieldLabels.store);
    for (const empty of [undefined, null, '']) expect(dataOf(store, empty)).toBeNull();
    expect(dataOf(store, 7)).toBe(7);
    expect(dataOf(store, '7')).toBe(7);
    for (const value of [0, -3, 1.5, 'x', 2_147_483_648, [1]]) {
      expect(errorsOf(store, value), String(value)).toEqual(['门店格式不正确']);
    }
    const filter = zQueryId(fieldLabels.store);
    expect(dataOf(filter, undefined)).toBeUndefined();
    expect(dataOf(filter, ' ')).toBeUndefined();
    expect(dataOf(filter, '42')).toBe(42);
    for (const value of ['0', '-1', '1.5', 'abc', '2147483648', '99999999999']) {
      expect(errorsOf(filter, value), value).toEqual(['门店格式不正确']);
    }
  });

  it('text: no control characters in a name, none but tabs and line breaks in free text', () => {
    const name = zRequiredString(fieldLabels.name);
    const reason = zRequiredString(fieldLabels.disableReason, { multiline: true });
    for (const value of ['a\u0000b', 'a\u0007b', 'a\u007fb', 'a\ud800b']) {
      expect(errorsOf(name, value), JSON.stringify(value)).toEqual(['名称不能包含控制字符或无效字符']);
      expect(errorsOf(reason, value), JSON.stringify(value)).toEqual(['禁用原因不能包含控制字符或无效字符']);
    }
    expect(errorsOf(name, 'one\ntwo')).toEqual(['名称不能包含控制字符或无效字符']);
    expect(errorsOf(name, 'tab\there')).toEqual(['名称不能包含控制字符或无效字符']);
    expect(dataOf(reason, 'one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(dataOf(name, '𠮷野家 4S店')).toBe('𠮷野家 4S店');
    expect(errorsOf(zPersonName, '张\u0000三')).toEqual([messages.nameInvalid]);
  });

  it('zRequiredDate: a real YYYY-MM-DD date', () => {
    const date = zRequiredDate(fieldLabels.date);
    expect(dataOf(date, '2024-02-29')).toBe('2024-02-29');
    for (const value of [undefined, '', '2023-02-29', '2024/01/01', 20240101]) {
      expect(errorsOf(date, value), String(value)).toEqual(['请选择日期']);
    }
  });

  it('zTimeRange: start or end required, empty entries become null', () => {
    expect(dataOf(zTimeRange, ['09:00', '18:00'])).toEqual(['09:00', '18:00']);
    expect(dataOf(zTimeRange, ['2024-01-01', ''])).toEqual(['2024-01-01', null]);
    expect(dataOf(zTimeRange, [null, '2024-01-31'])).toEqual([null, '2024-01-31']);
    expect(errorsOf(zTimeRange, [null, null])).toEqual([messages.timeRangeRequired]);
    expect(errorsOf(zTimeRange, ['', ' '])).toEqual([messages.timeRangeRequired]);
    expect(errorsOf(zTimeRange, undefined)).toEqual([messages.timeRangeRequired]);
    expect(errorsOf(zTimeRange, 'today')).toEqual([messages.timeRangeInvalid]);
    expect(errorsOf(zTimeRange, [1, 2])).toContain(messages.timeRangeInvalid);
  });
});

describe('antd rules', () => {
  it('debounces the email check by one second', () => {
    expect(EMAIL_VALIDATE_DELAY_MS).toBe(1000);
  });

  it('phone: one message when empty, the format message when wrong', async () => {
    expect(antdRules.phone.some((rule) => rule.required)).toBe(true);
    expect(await check(antdRules.phone, '')).toEqual([messages.phoneRequired]);
    expect(await check(antdRules.phone, undefined)).toEqual([messages.phoneRequired]);
    expect(await check(antdRules.phone, '1380013800')).toEqual([messages.phoneInvalid]);
    expect(await check(antdRules.phone, '13800138000')).toEqual([]);
  });

  it('personName, email and height', async () => {
    expect(await check(antdRules.personName, '   ')).toEqual([messages.nameRequired]);
    expect(await check(antdRules.personName, 'John 2')).toEqual([messages.nameInvalid]);
    expect(await check(antdRules.personName, '阿沛·阿旺晋美')).toEqual([]);
    expect(await check(antdRules.email, 'a@b')).toEqual([messages.emailInvalid]);
    expect(await check(antdRules.email, 'a@b.cn')).toEqual([]);
    expect(await check(antdRules.height, 175)).toEqual([]);
    expect(await check(antdRules.height, '310')).toEqual([messages.heightInvalid]);
    expect(await check(antdRules.height, null)).toEqual([messages.heightRequired]);
  });

  it('rejects values of the wrong type with the format message', async () => {
    expect(await check(antdRules.phone, { phone: '13800138000' })).toEqual([messages.phoneInvalid]);
  });

  it('coordinates, days, id numbers and time range', async () => {
    expect(await check(antdRules.latitude, '91')).toEqual([messages.latitudeInvalid]);
    expect(await check(antdRules.longitude, 121.47)).toEqual([]);
    expect(await check(antdRules.days, '')).toEqual([]);
    expect(await check(antdRules.days, '2.5')).toEqual([messages.daysInvalid]);
    expect(await check(antdRules.idNumber, '')).toEqual([messages.idNumberRequired]);
    expect(await check(antdRules.mainlandIdNumber, '110105194912310021')).toEqual([messages.idNumberInvalid]);
    expect(await check(antdRules.mainlandIdNumber, '11010519491231002x')).toEqual([]);
    expect(await check(antdRules.timeRange, [null, null])).toEqual([messages.timeRangeRequired]);
    expect(await check(antdRules.timeRange, [{ picked: true }, null])).toEqual([]);
  });

  it('required and select build rules from a label', async () => {
    expect(antdRules.required(fieldLabels.storeCode)).toEqual([
      { required: true, whitespace: true, message: '门店编码不能为空' },
    ]);
    expect(antdRules.select(fieldLabels.education)).toEqual([{ required: true, message: '请选择学历' }]);
    expect(await check(antdRules.select(fieldLabels.post), undefined)).toEqual(['请选择岗位']);
    expect(await check(antdRules.select(fieldLabels.post), 7)).toEqual([]);
  });
});
