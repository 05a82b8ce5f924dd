import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '../../components/dictionary-select';
import { del, get, post, put, type Paged } from '../../lib/api-client';

/** A row of `GET /api/auth/dictionaries`. */
export interface DictionaryType {
  id: number;
  code: string;
  name: string;
  description: string;
  item_count: number;
  enabled_count: number;
  /** Seeded with the product: cannot be deleted. */
  is_system: boolean;
  created_at: string;
  updated_at: string;
}

/** A row of `GET /api/auth/dictionarie/data/index`. */
export interface DictionaryEntry {
  id: number;
  type_id: number;
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
  /** A record refers to it: it can only be disabled. */
  in_use: boolean;
  /** Seeded with the product: its code is fixed and it can only be disabled. */
  is_system: boolean;
  created_at: string;
  updated_at: string;
}

export interface TypeFilters {
  name?: string;
  code?: string;
}

export interface TypeFields {
  code: string;
  name: string;
  description: string;
}

export interface EntryFields {
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
}

/** Everything this page caches lives under this key. */
export const DICTIONARIES_KEY = 'systemDictionaries';

export const typeListQuery = (params: TypeFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [DICTIONARIES_KEY, 'types', params],
    queryFn: ({ signal }) => get<Paged<DictionaryType>>('/auth/dictionaries', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const entryListQuery = (params: { type_id: number; name?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: [DICTIONARIES_KEY, 'entries', params],
    queryFn: ({ signal }) =>
      get<Paged<DictionaryEntry>>('/auth/dictionarie/data/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const createType = (fields: TypeFields) => post<DictionaryType>('/auth/dictionaries/store', fields);
export const updateType = (id: number, fields: Partial<TypeFields>) =>
  put<DictionaryType>('/auth/dictionaries/update', { id, ...fields });
export const deleteType = (id: number) => del<null>('/auth/dictionaries/destroy', { id });

export const createEntry = (typeId: number, fields: EntryFields) =>
  post<DictionaryEntry>('/auth/dictionarie/data/store', { type_id: typeId, ...fields });
export const updateEntry = (id: number, fields: Partial<EntryFields>) =>
  put<DictionaryEntry>('/auth/dictionarie/data/update', { id, ...fields });
export const deleteEntry = (id: number) => del<null>('/auth/dictionarie/data/destroy', { id });

/**
 * After a change of a type's items: this page's lists, and the session cache of the selects
 * (`components/dictionary-select`), so every form shows the change without a reload.
 */
export async function refreshDictionary(queryClient: QueryClient, typeId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [DICTIONARIES_KEY] }),
    queryClient.invalidateQueries({ queryKey: dictionaryQueryOptions(typeId).queryKey }),
  ]);
}
