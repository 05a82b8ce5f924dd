import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, ok, type Routes } from '../test/mock-api';
import { forgetDrafts } from './draft-cache';
import { AUTOSAVE_DELAY_MS, deleteDraft, loadDraft, saveDraft, useFormDraft } from './drafts';
import { endSession } from './session';

const draft = (data: Record<string, unknown>) => ({
  key: 'entry:personal',
  data,
  created_at: '2026-11-21T08:00:00.000Z',
  updated_at: '2026-11-21T08:05:00.000Z',
});

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/auth/draft/detail': ok(draft({ name: '张三' })),
  'POST /api/auth/draft/store': (call) => ok(draft((call.body as { data: Record<string, unknown> }).data)),
  'GET /api/auth/draft/delete': { body: { code: 200, message: 'ok', data: null } },
  ...extra,
});

beforeEach(() => forgetDrafts());

describe('drafts (docs/web.md "Draft cache")', () => {
  it('returns the cached draft when there is one, without asking again', async () => {
    const { calls } = mockApi(routes());
    expect((await loadDraft('entry:personal'))?.data).toEqual({ name: '张三' });
    expect((await loadDraft('entry:personal'))?.data).toEqual({ name: '张三' });
    expect(callsTo(calls, 'GET', '/api/auth/draft/detail')).toHaveLength(1);
  });

  it('keeps a fetched draft only when it has created_at', async () => {
    const { calls } = mockApi(
      routes({ 'GET /api/auth/draft/detail': ok({ key: 'entry:personal', data: {} }) }),
    );
    expect(await loadDraft('entry:personal')).toBeNull();
    expect(await loadDraft('entry:personal')).toBeNull();
    // Nothing was cached, so it was asked for twice.
    expect(callsTo(calls, 'GET', '/api/auth/draft/detail')).toHaveLength(2);
  });

  it('clears the cache after a delete whose message is ok, and only then', async () => {
    const { calls } = mockApi(
      routes({ 'GET /api/auth/draft/delete': { body: { code: 200, message: 'pending', data: null } } }),
    );
    await saveDraft('entry:personal', { name: '李四' });
    expect(await deleteDraft('entry:personal')).toBe(false);
    expect((await loadDraft('entry:personal'))?.data).toEqual({ name: '李四' });

    expect(callsTo(calls, 'GET', '/api/auth/draft/detail')).toHaveLength(0);

    const after = mockApi(routes());
    expect(await deleteDraft('entry:personal')).toBe(true);
    // Forgotten: the next load asks the server again.
    await loadDraft('entry:personal');
    expect(callsTo(after.calls, 'GET', '/api/auth/draft/detail')).toHaveLength(1);
  });

  it('forgets every draft when the session ends', async () => {
    const { calls } = mockApi(routes());
    await loadDraft('entry:personal');
    endSession();
    await loadDraft('entry:personal');
    expect(callsTo(calls, 'GET', '/api/auth/draft/detail')).toHaveLength(2);
  });
});

function PersonalStep() {
  const [form] = Form.useForm<{ name?: string; phone?: string }>();
  const { restored, onValuesChange, discard } = useFormDraft(form, 'entry:personal');
  return (
    <Form form={form} onValuesChange={onValuesChange}>
      {restored && <p>已恢复草稿</p>}
      <Form.Item name="name" label="姓名">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="手机号码">
        <Input />
      </Form.Item>
      <button type="button" onClick={() => void discard()}>
        提交
      </button>
    </Form>
  );
}

describe('useFormDraft', () => {
  afterEach(() => vi.useRealTimers());

  it('restores the draft, saves once after typing pauses, and drops it on submit', async () => {
    const { calls } = mockApi(routes());
    render(<PersonalStep />);
    expect(await screen.findByText('已恢复草稿')).toBeInTheDocument();
    const name = screen.getByLabelText('姓名');
    expect(name).toHaveValue('张三');

    vi.useFakeTimers();
    const phone = screen.getByLabelText('手机号码');
    for (const digits of ['1', '13', '138']) {
      fireEvent.change(phone, { target: { value: digits } });
      await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2));
    }
    expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/draft/store')[0]!.body).toEqual({
      key: 'entry:personal',
      data: { name: '张三', phone: '138' },
    });

    act(() => screen.getByRole('button', { name: '提交' }).click());
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/draft/delete')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('已恢复草稿')).not.toBeInTheDocument());
  });
});

function AccountStep({ draftKey }: { draftKey: string | null }) {
  const [form] = Form.useForm<{ username?: string; password?: string }>();
  const { restored, onValuesChange } = useFormDraft(form, draftKey, { exclude: ['password'] });
  return (
    <Form form={form} onValuesChange={onValuesChange} initialValues={{ username: '13800000001' }}>
      {restored && <p>已恢复草稿</p>}
      <Form.Item name="username" label="登录账号">
        <Input />
      </Form.Item>
      <Form.Item name="password" label="初始密码">
        <Input />
      </Form.Item>
    </Form>
  );
}

describe('useFormDraft options', () => {
  afterEach(() => vi.useRealTimers());

  it('wins over the initial values, and never keeps an excluded field', async () => {
    const { calls } = mockApi(
      routes({ 'GET /api/auth/draft/detail': ok(draft({ username: 'zhangsan', password: 'leaked1234' })) }),
    );
    render(<AccountStep draftKey="entry:account" />);
    expect(await screen.findByText('已恢复草稿')).toBeInTheDocument();
    expect(screen.getByLabelText('登录账号')).toHaveValue('zhangsan');
    expect(screen.getByLabelText('初始密码')).toHaveValue('');

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'secret123' } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/draft/store')[0]!.body).toEqual({
      key: 'entry:account',
      data: { username: 'zhangsan' },
    });
  });

  it('sends a save still waiting when the form unmounts', async () => {
    const { calls } = mockApi(routes({ 'GET /api/auth/draft/detail': ok(null) }));
    const view = render(<AccountStep draftKey="entry:account" />);
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/draft/detail')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('登录账号'), { target: { value: 'lisi' } });
    expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(0);
    view.unmount();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/draft/store')[0]!.body).toEqual({
      key: 'entry:account',
      data: { username: 'lisi' },
    });
  });

  it('keeps no draft without a key', async () => {
    const { calls } = mockApi(routes());
    render(<AccountStep draftKey={null} />);
    fireEvent.change(screen.getByLabelText('登录账号'), { target: { value: 'lisi' } });
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 100));
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('已恢复草稿')).not.toBeInTheDocument();
  });
});
