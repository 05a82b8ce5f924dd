import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { useState } from 'react';
import { get, type Paged } from '../lib/api-client';
import { useSearchKeyword } from '../lib/use-search-keyword';

/** What a store picker needs of a row of `GET /api/auth/store/index` (whose fields are camelCase). */
export interface StoreOption {
  id: number;
  code: string;
  name: string;
  /** The store's own node in the department tree. */
  departmentId: number;
}

/** Stores asked for at once: a group may have more, which the search then finds. */
const STORES_PER_SEARCH = 50;

/** The caller's stores whose name or code contains `keyword` (all of them without one), the first 50. */
export const storeOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['stores', 'options', keyword],
    queryFn: async ({ signal }): Promise<StoreOption[]> => {
      const params = { keyword, page: 1, limit: STORES_PER_SEARCH };
      // Silent: a picker that cannot load (the user may not read the stores page's list) only stays
      // empty; it neither toasts nor, for a refused permission, signs the user out of the page they use.
      const answer = await get<Paged<StoreOption>>('/auth/store/index', params, {
        signal,
        silent: true,
      }).catch((error: unknown) => {
        if (!signal.aborted) console.error('stores could not be loaded for the picker', error);
        throw error;
      });
      return answer.data;
    },
    staleTime: 60_000,
    // The stores found before stay listed while the next search is under way.
    placeholderData: keepPreviousData,
  });

export type StoreSelectProps = Omit<
  SelectProps<number>,
  'options' | 'loading' | 'showSearch' | 'filterOption' | 'onSearch'
>;

/**
 * A store of the caller's data scope (value: its id). Typing searches the server by name or code; the
 * chosen store keeps its name while other stores are listed.
 */
export function StoreSelect({ onChange, value, ...props }: StoreSelectProps) {
  const [typed, setTyped, keyword] = useSearchKeyword();
  const [chosen, setChosen] = useState<StoreOption | null>(null);
  const stores = useQuery(storeOptionsQuery(keyword));

  const listed = stores.data ?? [];
  const shown = chosen && chosen.id === value && !listed.some((store) => store.id === chosen.id);
  const options = [...(shown ? [chosen] : []), ...listed].map((store) => ({
    value: store.id,
    label: store.name,
    store,
  }));

  return (
    <Select<number, (typeof options)[number]>
      {...props}
      value={value}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={stores.isFetching}
      options={options}
      onChange={(next, option) => {
        setChosen(option && !Array.isArray(option) ? option.store : null);
        setTyped('');
        onChange?.(next, option);
      }}
    />
  );
}
