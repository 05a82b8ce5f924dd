import { Pagination as AntPagination } from 'antd';
import type { PaginationProps as AntPaginationProps, TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@dealer-hr/shared/constants';
import { scrollToTop } from '../lib/scroll-to-top';
import { usePhone } from './use-phone';
import styles from './pagination.module.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  limit?: number;
  total: number;
  /** Both values after any change; a new page size keeps the page when it still exists. */
  onChange(page: number, limit: number): void;
  disabled?: boolean;
  /** Placement of the control in its row; lists put it at the end (right). */
  align?: AntPaginationProps['align'];
}

const pageSizeOptions = [...PAGE_SIZES];

/**
 * The parts of the shared page control (docs/web.md "Constants and limits"): sizes 10/20/30/50, the total, a
 * size changer and a quick jumper. A phone's row holds the total and a short pager: with the size changer and
 * the jumper beside them the total was squeezed into a column of 共 / 608 / 条.
 */
function usePageControl() {
  const { t } = useTranslation('components');
  const phone = usePhone();
  return {
    className: styles.pagination,
    pageSizeOptions,
    showSizeChanger: !phone,
    showQuickJumper: !phone,
    showLessItems: phone,
    size: phone ? ('small' as const) : undefined,
    showTotal: (count: number) => t('pagination.total', { total: count }),
  };
}

/**
 * The shared page control of every list, default 20 rows a page. antd fixes the order of its parts (total,
 * pager, sizes, jumper), which differs from the shared `PAGINATION_LAYOUT` only in where the size changer
 * sits.
 */
export function Pagination({
  page,
  limit = DEFAULT_PAGE_SIZE,
  total,
  onChange,
  disabled,
  align = 'end',
}: PaginationProps) {
  const control = usePageControl();
  return (
    <AntPagination
      {...control}
      current={page}
      pageSize={limit}
      total={total}
      disabled={disabled}
      align={align}
      onChange={(nextPage, nextLimit) => {
        onChange(nextPage, nextLimit);
        // The new rows replace the old ones in place; the reader starts again at the top of the list.
        scrollToTop();
      }}
    />
  );
}

/**
 * The same control for a table that pages rows it already holds (the vacancy grid, an import's report)
 * rather than asking the server for each page: antd's own default would be 10 rows and other sizes. In a
 * dialog the page behind stays where it is.
 */
export function useRowsPagination({ inDialog = false } = {}): TablePaginationConfig {
  return {
    ...usePageControl(),
    defaultPageSize: DEFAULT_PAGE_SIZE,
    onChange: () => {
      if (!inDialog) scrollToTop();
    },
  };
}
