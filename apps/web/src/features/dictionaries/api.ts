import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  ItemRow,
  ItemStoreBody,
  ItemStoreInput,
  ItemUpdateInput,
  TypeRow,
  TypeStoreBody,
  TypeStoreInput,
  TypeUpdateInput,
} from '@dealer-hr/shared/dictionaries/contract';
import type { ItemNameField } from '@dealer-hr/shared/dictionaries/rules';
import { dictionaryQueryOptions } from '../../components/dictionary-select';
import { del, get, post, put, type Paged } from '../../lib/api-client';

/** A row of `GET /api/auth/dictionaries`. */
export type DictionaryType = TypeRow;

/** A row of `GET /api/auth/dictionarie/data/index`. */
export type DictionaryEntry = ItemRow;

export interface TypeFilters {
  name?: string;
  code?: string;
}

/** The type form's values, as the server stores them. */
export type TypeFields = Required<TypeStoreBody>;

/** The item form's values, as the server stores them (the type is the page's); the other names optional. */
export type EntryFields = Required<Omit<ItemStoreBody, 'type_id' | ItemNameField>> &
  Partial<Record<ItemNameField, string | null>>;

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

export const createType = (fields: TypeStoreInput) =>
  post<DictionaryType>('/auth/dictionaries/store', fields);
export const updateType = (id: number, fields: Omit<TypeUpdateInput, 'id'>) =>
  put<DictionaryType>('/auth/dictionaries/update', { id, ...fields });
export const deleteType = (id: number) => del<null>('/auth/dictionaries/destroy', { id });

export const createEntry = (typeId: number, fields: Omit<ItemStoreInput, 'type_id'>) =>
  post<DictionaryEntry>('/auth/dictionarie/data/store', { type_id: typeId, ...fields });
export const updateEntry = (id: number, fields: Omit<ItemUpdateInput, 'id'>) =>
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
