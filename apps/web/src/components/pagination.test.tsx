import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackBridge } from '../lib/feedback-bridge';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { scrollToTop } from '../lib/scroll-to-top';
import type * as ScrollToTopModule from '../lib/scroll-to-top';
import { viewportWidth } from '../test/viewport';
import { Pagination } from './pagination';
import type { PaginationProps } from './pagination';

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

vi.mock('../lib/scroll-to-top', async (importOriginal) => ({
  ...(await importOriginal<typeof ScrollToTopModule>()),
  scrollToTop: vi.fn(),
}));

function renderPagination(props: Partial<PaginationProps> = {}) {
  const onChange = vi.fn<PaginationProps['onChange']>();
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()}>
      <Pagination page={1} total={95} onChange={onChange} {...props} />
    </Providers>,
  );
  return { onChange, user };
}

/** The size changer is the pagination's only select. */
const sizeChanger = () => document.querySelector<HTMLElement>('.ant-pagination-options .ant-select')!;

describe('Pagination', () => {
  beforeEach(() => {
    vi.mocked(scrollToTop).mockClear();
  });

  it('shows the total and 20 rows a page by default', () => {
    renderPagination();

    expect(screen.getByText('共 95 条')).toBeInTheDocument();
    expect(within(sizeChanger()).getByText('20 条/页')).toBeInTheDocument();
    // 95 rows of 20: five pages.
    expect(screen.getByTitle('5')).toBeInTheDocument();
    expect(screen.queryByTitle('6')).not.toBeInTheDocument();
  });

  it('translates the total', async () => {
    await i18n.changeLanguage('en');
    renderPagination();
    expect(screen.getByText('Total 95 items')).toBeInTheDocument();
  });

  it('offers the page sizes 10, 20, 30 and 50', async () => {
    const { user } = renderPagination();

    await user.click(within(sizeChanger()).getByRole('combobox'));

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '50 条/页',
    ]);
  });

  it('reports a page change with the page size and scrolls to the top', async () => {
    const { user, onChange } = renderPagination({ limit: 10 });

    await user.click(screen.getByTitle('3'));

    expect(onChange).toHaveBeenCalledExactlyOnceWith(3, 10);
    expect(scrollToTop).toHaveBeenCalledTimes(1);
  });

  it('reports a new page size and scrolls to the top', async () => {
    const { user, onChange } = renderPagination({ page: 2 });

    await user.click(within(sizeChanger()).getByRole('combobox'));
    await user.click(await screen.findByTitle('50 条/页'));

    expect(onChange).toHaveBeenLastCalledWith(2, 50);
    expect(scrollToTop).toHaveBeenCalled();
  });

  it('jumps to a typed page', async () => {
    const { user, onChange } = renderPagination();

    const jumper = screen.getByRole('textbox');
    await user.type(jumper, '4');
    // antd reads the legacy keyCode of the key-up, which user-event does not set.
    fireEvent.keyUp(jumper, { key: 'Enter', keyCode: 13 });

    expect(onChange).toHaveBeenCalledWith(4, 20);
    expect(scrollToTop).toHaveBeenCalled();
  });

  it('on a phone keeps the total and a short pager on one row, without the size changer and jumper', () => {
    viewportWidth(390);
    renderPagination({ total: 608 });

    expect(screen.getByText('共 608 条')).toBeInTheDocument();
    expect(sizeChanger()).toBeNull();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '下一页' })).toBeInTheDocument();
  });
});
