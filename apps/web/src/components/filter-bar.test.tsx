import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { viewportWidth } from '../test/viewport';
import { FilterBar, FilterField, TextFilter } from './filter-bar';

interface Values {
  keyword?: string;
  code?: string;
}

const searchButton = () => screen.getByRole('button', { name: /^搜\s?索$/ });
const resetButton = () => screen.getByRole('button', { name: /^重\s?置$/ });
/** A clearable antd input carries its size on the wrapper around it. */
const boxOf = (input: HTMLElement) => input.closest('.ant-input-affix-wrapper');

/** A compact bar of a keyword (160 px) and a code. */
const renderCompact = (onSearch: (values: Partial<Values>) => void) =>
  render(
    <FilterBar<Values> name="probe-filters" onSearch={onSearch}>
      <TextFilter name="keyword" label="姓名或手机号" width={160} />
      <FilterField name="code" label="编码">
        {(control) => <Input {...control} />}
      </FilterField>
    </FilterBar>,
  );

describe('FilterBar', () => {
  it('names a compact filter by its placeholder, searches with the values and resets to none', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn<(values: Partial<Values>) => void>();
    renderCompact(onSearch);

    const keyword = screen.getByRole('textbox', { name: '姓名或手机号' });
    expect(keyword).toHaveAttribute('placeholder', '姓名或手机号');
    expect(boxOf(keyword)).toHaveStyle({ width: '160px' });
    expect(screen.getByRole('textbox', { name: '编码' })).toHaveAttribute('id', 'probe-filters_code');

    await user.type(keyword, '张');
    await user.click(searchButton());
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: '张', code: undefined });

    await user.click(resetButton());
    expect(screen.getByRole('textbox', { name: '姓名或手机号' })).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith({});
  });

  it('shows a labelled filter’s label beside it and its own placeholder inside', () => {
    render(
      <FilterBar<Values> name="probe-filters" onSearch={() => {}} labelled shrink>
        <TextFilter name="keyword" label="用户" placeholder="用户名或姓名" width={160} />
      </FilterBar>,
    );

    const keyword = screen.getByLabelText('用户');
    expect(keyword).toHaveAttribute('placeholder', '用户名或姓名');
    expect(keyword).not.toHaveAttribute('aria-label');
    expect(boxOf(keyword)).toHaveStyle({ width: '160px', maxWidth: '100%' });
  });

  describe('on a phone', () => {
    const filtersButton = () => screen.getByRole('button', { name: /^筛选/ });
    const drawer = () => screen.getByRole('dialog', { name: '筛选' });

    it('folds the filters behind 筛选, which counts the ones searched with', async () => {
      viewportWidth(390);
      const user = userEvent.setup();
      const onSearch = vi.fn<(values: Partial<Values>) => void>();
      renderCompact(onSearch);
      // One button instead of the fields.
      expect(filtersButton()).toHaveAccessibleName('筛选');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

      await user.click(filtersButton());
      // In the drawer each field has its label above it.
      await user.type(within(drawer()).getByLabelText('姓名或手机号'), '张');
      await user.type(within(drawer()).getByLabelText('编码'), 'E1');
      await user.click(within(drawer()).getByRole('button', { name: /^搜\s?索$/ }));
      expect(onSearch).toHaveBeenLastCalledWith({ keyword: '张', code: 'E1' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(filtersButton()).toHaveAccessibleName('筛选（已设 2 项）');
      expect(document.querySelector('.ant-badge-count')).toHaveTextContent('2');

      // Closed without a search: the filters stay the ones the list was searched with.
      await user.click(filtersButton());
      await user.clear(within(drawer()).getByLabelText('编码'));
      await user.click(within(drawer()).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(filtersButton()).toHaveAccessibleName('筛选（已设 2 项）');
      expect(onSearch).toHaveBeenCalledTimes(1);

      await user.click(filtersButton());
      expect(within(drawer()).getByLabelText('编码')).toHaveValue('E1');
      await user.click(within(drawer()).getByRole('button', { name: /^重\s?置$/ }));
      expect(onSearch).toHaveBeenLastCalledWith({});
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(filtersButton()).toHaveAccessibleName('筛选');
      // The count leaves (once its zoom is over).
      await waitFor(() => expect(document.querySelector('.ant-badge-count')).not.toBeInTheDocument());
    });
  });
});
