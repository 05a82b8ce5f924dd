import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar, FilterField, TextFilter } from './filter-bar';

interface Values {
  keyword?: string;
  code?: string;
}

const searchButton = () => screen.getByRole('button', { name: /^搜\s?索$/ });
const resetButton = () => screen.getByRole('button', { name: /^重\s?置$/ });
/** A clearable antd input carries its size on the wrapper around it. */
const boxOf = (input: HTMLElement) => input.closest('.ant-input-affix-wrapper');

describe('FilterBar', () => {
  it('names a compact filter by its placeholder, searches with the values and resets to none', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn<(values: Partial<Values>) => void>();
    render(
      <FilterBar<Values> name="probe-filters" onSearch={onSearch}>
        <TextFilter name="keyword" label="姓名或手机号" width={160} />
        <FilterField name="code" label="编码">
          {(control) => <Input {...control} />}
        </FilterField>
      </FilterBar>,
    );

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
});
