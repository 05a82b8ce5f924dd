import { Table } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableProps } from 'antd';
import type { Paged } from '../lib/api-client';
import { Pagination } from './pagination';

/** The page a list shows (1-based) and its page size. */
export interface Paging {
  page: number;
  limit: number;
}

interface PagedTableProps<Row> extends Omit<TableProps<Row>, 'dataSource' | 'loading' | 'pagination'> {
  /** The list query: the page it has and whether it is asking (the table spins meanwhile). */
  list: { data?: Paged<Row>; isFetching: boolean };
  paging: Paging;
  /** Another page or page size was chosen. */
  onPaging(paging: Paging): void;
}

/**
 * A list page's table with the shared page control under it (not the table's own), both siblings in the
 * caller's layout. Rows are keyed by `id` unless told.
 */
export function PagedTable<Row extends object>({ list, paging, onPaging, ...table }: PagedTableProps<Row>) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  // A table wider than the screen scrolls inside itself: keyboard users must be able to reach and scroll
  // that region too (WCAG: scrollable regions are focusable). Checked after every render, as data changes.
  useEffect(() => {
    for (const region of frame.current?.querySelectorAll<HTMLElement>(
      '.ant-table-content, .ant-table-body',
    ) ?? []) {
      const scrolls = region.scrollWidth > region.clientWidth;
      if (scrolls && !region.hasAttribute('tabindex')) {
        region.tabIndex = 0;
        region.setAttribute('role', 'region');
        region.setAttribute('aria-label', t('table.scrollRegion'));
      }
    }
  });
  return (
    <div ref={frame}>
      <Table<Row>
        rowKey="id"
        size="middle"
        {...table}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        pagination={false}
      />
      <Pagination
        page={paging.page}
        limit={paging.limit}
        total={list.data?.total ?? 0}
        onChange={(page, limit) => onPaging({ page, limit })}
      />
    </div>
  );
}
