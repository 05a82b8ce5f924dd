import { describe, expect, it } from 'vitest';
import { changedFields } from './audit';

describe('changedFields', () => {
  it('keeps only the fields whose value changed, ignoring updatedAt', () => {
    expect(
      changedFields(
        { name: '店长', sort: 1, status: 'active', updatedAt: '2026-01-01' },
        { name: '门店店长', sort: 1, status: 'active', updatedAt: '2026-02-01' },
      ),
    ).toEqual({ before: { name: '店长' }, after: { name: '门店店长' } });
  });

  it('compares nested values by content and lists fields present on one side only', () => {
    expect(changedFields({ menus: [1, 2] }, { menus: [1, 2], note: 'x' })).toEqual({
      before: { note: null },
      after: { note: 'x' },
    });
  });

  it('leaves creates and deletes whole', () => {
    expect(changedFields(null, { name: 'a' })).toEqual({ before: null, after: { name: 'a' } });
    expect(changedFields({ name: 'a' }, null)).toEqual({ before: { name: 'a' }, after: null });
  });
});
