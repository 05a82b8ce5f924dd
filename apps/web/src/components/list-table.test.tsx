import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { viewportWidth } from '../test/viewport';
import { useListColumns } from './list-columns';
import { ListTable } from './list-table';

interface Person {
  id: number;
  name: string;
  phone: string;
  store: string;
  note: string;
}

const people: Person[] = [
  { id: 1, name: '张三', phone: '13800000001', store: '朝阳店', note: '老员工' },
  { id: 2, name: '李四', phone: '13800000002', store: '浦东店', note: '新员工' },
];

/** A list of people: the name, phone and store shown (the store may be hidden), a note only when chosen. */
function People({ onEdit = () => {} }: { onEdit?(person: Person): void }) {
  const columns = useListColumns<Person>('people', [
    { title: '姓名', key: 'name', dataIndex: 'name', width: 100, card: 'title' },
    { title: '手机号码', key: 'phone', dataIndex: 'phone', width: 120, card: 'field' },
    { title: '门店', key: 'store', dataIndex: 'store', width: 120, choice: 'default', card: 'field' },
    { title: '备注', key: 'note', dataIndex: 'note', width: 200, choice: 'optional' },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_value, person) => (
        <Button type="link" size="small" onClick={() => onEdit(person)}>
          编辑
        </Button>
      ),
    },
  ]);
  return (
    <>
      {columns.setting}
      <ListTable<Person> columns={columns} dataSource={people} />
    </>
  );
}

function renderPeople(onEdit?: (person: Person) => void) {
  return render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <People onEdit={onEdit} />
      </App>
    </ConfigProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const frame = () => document.querySelector<HTMLElement>('[data-list-table]')!;

describe('ListTable with useListColumns', () => {
  it('shows the default columns, and remembers the ones chosen in the column setting', async () => {
    const user = userEvent.setup();
    const first = renderPeople();
    expect(headers()).toEqual(['姓名', '手机号码', '门店', '操作']);

    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const checklist = await screen.findByRole('group', { name: '列设置' });
    // Every column is listed; those always shown cannot be unchecked.
    expect(within(checklist).getByRole('checkbox', { name: '姓名' })).toBeDisabled();
    expect(within(checklist).getByRole('checkbox', { name: '姓名' })).toBeChecked();
    expect(within(checklist).queryByRole('checkbox', { name: '操作' })).not.toBeInTheDocument();
    await user.click(within(checklist).getByRole('checkbox', { name: '备注' }));
    await user.click(within(checklist).getByRole('checkbox', { name: '门店' }));
    expect(headers()).toEqual(['姓名', '手机号码', '备注', '操作']);
    expect(JSON.parse(window.localStorage.getItem('listColumns:people')!)).toEqual({
      note: true,
      store: false,
    });

    // Another visit of the page: the choice holds.
    first.unmount();
    renderPeople();
    expect(headers()).toEqual(['姓名', '手机号码', '备注', '操作']);
    expect(screen.getByText('老员工')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /列设置/ }));
    await user.click(await screen.findByRole('button', { name: '恢复默认' }));
    expect(headers()).toEqual(['姓名', '手机号码', '门店', '操作']);
    expect(window.localStorage.getItem('listColumns:people')).toBeNull();
  });

  it('keeps the select-all checkbox antd copies into its hidden measure row out of the tab order', () => {
    render(
      <ListTable<Person>
        columns={{
          shown: [{ title: '姓名', key: 'name', dataIndex: 'name', width: 100 }],
          all: [],
          setting: null,
        }}
        dataSource={people}
        rowSelection={{ selectedRowKeys: [] }}
      />,
    );
    const measured = document.querySelector('.ant-table-measure-row')!;
    expect(measured.querySelector('input[type="checkbox"]')).not.toBeNull();
    expect(measured).toHaveAttribute('inert');
    expect(screen.getAllByRole('checkbox', { name: /全选|Select all/i })).toHaveLength(1);
  });

  it('starts from the defaults when the saved choice is not one', () => {
    window.localStorage.setItem('listColumns:people', '[1, 2]');
    renderPeople();
    expect(headers()).toEqual(['姓名', '手机号码', '门店', '操作']);
  });

  describe('in a frame of a measured width', () => {
    /** The observers created, with what they watch: a test resizes the list's frame through them. */
    const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];

    beforeEach(() => {
      observers.length = 0;
      vi.stubGlobal(
        'ResizeObserver',
        class {
          private readonly entry: { callback: ResizeObserverCallback; targets: Element[] };
          constructor(callback: ResizeObserverCallback) {
            this.entry = { callback, targets: [] };
            observers.push(this.entry);
          }
          observe(target: Element) {
            this.entry.targets.push(target);
          }
          unobserve() {}
          disconnect() {
            this.entry.targets = [];
          }
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    const resizeFrame = (width: number) =>
      act(() => {
        for (const { callback, targets } of observers) {
          if (!targets.includes(frame())) continue;
          const entry = { target: frame(), contentRect: { width } } as unknown as ResizeObserverEntry;
          callback([entry], {} as ResizeObserver);
        }
      });
    const fixedHeaders = () =>
      screen
        .getAllByRole('columnheader')
        .filter((header) => header.classList.contains('ant-table-cell-fix'))
        .map((header) => header.textContent);
    const scrollRegion = () => frame().querySelector('.ant-table-content')!;

    it('fixes the name and the actions only while the columns do not fit, and lets the keyboard scroll then', () => {
      renderPeople();
      // 420 px of columns.
      resizeFrame(1000);
      expect(fixedHeaders()).toEqual([]);
      expect(scrollRegion()).not.toHaveAttribute('tabindex');

      resizeFrame(300);
      expect(fixedHeaders()).toEqual(['姓名', '操作']);
      expect(scrollRegion()).toHaveAttribute('tabindex', '0');
      expect(scrollRegion()).toHaveAttribute('role', 'region');
      expect(scrollRegion()).toHaveAttribute('aria-label', '表格内容（可左右滚动）');

      resizeFrame(420);
      expect(fixedHeaders()).toEqual([]);
      expect(scrollRegion()).not.toHaveAttribute('tabindex');
      expect(scrollRegion()).not.toHaveAttribute('role');
    });
  });

  it('shows each row as a card on a phone: the name, the fields that matter and the actions', async () => {
    viewportWidth(390);
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderPeople(onEdit);

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Nothing to choose on a phone: the cards show what the list marks for them.
    expect(screen.queryByRole('button', { name: /列设置/ })).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const zhang = cards[0]!;
    expect(within(zhang).getByText('张三')).toBeInTheDocument();
    expect(within(zhang).getByText('手机号码')).toBeInTheDocument();
    expect(within(zhang).getByText('13800000001')).toBeInTheDocument();
    expect(within(zhang).getByText('朝阳店')).toBeInTheDocument();
    expect(within(zhang).queryByText('老员工')).not.toBeInTheDocument();
    await user.click(within(cards[1]!).getByRole('button', { name: '编辑' }));
    expect(onEdit).toHaveBeenCalledWith(people[1]);
  });

  describe('a long list', () => {
    interface Line {
      key: string;
      name: string;
      children?: Line[];
    }
    const linesOf = (count: number, prefix = 'row'): Line[] =>
      Array.from({ length: count }, (_, index) => ({
        key: `${prefix}-${index + 1}`,
        name: `${prefix} ${index + 1}`,
      }));

    function Lines({ rows, open }: { rows: Line[]; open?: string[] }) {
      const columns = useListColumns<Line>('lines', [
        { title: '名称', key: 'name', dataIndex: 'name', width: 200, card: 'title' },
      ]);
      return (
        <ListTable<Line>
          rowKey="key"
          columns={columns}
          dataSource={rows}
          expandable={open ? { expandedRowKeys: open } : undefined}
        />
      );
    }
    const virtual = () => document.querySelector('.ant-table-tbody-virtual');

    it('renders only the rows in sight once it shows more than 200 rows', () => {
      const { rerender } = render(<Lines rows={linesOf(200)} />);
      expect(virtual()).toBeNull();
      expect(document.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(200);
      rerender(<Lines rows={linesOf(201)} />);
      expect(virtual()).not.toBeNull();
      expect(document.querySelectorAll('.ant-table-row').length).toBeLessThan(201);
    });

    it('counts the rows of the groups it has open, not of those folded', () => {
      const periods = Array.from({ length: 10 }, (_, index) => ({
        key: `period-${index + 1}`,
        name: `period ${index + 1}`,
        children: linesOf(25, `period-${index + 1}-store`),
      }));
      const { rerender } = render(<Lines rows={periods} open={[]} />);
      expect(virtual()).toBeNull();
      // Seven periods open: 10 + 7 x 25 = 185 rows; eight: 210.
      const keys = periods.map((period) => period.key);
      rerender(<Lines rows={periods} open={keys.slice(0, 7)} />);
      expect(virtual()).toBeNull();
      rerender(<Lines rows={periods} open={keys.slice(0, 8)} />);
      expect(virtual()).not.toBeNull();
    });

    it('on a phone shows its cards a hundred at a time, and the next ones when asked', async () => {
      viewportWidth(390);
      const user = userEvent.setup();
      const { rerender } = render(<Lines rows={linesOf(250)} />);
      const cards = () => within(screen.getByRole('list')).getAllByRole('listitem');
      expect(cards()).toHaveLength(100);
      // The button follows the list: a list holds its items only.
      expect(within(screen.getByRole('list')).queryByRole('button', { name: /再显示/ })).toBeNull();
      await user.click(screen.getByRole('button', { name: '再显示 100 条（共 250 条）' }));
      expect(cards()).toHaveLength(200);
      expect(cards()[199]).toHaveTextContent('row 200');
      await user.click(screen.getByRole('button', { name: '再显示 50 条（共 250 条）' }));
      expect(cards()).toHaveLength(250);
      expect(screen.queryByRole('button', { name: /再显示/ })).not.toBeInTheDocument();
      // Another list starts again from its first hundred.
      rerender(<Lines rows={linesOf(150, 'other')} />);
      expect(cards()).toHaveLength(100);
      expect(screen.getByRole('button', { name: '再显示 50 条（共 150 条）' })).toBeInTheDocument();
    });
  });
});
