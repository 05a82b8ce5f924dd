import { Flex } from 'antd';
import type { Paged } from '../lib/api-client';
import { ListTable, type ListTableProps } from './list-table';
import { Pagination } from './pagination';

/** The page a list shows (1-based) and its page size. */
export interface Paging {
  page: number;
  limit: number;
}

interface PagedTableProps<Row> extends Omit<ListTableProps<Row>, 'dataSource' | 'loading'> {
  /** The list query: the page it has and whether it is asking (the table spins meanwhile). */
  list: { data?: Paged<Row>; isFetching: boolean };
  paging: Paging;
  /** Another page or page size was chosen. */
  onPaging(paging: Paging): void;
}

/**
 * A list page's `ListTable` (cards on a phone) with the shared page control under it, both siblings in the
 * caller's layout.
 */
export function PagedTable<Row extends object>({ list, paging, onPaging, ...table }: PagedTableProps<Row>) {
  return (
    <Flex vertical gap={16}>
      <ListTable<Row> {...table} dataSource={list.data?.data ?? []} loading={list.isFetching} />
      <Pagination
        page={paging.page}
        limit={paging.limit}
        total={list.data?.total ?? 0}
        onChange={(page, limit) => onPaging({ page, limit })}
      />
    </Flex>
  );
}
