import { describe, expect, it, vi } from 'vitest';
import {
  addView,
  createTagsViewStore,
  delAllViews,
  delCachedView,
  delOthersViews,
  delView,
  EMPTY_TAGS_VIEW,
  updateVisitedView,
} from './tags-view-store';
import type { TagsViewState, VisitedView } from './tags-view-store';

const view = (name: string, options: Partial<VisitedView> = {}): VisitedView => ({
  path: `/${name}`,
  fullPath: `/${name}`,
  name,
  title: name.toUpperCase(),
  query: {},
  affix: false,
  noCache: false,
  ...options,
});

const dashboard = view('dashboard', { affix: true });
const staff = view('staff');
const payroll = view('payroll');
const report = view('report', { noCache: true });

const opened = (...views: VisitedView[]): TagsViewState => views.reduce(addView, EMPTY_TAGS_VIEW);
const paths = (state: TagsViewState) => state.visited.map((visited) => visited.path);

describe('tags view store (docs/web.md "Tabs")', () => {
  it('adds a view once: a tab and, unless noCache, a cached name', () => {
    const state = opened(dashboard, staff, report);

    expect(paths(state)).toEqual(['/dashboard', '/staff', '/report']);
    expect(state.cached).toEqual(['dashboard', 'staff']);
    expect(addView(state, view('staff', { fullPath: '/staff?page=2' }))).toBe(state);
  });

  it('deletes one view from both lists', () => {
    const state = delView(opened(dashboard, staff, payroll), staff);

    expect(paths(state)).toEqual(['/dashboard', '/payroll']);
    expect(state.cached).toEqual(['dashboard', 'payroll']);
  });

  it('deletes the others but keeps the pinned tabs', () => {
    const state = delOthersViews(opened(dashboard, staff, payroll, report), payroll);

    expect(paths(state)).toEqual(['/dashboard', '/payroll']);
    expect(state.cached).toEqual(['dashboard', 'payroll']);
  });

  it('deletes all but the pinned tabs, which keep their cached page', () => {
    const state = delAllViews(opened(staff, dashboard, payroll, report));

    expect(paths(state)).toEqual(['/dashboard']);
    expect(state.cached).toEqual(['dashboard']);
    expect(delAllViews(opened(staff, payroll))).toEqual(EMPTY_TAGS_VIEW);
  });

  it('drops only the cached page on refresh; the tab stays', () => {
    const state = delCachedView(opened(dashboard, staff), staff);

    expect(paths(state)).toEqual(['/dashboard', '/staff']);
    expect(state.cached).toEqual(['dashboard']);
  });

  it('updates the title or query of a visited view and leaves unknown paths alone', () => {
    const state = opened(dashboard, staff);
    const updated = updateVisitedView(state, {
      path: '/staff',
      fullPath: '/staff?page=2',
      query: { page: '2' },
      title: '张伟的档案',
    });

    expect(updated.visited[1]).toEqual({
      ...staff,
      fullPath: '/staff?page=2',
      query: { page: '2' },
      title: '张伟的档案',
    });
    expect(updated.visited[0]).toBe(state.visited[0]);
    expect(updateVisitedView(state, { path: '/nowhere', title: 'x' })).toBe(state);
  });

  it('tells subscribers about changes only and returns the new state', () => {
    const store = createTagsViewStore(opened(dashboard));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    const next = store.addView(staff);
    expect(next).toBe(store.getState());
    expect(paths(next)).toEqual(['/dashboard', '/staff']);
    store.addView(staff);
    expect(listener).toHaveBeenCalledTimes(1);

    expect(paths(store.delView(staff))).toEqual(['/dashboard']);
    unsubscribe();
    store.addView(payroll);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
