import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { get } from '../lib/api-client';
import { FeedbackBridge } from '../lib/feedback-bridge';
import { createQueryClient } from '../lib/query-client';
import { fail, mockApi, ok } from '../test/mock-api';
import type { ApiCall } from '../test/mock-api';
import { DetailDialog, dictionaryField, useDetailDialog } from './detail-dialog';
import type { DetailField } from './detail-dialog';

/** The app's providers as a page sees them (components/ may not import app/): query cache, Chinese antd. */
function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <App>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

interface StaffRow {
  id: number;
  name: string;
}

interface StaffDetail {
  id: number;
  name: string;
  id_type_id: number | null;
}

const rows: StaffRow[] = [
  { id: 7, name: '李娜' },
  { id: 8, name: '王强' },
];

const details: Record<string, StaffDetail> = {
  7: { id: 7, name: '李娜', id_type_id: 102 },
  8: { id: 8, name: '王强', id_type_id: 101 },
};

const idCards = ok({
  [String(DictType.ID_CARD)]: [
    { id: 101, name: '居民身份证' },
    { id: 102, name: '护照' },
  ],
});

const loadStaff = (row: StaffRow, signal: AbortSignal) =>
  get<StaffDetail>('/auth/staff/detail', { id: row.id }, { signal, silent: true });

const fields: DetailField<StaffDetail>[] = [
  { key: 'name', label: '姓名', render: (detail) => detail.name },
  // The example of docs/web.md "Detail dialog state": the identity-card type named from dictionary 21.
  dictionaryField('idType', '证件类型', DictType.ID_CARD, (detail) => detail.id_type_id),
];

function StaffList() {
  const dialog = useDetailDialog<StaffRow, StaffDetail>({
    load: loadStaff,
    dictionaryTypeIds: [DictType.ID_CARD],
  });
  return (
    <>
      {rows.map((row) => (
        <button key={row.id} type="button" onClick={() => dialog.open(row)}>
          查看{row.name}
        </button>
      ))}
      <DetailDialog dialog={dialog} fields={fields} title="员工详情" />
    </>
  );
}

const pathsOf = (calls: ApiCall[]) => calls.map((call) => call.url.pathname + call.url.search);

function renderList() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()}>
      <StaffList />
    </Providers>,
  );
  return { user };
}

describe('DetailDialog', () => {
  it('loads the record of the row and names its identity-card type from dictionary 21', async () => {
    const { calls } = mockApi({
      'GET /api/auth/staff/detail': (call) => ok(details[call.url.searchParams.get('id') ?? '']),
      'GET /api/auth/dictionarie/data': idCards,
    });
    const { user } = renderList();
    // The dictionary waits for the first opening.
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '查看李娜' }));

    const dialog = await screen.findByRole('dialog', { name: '员工详情' });
    expect(await within(dialog).findByText('护照')).toBeInTheDocument();
    expect(within(dialog).getByText('李娜')).toBeInTheDocument();
    expect(within(dialog).getByText('证件类型')).toBeInTheDocument();

    // (jsdom never ends the leave animation: the closed dialog stays in the DOM and opens again.)
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await user.click(screen.getByRole('button', { name: '查看王强' }));
    expect(await within(dialog).findByText('居民身份证')).toBeInTheDocument();
    expect(within(dialog).getByText('王强')).toBeInTheDocument();
    expect(within(dialog).queryByText('李娜')).not.toBeInTheDocument();
    // The dictionary came from the cache the second time.
    expect(pathsOf(calls).sort()).toEqual([
      '/api/auth/dictionarie/data?type_ids=21',
      '/api/auth/staff/detail?id=7',
      '/api/auth/staff/detail?id=8',
    ]);
  });

  it('only logs a failed load: no message, nothing to show', async () => {
    mockApi({
      'GET /api/auth/staff/detail': fail(500, '服务器内部错误，请稍后再试', 500),
      'GET /api/auth/dictionarie/data': idCards,
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderList();

    await user.click(screen.getByRole('button', { name: '查看李娜' }));

    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('record detail could not be loaded', expect.anything()),
    );
    const dialog = screen.getByRole('dialog', { name: '员工详情' });
    expect(within(dialog).queryByText('李娜')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('证件类型')).not.toBeInTheDocument();
    // antd's empty state (its picture is titled with the same text).
    expect((await within(dialog).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByText('服务器内部错误，请稍后再试')).not.toBeInTheDocument();
  });
});

describe('useDetailDialog', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={createQueryClient()}>{children}</Providers>
  );

  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  it('opens with the row, keeps only a detail that has an id, and closes', async () => {
    const answers = [deferred<Partial<StaffDetail>>(), deferred<Partial<StaffDetail>>()];
    const load = vi.fn((_row: StaffRow) => answers[load.mock.calls.length - 1]!.promise);
    const { result } = renderHook(() => useDetailDialog<StaffRow, Partial<StaffDetail>>({ load }), {
      wrapper,
    });
    expect(result.current).toMatchObject({ visible: false, loading: false, row: null, detail: null });

    act(() => result.current.open(rows[0]!));
    expect(result.current).toMatchObject({ visible: true, loading: true, row: rows[0], detail: null });
    expect(load).toHaveBeenCalledWith(rows[0], expect.any(AbortSignal));

    await act(async () => answers[0]!.resolve({ name: '李娜' }));
    expect(result.current).toMatchObject({ visible: true, loading: false, detail: null });

    act(() => result.current.open(rows[1]!));
    await act(async () => answers[1]!.resolve(details[8]!));
    expect(result.current.detail).toEqual(details[8]);

    act(() => result.current.close());
    expect(result.current).toMatchObject({ visible: false, loading: false, row: null });
  });

  it('ignores the answer for a row that is no longer shown', async () => {
    const answers = [deferred<StaffDetail>(), deferred<StaffDetail>()];
    const signals: AbortSignal[] = [];
    const load = vi.fn((_row: StaffRow, signal: AbortSignal) => {
      signals.push(signal);
      return answers[signals.length - 1]!.promise;
    });
    const { result } = renderHook(() => useDetailDialog<StaffRow, StaffDetail>({ load }), { wrapper });

    act(() => result.current.open(rows[0]!));
    act(() => result.current.open(rows[1]!));
    expect(signals[0]!.aborted).toBe(true);
    await act(async () => answers[1]!.resolve(details[8]!));
    await act(async () => answers[0]!.resolve(details[7]!));

    expect(result.current.row).toEqual(rows[1]);
    expect(result.current.detail).toEqual(details[8]);
  });
});
