import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addErrorLog, clearErrorLog, getErrorLog } from '../../lib/error-log';
import { FeedbackBridge } from '../../lib/feedback-bridge';
import { browser } from '../../lib/navigation';
import { createQueryClient } from '../../lib/query-client';
import { AppErrorBoundary } from './app-error-boundary';
import { ErrorLogButton } from './error-log-button';

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

afterEach(() => {
  clearErrorLog();
});

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('组件渲染失败');
  return <p>页面内容</p>;
}

function renderInApp(ui: ReactNode) {
  const user = userEvent.setup();
  const view = render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);
  return { ...view, user };
}

describe('AppErrorBoundary', () => {
  it('records the error with its component stack and offers a reload', async () => {
    // React reports the caught error on the console as well.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { user } = renderInApp(
      <AppErrorBoundary>
        <Bomb explode />
      </AppErrorBoundary>,
    );

    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(screen.queryByText('页面内容')).not.toBeInTheDocument();
    const [entry] = getErrorLog();
    expect(entry).toMatchObject({
      error: { message: '组件渲染失败' },
      component: 'Bomb',
      url: window.location.href,
    });
    expect(entry!.error.stack).toContain('组件渲染失败');
    expect(entry!.info).toMatch(/Bomb[\s\S]*AppErrorBoundary/);

    await user.click(screen.getByRole('button', { name: '刷新页面' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the page again when its reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <AppErrorBoundary resetKey="/staff/list">
        <Bomb explode />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();

    rerender(
      <AppErrorBoundary resetKey="/staff/payroll">
        <Bomb explode={false} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('页面内容')).toBeInTheDocument();
  });
});

describe('ErrorLogButton', () => {
  it('is absent while the log is empty', () => {
    renderInApp(<ErrorLogButton />);
    expect(screen.queryByRole('button', { name: '错误日志' })).not.toBeInTheDocument();
  });

  it('shows the number of errors, lists them in a dialog, and Clear All empties the log', async () => {
    const { user } = renderInApp(<ErrorLogButton />);
    const error = new Error('Cannot read properties of undefined');
    act(() => {
      addErrorLog(error, { component: 'StaffList', info: '\n    at StaffList\n    at main' });
      addErrorLog(new Error('第二个错误'));
    });

    const button = screen.getByRole('button', { name: '错误日志' });
    expect(screen.getByText('2')).toBeInTheDocument();
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: '错误日志' });
    for (const header of ['错误信息', '组件信息', '页面地址', '错误堆栈']) {
      expect(within(dialog).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Cannot read properties of undefined')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('StaffList')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(window.location.href)).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('查看堆栈')[0]).toBeInTheDocument();
    expect(rows[0]!.querySelector('pre')?.textContent).toContain('at StaffList');
    expect(within(rows[1]!).getByText('第二个错误')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '清空' }));

    expect(getErrorLog()).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('button', { name: '错误日志' })).not.toBeInTheDocument());
  });
});
