import { Table } from 'antd';
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
  return (
    <>
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
    </>
  );
}
