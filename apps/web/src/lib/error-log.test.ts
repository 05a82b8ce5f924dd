import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_ERROR_LOG_ENTRIES,
  addErrorLog,
  captureWindowErrors,
  clearErrorLog,
  firstComponent,
  getErrorLog,
  useErrorLog,
} from './error-log';

afterEach(() => {
  clearErrorLog();
  vi.unstubAllEnvs();
});

describe('error log store', () => {
  it('records the message, stack, details, page URL and time', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const error = new Error('boom');

    addErrorLog(error, { component: 'StaffList', info: 'at StaffList' });

    expect(getErrorLog()).toEqual([
      {
        error: { message: 'boom', stack: error.stack },
        component: 'StaffList',
        info: 'at StaffList',
        url: window.location.href,
        time: 1_700_000_000_000,
      },
    ]);
  });

  it('describes values that are not errors', () => {
    addErrorLog('plain text');
    addErrorLog({ code: 500 });
    addErrorLog(undefined);
    expect(getErrorLog().map((entry) => entry.error.message)).toEqual([
      'plain text',
      '{"code":500}',
      'undefined',
    ]);
  });

  it(`keeps the last ${MAX_ERROR_LOG_ENTRIES} entries`, () => {
    for (let i = 0; i < MAX_ERROR_LOG_ENTRIES + 5; i++) addErrorLog(new Error(`e${i}`));
    const log = getErrorLog();
    expect(log).toHaveLength(MAX_ERROR_LOG_ENTRIES);
    expect(log[0]!.error.message).toBe('e5');
  });

  it('re-renders its readers on add and clear', () => {
    const { result } = renderHook(() => useErrorLog());
    expect(result.current).toEqual([]);
    act(() => addErrorLog(new Error('boom')));
    expect(result.current.map((entry) => entry.error.message)).toEqual(['boom']);
    act(() => clearErrorLog());
    expect(result.current).toEqual([]);
  });

  it('names the first component of a React component stack', () => {
    expect(firstComponent('\n    at Bomb (http://localhost/src/bomb.tsx:3:9)\n    at div')).toBe('Bomb');
    expect(firstComponent('\nBomb@http://localhost/src/bomb.tsx:3:9\ndiv')).toBe('Bomb');
    expect(firstComponent(undefined)).toBeUndefined();
  });
});

describe('captureWindowErrors', () => {
  // A stand-in for the window: errors raised on the real one would reach the test runner's own handler.
  const target = new EventTarget();
  const raise = () => {
    target.dispatchEvent(
      new ErrorEvent('error', {
        error: new Error('uncaught'),
        message: 'uncaught',
        filename: 'http://localhost/app.js',
        lineno: 3,
        colno: 7,
      }),
    );
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
  };

  it('logs nothing outside production', () => {
    const remove = captureWindowErrors(target);
    raise();
    remove();
    expect(getErrorLog()).toEqual([]);
  });

  it('logs uncaught errors and unhandled rejections in production until removed', () => {
    vi.stubEnv('PROD', true);
    const remove = captureWindowErrors(target);
    raise();
    remove();
    raise();

    expect(getErrorLog()).toMatchObject([
      { error: { message: 'uncaught' }, info: 'window.onerror http://localhost/app.js:3:7' },
      { error: { message: 'rejected' }, info: 'unhandledrejection' },
    ]);
  });
});
