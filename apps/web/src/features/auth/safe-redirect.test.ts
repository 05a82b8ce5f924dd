import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a path of this app, query included', () => {
    expect(safeRedirect('/staff/list?page=2')).toBe('/staff/list?page=2');
  });

  it.each([null, undefined, '', 'staff/list', 'https://evil.example', '//evil.example', '/\\evil.example'])(
    'falls back to the dashboard for %j',
    (target) => {
      expect(safeRedirect(target)).toBe('/dashboard/dashboard');
    },
  );

  it('never sends the user back to the login page or through a control character', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/dashboard/dashboard');
    expect(safeRedirect('/\t/evil.example')).toBe('/dashboard/dashboard');
  });
});
