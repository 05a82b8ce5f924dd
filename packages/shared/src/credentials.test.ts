import { describe, expect, it } from 'vitest';
import type { FormRule } from './rules';
import { antdRules, isPassword, isUsername, messages } from './rules';
import { zPassword, zUsername } from './validation';

// Login accounts: the username and new-password rules shared by the server (zod) and the web form (antd).

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

async function check(rules: FormRule[], value: unknown): Promise<string[]> {
  const errors: string[] = [];
  for (const rule of rules) {
    if (rule.required && (value === undefined || value === null || String(value).trim() === '')) {
      errors.push(rule.message ?? '');
      continue;
    }
    if (rule.validator) {
      await rule.validator(rule, value).catch((error: Error) => errors.push(error.message));
    }
  }
  return errors;
}

describe('username', () => {
  it.each(['abc', 'zhang.wei', 'li_na-02', 'A'.repeat(32)])('accepts %s', (value) => {
    expect(isUsername(value)).toBe(true);
    expect(zUsername.safeParse(value)).toMatchObject({ success: true, data: value });
  });

  it.each(['ab', 'A'.repeat(33), '张伟', 'li na', 'a/b', 'x@y'])('refuses %s', (value) => {
    expect(isUsername(value)).toBe(false);
    expect(issues(zUsername.safeParse(value))).toEqual([messages.usernameInvalid]);
  });

  it('trims, and answers the required message for a missing or blank value', () => {
    expect(zUsername.safeParse('  wang.fang  ')).toMatchObject({ success: true, data: 'wang.fang' });
    for (const value of [undefined, null, '', '   ']) {
      expect(issues(zUsername.safeParse(value))).toEqual([messages.usernameRequired]);
    }
    expect(issues(zUsername.safeParse(12345))).toEqual([messages.usernameInvalid]);
  });
});

describe('password', () => {
  it.each(['abcdefg1', 'Passw0rd!', 'a1 b2 c3 d4', `${'a'.repeat(63)}1`])('accepts %s', (value) => {
    expect(isPassword(value)).toBe(true);
    expect(zPassword.safeParse(value)).toMatchObject({ success: true, data: value });
  });

  it.each(['abc12', 'abcdefgh', '12345678', `${'a'.repeat(64)}1`, '密码密码密码密码'])(
    'refuses %s',
    (value) => {
      expect(isPassword(value)).toBe(false);
      expect(issues(zPassword.safeParse(value))).toEqual([messages.passwordInvalid]);
    },
  );

  it('keeps spaces, and answers the required message for a missing or blank value', () => {
    expect(zPassword.safeParse(' abcdefg1 ')).toMatchObject({ success: true, data: ' abcdefg1 ' });
    for (const value of [undefined, null, '', '        ']) {
      expect(issues(zPassword.safeParse(value))).toEqual([messages.passwordRequired]);
    }
    expect(issues(zPassword.safeParse(12345678))).toEqual([messages.passwordInvalid]);
  });
});

describe('antd rules for accounts', () => {
  it('give one message per problem, in Chinese', async () => {
    expect(await check(antdRules.username, '')).toEqual([messages.usernameRequired]);
    expect(await check(antdRules.username, 'ab')).toEqual([messages.usernameInvalid]);
    expect(await check(antdRules.username, 'zhang.wei')).toEqual([]);
    expect(await check(antdRules.password, '')).toEqual([messages.passwordRequired]);
    expect(await check(antdRules.password, 'abcdefgh')).toEqual([messages.passwordInvalid]);
    expect(await check(antdRules.password, 'abcdefg1')).toEqual([]);
  });
});
