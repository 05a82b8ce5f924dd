import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  LoginThrottle,
  retryMessage,
  type ThrottleEntry,
  type ThrottleStore,
} from './login-throttle';

const MINUTE = 60_000;

/** The throttle's rules on their own: a store in a map (the shared stores are tested in core/). */
function mapStore(): ThrottleStore {
  const entries = new Map<string, ThrottleEntry>();
  return {
    read: async (keys) => keys.map((key) => entries.get(key)),
    async update(key, change) {
      const next = change(entries.get(key));
      if (next) entries.set(key, next);
      else entries.delete(key);
    },
    remove: async (key) => void entries.delete(key),
    prune: async () => {},
  };
}

function throttleAt(start = 0) {
  const clock = { now: start };
  const throttle = new LoginThrottle(mapStore(), DEFAULT_LIMITS, () => clock.now);
  const fail = async (times: number, username = 'alice', ip = '1.1.1.1') => {
    for (let i = 0; i < times; i += 1) await throttle.recordFailure(username, ip);
  };
  return { clock, throttle, fail };
}

describe('LoginThrottle', () => {
  it('lets four failures pass and locks on the fifth for one minute', async () => {
    const { clock, throttle, fail } = throttleAt();
    await fail(4);
    expect(await throttle.retryAfterMs('alice', '1.1.1.1')).toBe(0);
    await fail(1);
    expect(await throttle.retryAfterMs('alice', '1.1.1.1')).toBe(MINUTE);
    clock.now += MINUTE;
    expect(await throttle.retryAfterMs('alice', '1.1.1.1')).toBe(0);
  });

  it('doubles the lock on each further round of failures, up to 15 minutes', async () => {
    const { clock, throttle, fail } = throttleAt();
    const locks: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      await fail(5);
      const wait = await throttle.retryAfterMs('alice', '1.1.1.1');
      locks.push(wait / MINUTE);
      clock.now += wait;
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it('forgets failures older than the window', async () => {
    const { clock, throttle, fail } = throttleAt();
    await fail(4);
    clock.now += 16 * MINUTE;
    await fail(1);
    expect(await throttle.retryAfterMs('alice', '1.1.1.1')).toBe(0);
  });

  it('matches usernames case-insensitively and clears them on success', async () => {
    const { throttle, fail } = throttleAt();
    await fail(4, 'Alice');
    await throttle.recordSuccess('ALICE ');
    await fail(4, 'alice');
    expect(await throttle.retryAfterMs('alice', '2.2.2.2')).toBe(0);
  });

  it('locks an IP after 20 failures over any usernames, but not other IPs', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 20; i += 1) await throttle.recordFailure(`user${i}`, '9.9.9.9');
    expect(await throttle.retryAfterMs('someone-else', '9.9.9.9')).toBe(MINUTE);
    expect(await throttle.retryAfterMs('someone-else', '8.8.8.8')).toBe(0);
  });
});

describe('retryMessage', () => {
  it.each([
    [1, '登录失败次数过多，请在 1 秒后重试'],
    [30_500, '登录失败次数过多，请在 31 秒后重试'],
    [60_000, '登录失败次数过多，请在 1 分钟后重试'],
    [61_000, '登录失败次数过多，请在 2 分钟后重试'],
  ])('%i ms -> %s', (ms, text) => expect(retryMessage(ms)).toBe(text));
});
