import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HandoverItem } from './handover-api';
import {
  emptyList,
  emptyLists,
  handoverReducer,
  shouldLoad,
  useHandoverLists,
  type HandoverRecord,
} from './handover-lists';
import { callsTo, mockApi, ok, type ApiCall } from '../../test/mock-api';

// The handover dialog's list rules (spec sections 2, 3 and 4), one by one.

const item = (id: number, extra: Partial<HandoverItem> = {}): HandoverItem => ({
  id,
  kind: 'customer',
  external_id: `wm${id}`,
  name: `客户${id}`,
  member_count: null,
  state: 'pending',
  inheritor_id: null,
  inheritor_name: null,
  takeover_at: null,
  errcode: null,
  error: null,
  attempts: 0,
  updated_at: '2026-11-26T00:00:00.000Z',
  ...extra,
});

const record: HandoverRecord = { id: 7, user: { userid: 'wm-leaver' } };

describe('the list state', () => {
  it('starts at page 1 with 10 rows, no rows, total 0, nothing chosen, neither loading nor loaded', () => {
    expect(emptyList()).toEqual({
      query: { page: 1, limit: 10 },
      data: [],
      total: 0,
      selected: [],
      loading: false,
      loaded: false,
    });
  });

  it('loads only a list that is neither loading nor loaded, for a record with its id and its user’s userid', () => {
    expect(shouldLoad(emptyList(), record)).toBe(true);
    expect(shouldLoad({ ...emptyList(), loading: true }, record)).toBe(false);
    expect(shouldLoad({ ...emptyList(), loaded: true }, record)).toBe(false);
    expect(shouldLoad(emptyList(), { id: 7, user: { userid: null } })).toBe(false);
    expect(shouldLoad(emptyList(), { id: 0, user: { userid: 'wm-leaver' } })).toBe(false);
    expect(shouldLoad(emptyList(), null)).toBe(false);
  });

  it('marks a list loaded with its rows and total and clears its choice', () => {
    const chosen = { ...emptyLists(), customer: { ...emptyList(), selected: [item(1)], loading: true } };
    const after = handoverReducer(chosen, {
      type: 'loaded',
      kind: 'customer',
      data: [item(2)],
      total: 31,
      keepSelection: false,
    });
    expect(after.customer).toMatchObject({
      data: [item(2)],
      total: 31,
      loading: false,
      loaded: true,
      selected: [],
    });
    // The other list is untouched.
    expect(after.group_chat).toEqual(emptyList());
  });

  it('keeps the choice across a page change', () => {
    const chosen = { ...emptyLists(), customer: { ...emptyList(), selected: [item(1)], loaded: true } };
    const turning = handoverReducer(chosen, {
      type: 'loading',
      kind: 'customer',
      query: { page: 2, limit: 10 },
    });
    expect(turning.customer).toMatchObject({ loading: true, query: { page: 2, limit: 10 } });
    const turned = handoverReducer(turning, {
      type: 'loaded',
      kind: 'customer',
      data: [item(11)],
      total: 31,
      keepSelection: true,
    });
    expect(turned.customer.selected).toEqual([item(1)]);
  });

  it('resets both lists on closing: empty rows, total 0, page 1, 10 rows, nothing chosen, not loaded', () => {
    const used = {
      customer: {
        query: { page: 3, limit: 20 },
        data: [item(1)],
        total: 40,
        selected: [item(1)],
        loading: false,
        loaded: true,
      },
      group_chat: {
        query: { page: 2, limit: 10 },
        data: [item(9)],
        total: 12,
        selected: [],
        loading: true,
        loaded: false,
      },
    };
    expect(handoverReducer(used, { type: 'reset' })).toEqual(emptyLists());
  });
});

describe('useHandoverLists', () => {
  const pageOf = (call: ApiCall, kind: string) => {
    const { page } = call.body as { page: number };
    return ok({ data: [item(page * 100 + 1, { name: `${kind}${page}` })], total: 23 });
  };
  const routes = {
    'POST /api/auth/resign/customer/list': (call: ApiCall) => pageOf(call, 'customer'),
    'POST /api/auth/resign/groupchat/list': (call: ApiCall) => pageOf(call, 'chat'),
  };

  it('loads each list once when it opens, with page 1, 10 rows, the userid and the record id', async () => {
    const { calls } = mockApi(routes);
    const { result, rerender } = renderHook(({ open }) => useHandoverLists(record, open), {
      initialProps: { open: true },
    });
    await waitFor(() => expect(result.current.lists.customer.loaded).toBe(true));
    await waitFor(() => expect(result.current.lists.group_chat.loaded).toBe(true));
    for (const path of ['/api/auth/resign/customer/list', '/api/auth/resign/groupchat/list'])
      expect(callsTo(calls, 'POST', path).map((call) => call.body)).toEqual([
        { page: 1, limit: 10, userId: 'wm-leaver', resign_id: 7 },
      ]);
    expect(result.current.lists.customer.total).toBe(23);
    // A render while open loads nothing again.
    rerender({ open: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, 'POST', '/api/auth/resign/customer/list')).toHaveLength(1);
  });

  it('skips loading for a record without the user’s userid or without its id', async () => {
    const { calls } = mockApi(routes);
    renderHook(() => useHandoverLists({ id: 7, user: { userid: null } }, true));
    renderHook(() => useHandoverLists({ id: 0, user: { userid: 'wm-leaver' } }, true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(0);
  });

  it('resets on closing and loads afresh at the next opening; an answer for a closed opening is dropped', async () => {
    let release: () => void = () => {};
    const { calls } = mockApi({
      ...routes,
      'POST /api/auth/resign/customer/list': async (call: ApiCall) => {
        if (callsTo(calls, 'POST', '/api/auth/resign/customer/list').length === 1)
          await new Promise<void>((resolve) => (release = resolve));
        return pageOf(call, 'customer');
      },
    });
    const { result, rerender } = renderHook(({ open }) => useHandoverLists(record, open), {
      initialProps: { open: true },
    });
    await waitFor(() => expect(result.current.lists.customer.loading).toBe(true));
    rerender({ open: false });
    expect(result.current.lists).toEqual(emptyLists());
    await act(async () => release());
    // The late answer of the closed opening did not fill the reset list.
    expect(result.current.lists.customer.loaded).toBe(false);
    rerender({ open: true });
    await waitFor(() => expect(result.current.lists.customer.loaded).toBe(true));
    expect(callsTo(calls, 'POST', '/api/auth/resign/customer/list')).toHaveLength(2);
  });

  it('turns a page keeping the choice; a reload after a hand-over clears it', async () => {
    const { calls } = mockApi(routes);
    const { result } = renderHook(() => useHandoverLists(record, true));
    await waitFor(() => expect(result.current.lists.customer.loaded).toBe(true));
    act(() => result.current.select('customer', [item(101)]));
    act(() => result.current.turnPage('customer', 2, 10));
    await waitFor(() => expect(result.current.lists.customer.data[0]!.id).toBe(201));
    expect(result.current.lists.customer.selected.map((chosen) => chosen.id)).toEqual([101]);
    expect(callsTo(calls, 'POST', '/api/auth/resign/customer/list').at(-1)!.body).toMatchObject({ page: 2 });
    act(() => result.current.reload('customer'));
    await waitFor(() => expect(result.current.lists.customer.selected).toEqual([]));
    expect(result.current.lists.customer.query.page).toBe(2);
  });
});
