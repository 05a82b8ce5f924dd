import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { useListFilters, withoutEmpty } from './use-list-filters';

describe('withoutEmpty', () => {
  // toStrictEqual: a key left there with `undefined` would be a different object, and is a failure here.
  it('trims text and leaves out what is empty', () => {
    expect(
      withoutEmpty({ keyword: '  门店 ', name: '   ', code: '', status: null, region_id: undefined }),
    ).toStrictEqual({ keyword: '门店' });
  });

  it('keeps a number 0, false and anything that is not text as it is', () => {
    const range = [1, 2];
    const kept = withoutEmpty({ id: 0, main: false, range, status: 'active' });
    expect(kept).toStrictEqual({ id: 0, main: false, range, status: 'active' });
    expect(kept.range).toBe(range);
  });

  it('gives an empty object for an empty form', () => {
    expect(withoutEmpty({})).toStrictEqual({});
  });
});

describe('useListFilters', () => {
  it('starts without filters on the first page', () => {
    const { result } = renderHook(() => useListFilters<{ keyword?: string }>());
    expect(result.current.filters).toStrictEqual({});
    expect(result.current.paging).toStrictEqual({ page: 1, limit: DEFAULT_PAGE_SIZE });
  });

  it('cleans a search and goes back to page 1, keeping the page size', () => {
    const { result } = renderHook(() => useListFilters<{ keyword?: string; status?: string }>());
    act(() => result.current.setPaging({ page: 3, limit: 50 }));
    act(() => result.current.search({ keyword: ' a ', status: '' }));
    expect(result.current.filters).toStrictEqual({ keyword: 'a' });
    expect(result.current.paging).toStrictEqual({ page: 1, limit: 50 });
  });

  it("takes a page's own mapping and start", () => {
    const { result } = renderHook(() => useListFilters((read: 'all' | 'unread') => read, 'all'));
    expect(result.current.filters).toBe('all');
    act(() => result.current.setPaging({ page: 2, limit: DEFAULT_PAGE_SIZE }));
    act(() => result.current.search('unread'));
    expect(result.current.filters).toBe('unread');
    expect(result.current.paging.page).toBe(1);
  });
});
