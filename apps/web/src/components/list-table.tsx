import { Button, Card, Checkbox, Empty, Flex, Spin, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { isValidElement, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn, ListColumns } from './list-columns';
import styles from './list-table.module.css';
import { usePhone } from './use-phone';

/** What a column without a width (a description taking the rest of the row) needs at the least. */
const FLEXIBLE_COLUMN_WIDTH = 120;
/** antd's column of row checkboxes. */
const SELECTION_COLUMN_WIDTH = 32;
/**
 * A list showing more rows than this (its open groups' rows counted) renders only the rows in sight, in a
 * body of its own height that scrolls: a statistics table of a thousand stores by eleven months is 11,000
 * rows. A paged list never gets there.
 */
const LONG_LIST_ROWS = 200;
/** The scrolling body of a long list: about a screen of rows at 1366 x 768. */
export const LONG_LIST_HEIGHT_PX = 560;
/** A phone shows a long list's cards this many at a time, with a button for the next ones. */
const CARDS_AT_ONCE = 100;

export interface ListTableProps<Row> extends Omit<TableProps<Row>, 'columns' | 'pagination'> {
  /** From `useListColumns`: the table shows the chosen ones, a phone's cards the ones marked `card`. */
  columns: ListColumns<Row>;
  /** On a phone the rows are cards; a list that cannot be one (a tree) keeps its table everywhere. */
  cards?: boolean;
}

/** The key of `row` by the table's `rowKey`. */
function keyOf<Row>(rowKey: TableProps<Row>['rowKey'], row: Row, index: number): Key {
  return typeof rowKey === 'function'
    ? rowKey(row, index)
    : ((row as Record<string, unknown>)[String(rowKey)] as Key);
}

/** The rows a table shows: each row, and the rows of the groups it has open, however deep. */
function shownRowCount<Row>(
  rows: readonly Row[] | undefined,
  rowKey: TableProps<Row>['rowKey'],
  expandable: TableProps<Row>['expandable'],
): number {
  const open = new Set(expandable?.expandedRowKeys ?? []);
  const count = (level: readonly Row[]): number =>
    level.reduce<number>((sum, row, index) => {
      const children = (row as { children?: readonly Row[] }).children;
      const shown =
        Array.isArray(children) && (expandable?.defaultExpandAllRows || open.has(keyOf(rowKey, row, index)));
      return sum + 1 + (shown ? count(children) : 0);
    }, 0);
  return count(rows ?? []);
}

/** The width the shown columns need side by side. */
function widthOf<Row>(columns: readonly ListColumn<Row>[]): number {
  return columns.reduce(
    (sum, column) =>
      sum +
      (typeof column.width === 'number' ? column.width : Number(column.minWidth ?? FLEXIBLE_COLUMN_WIDTH)),
    0,
  );
}

/**
 * A list page's table (docs/web.md "Lists"): the columns the user chose, as wide as the page makes them, in
 * a frame that scrolls sideways only when they do not fit (more columns chosen, a narrow window); then,
 * and only then, the row's name sticks to the left and its actions to the right. On a phone each row is a
 * card: its name, the fields that matter, its actions. Rows are keyed by `id` unless told.
 */
export function ListTable<Row extends object>({
  columns,
  cards = true,
  scroll,
  rowKey = 'id',
  ...table
}: ListTableProps<Row>) {
  const { t } = useTranslation();
  const phone = usePhone();
  const frame = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState<number | null>(null);
  // The frame's width decides whether the columns fit; it changes with the window and the sidebar, not
  // with each render.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setFrameWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = widthOf(columns.shown) + (table.rowSelection ? SELECTION_COLUMN_WIDTH : 0);
  const overflows = frameWidth !== null && width > frameWidth;

  // A table wider than its frame scrolls inside it: keyboard users must be able to reach and scroll that
  // region too (WCAG: scrollable regions are focusable). Its columns' widths say so, or its content (a
  // word longer than its column) makes it so: looked at when the frame, the columns or the rows change.
  const rows = table.dataSource;
  useEffect(() => {
    for (const region of frame.current?.querySelectorAll<HTMLElement>(
      '.ant-table-content, .ant-table-body',
    ) ?? []) {
      if (overflows || region.scrollWidth > region.clientWidth) {
        region.tabIndex = 0;
        region.setAttribute('role', 'region');
        region.setAttribute('aria-label', t('table.scrollRegion'));
      } else {
        region.removeAttribute('tabindex');
        region.removeAttribute('role');
        region.removeAttribute('aria-label');
      }
    }
  }, [overflows, frameWidth, width, rows, phone, t]);

  // antd's measure row (hidden from assistive technology) renders each column's title to measure it, the
  // select-all checkbox among them: a control nobody sees would still take a tab stop. Inert, it takes none.
  useEffect(() => {
    for (const row of frame.current?.querySelectorAll('.ant-table-measure-row') ?? [])
      row.setAttribute('inert', '');
  });

  // Fixed columns are for a table that scrolls: the name stays in view, and so do the row's buttons. Not
  // on a phone, where they would cover most of the table.
  const fix = overflows && !phone;
  const first = columns.shown[0];
  const shown = columns.shown.map(({ choice: _choice, card, ...column }) => {
    if (card === 'actions') return { ...column, fixed: fix ? ('right' as const) : undefined };
    if (card === 'title' && column.key === first?.key)
      return { ...column, fixed: fix ? ('left' as const) : undefined };
    return column;
  });
  const asCards = phone && cards;
  const long = shownRowCount(rows, rowKey, table.expandable) > LONG_LIST_ROWS;
  return (
    <div ref={frame} data-list-table={asCards ? 'cards' : 'table'}>
      {asCards ? (
        <ListCards columns={columns.all} rowKey={rowKey} {...table} />
      ) : (
        <Table<Row>
          rowKey={rowKey}
          size="middle"
          {...table}
          columns={shown}
          scroll={{ x: width, ...(long ? { y: LONG_LIST_HEIGHT_PX } : {}), ...scroll }}
          virtual={long}
          pagination={false}
        />
      )}
    </div>
  );
}

/** The value a column shows for `row`, as its table cell would. */
function cellOf<Row>(column: ListColumn<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex === undefined ? [] : [column.dataIndex].flat();
  const value = path.reduce<unknown>(
    (at, step) => (at === null || at === undefined ? at : (at as Record<string, unknown>)[String(step)]),
    path.length === 0 ? undefined : row,
  );
  const shown: unknown = column.render ? column.render(value, row, index) : value;
  // A render may answer `{ children, props }` (a cell that spans); a card wants its content.
  if (typeof shown === 'object' && shown !== null && !isValidElement(shown) && 'children' in shown)
    return (shown as { children: ReactNode }).children;
  return shown as ReactNode;
}

type CardsProps<Row> = Omit<ListTableProps<Row>, 'columns' | 'cards' | 'scroll'> & {
  columns: readonly ListColumn<Row>[];
};

/** A phone's list: a card per row, in the table's order. */
function ListCards<Row extends object>({
  columns,
  dataSource,
  loading,
  rowKey,
  onRow,
  rowClassName,
  rowSelection,
  locale,
}: CardsProps<Row>) {
  const { t } = useTranslation('components');
  const all = dataSource ?? [];
  // How many cards show: the first CARDS_AT_ONCE of a new list, more at the reader's asking.
  const [asked, setAsked] = useState<{ of: readonly Row[]; limit: number } | null>(null);
  const limit = asked?.of === all ? asked.limit : CARDS_AT_ONCE;
  const rows = all.slice(0, limit);
  const next = Math.min(CARDS_AT_ONCE, all.length - rows.length);
  const title = columns.find((column) => column.card === 'title');
  const fields = columns.filter((column) => column.card === 'field');
  const actions = columns.find((column) => column.card === 'actions');
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const select = (key: Key, checked: boolean) => {
    const keys = all
      .map((row, index) => keyOf(rowKey, row, index))
      .filter((each) => (each === key ? checked : selected.has(each)));
    const chosen = all.filter((row, index) => keys.includes(keyOf(rowKey, row, index)));
    rowSelection?.onChange?.(keys, chosen, { type: 'single' });
  };

  return (
    <Spin spinning={typeof loading === 'object' ? loading.spinning : Boolean(loading)}>
      {all.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={locale?.emptyText as ReactNode} />
      ) : (
        <Flex vertical gap={8} role="list">
          {rows.map((row, index) => {
            const key = keyOf(rowKey, row, index);
            const name = title ? cellOf(title, row, index) : null;
            const rowProps = onRow?.(row, index);
            const className = typeof rowClassName === 'function' ? rowClassName(row, index, 0) : rowClassName;
            return (
              <Card
                key={key}
                size="small"
                role="listitem"
                className={[styles.card, className].filter(Boolean).join(' ')}
                onClick={rowProps?.onClick}
                style={rowProps?.style}
                data-row-key={key}
              >
                <Flex justify="space-between" align="start" gap={8}>
                  <div className={styles.title}>{name}</div>
                  {rowSelection && (
                    <Checkbox
                      checked={selected.has(key)}
                      aria-label={t('listCards.select')}
                      onClick={(event) => event.stopPropagation()}
                      onChange={(event) => select(key, event.target.checked)}
                    />
                  )}
                </Flex>
                {fields.length > 0 && (
                  <dl className={styles.fields}>
                    {fields.map((field) => (
                      <div key={field.key} className={styles.field}>
                        <dt>
                          <Typography.Text type="secondary">{field.title}</Typography.Text>
                        </dt>
                        <dd>{cellOf(field, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {actions && <div className={styles.actions}>{cellOf(actions, row, index)}</div>}
              </Card>
            );
          })}
        </Flex>
      )}
      {/* After the list, not in it: a list holds its items only. */}
      {next > 0 && (
        <Button
          block
          style={{ marginBlockStart: 8 }}
          onClick={() => setAsked({ of: all, limit: limit + CARDS_AT_ONCE })}
        >
          {t('listCards.more', { next, total: all.length })}
        </Button>
      )}
    </Spin>
  );
}
