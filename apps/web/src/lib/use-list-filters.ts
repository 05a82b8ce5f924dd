import { useState, type Dispatch, type SetStateAction } from 'react';
import { DEFAULT_PAGE_SIZE } from '@dealer-hr/shared/constants';
import type { Paging } from '../components/paged-table';

/**
 * What a filter form gave, as the list query takes it: text trimmed, and a field left empty ('' or a
 * cleared select's null or undefined) not there at all, so "no filter" is one query key and no query
 * parameter. Anything else is kept as it is, a number 0 and `false` too.
 */
export function withoutEmpty<Values extends object>(values: Values): Partial<Values> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values) as [string, unknown][]) {
    const cleaned = typeof value === 'string' ? value.trim() : value;
    if (cleaned !== '' && cleaned !== null && cleaned !== undefined) kept[key] = cleaned;
  }
  // Only `values`' own keys, each with its value or that string trimmed.
  return kept as Partial<Values>;
}

export interface ListFilters<Filters, Values> {
  /** The filters the list is asked with. */
  filters: Filters;
  paging: Paging;
  /** Another page or page size (the paged table's `onPaging`). */
  setPaging: Dispatch<SetStateAction<Paging>>;
  /** New filters from what the user chose; the list starts again at page 1, keeping the page size. */
  search(values: Values): void;
}

/**
 * A list page's filters and paging. A new search goes back to page 1: the page the user was on may not
 * exist in the new result.
 *
 * Without arguments the form's values become the filters through {@link withoutEmpty}. A page whose
 * filters are not its form's values (a date range sent as `from` and `to`, a single value) passes its own
 * `toFilters` and the filters it starts with.
 */
export function useListFilters<Values extends object>(): ListFilters<Partial<Values>, Values>;
export function useListFilters<Filters, Values>(
  toFilters: (values: Values) => Filters,
  // The filters' type is what `toFilters` gives: a start of `{}` does not widen it.
  initial: NoInfer<Filters>,
): ListFilters<Filters, Values>;
export function useListFilters<Filters, Values>(
  toFilters: (values: Values) => Filters = withoutEmpty as (values: Values) => Filters,
  initial: Filters = {} as Filters,
): ListFilters<Filters, Values> {
  const [filters, setFilters] = useState(initial);
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const search = (values: Values) => {
    setFilters(toFilters(values));
    setPaging((current) => ({ ...current, page: 1 }));
  };
  return { filters, paging, setPaging, search };
}
