import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { QueryObserverResult } from '@tanstack/react-query';
import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictionaryItem } from '@dealer-hr/shared/dictionaries/contract';
import { itemNameIn, MAX_TYPE_IDS } from '@dealer-hr/shared/dictionaries/rules';
import { get } from '../lib/api-client';

export type { DictionaryItem };

/** Items by dictionary type id (docs/web.md "Detail dialog state": type id -> items). */
export type Dictionary = Record<number, DictionaryItem[]>;

/** The server answers at most this many types per request. */
const MAX_TYPES_PER_REQUEST = MAX_TYPE_IDS;
const NO_ITEMS: DictionaryItem[] = [];

/** `GET /api/auth/dictionarie/data?type_ids=1,21` → `{ "1": [...], "21": [...] }`. */
export function getDictionaryData(typeIds: readonly number[]): Promise<Record<string, DictionaryItem[]>> {
  // docs/web.md "Answer codes": a dictionary that fails to load is only logged (below), never a toast.
  return get<Record<string, DictionaryItem[]>>(
    '/auth/dictionarie/data',
    { type_ids: typeIds },
    { silent: true },
  );
}

interface Waiting {
  resolve(items: DictionaryItem[]): void;
  reject(error: unknown): void;
}

// Every type is its own query (so each is cached and shared on its own), but the types that the queries
// of one render ask for travel in one request: they are collected until the current task ends.
let pending: Map<number, Waiting[]> | null = null;

function loadDictionaryType(typeId: number): Promise<DictionaryItem[]> {
  return new Promise((resolve, reject) => {
    if (!pending) {
      pending = new Map();
      queueMicrotask(() => void flush());
    }
    const waiting = pending.get(typeId) ?? [];
    waiting.push({ resolve, reject });
    pending.set(typeId, waiting);
  });
}

async function flush(): Promise<void> {
  const batch = pending ?? new Map<number, Waiting[]>();
  pending = null;
  const typeIds = [...batch.keys()];
  for (let i = 0; i < typeIds.length; i += MAX_TYPES_PER_REQUEST) {
    const chunk = typeIds.slice(i, i + MAX_TYPES_PER_REQUEST);
    try {
      const data = await getDictionaryData(chunk);
      for (const id of chunk)
        for (const waiting of batch.get(id) ?? []) waiting.resolve(data[id] ?? NO_ITEMS);
    } catch (error) {
      console.error(`dictionary types ${chunk.join(',')} could not be loaded`, error);
      for (const id of chunk) for (const waiting of batch.get(id) ?? []) waiting.reject(error);
    }
  }
}

/**
 * One dictionary type, cached for the session: dictionaries change rarely, so a type is loaded once (the
 * query cache is cleared on sign-in). A failed type is asked again the next time a component needs it.
 */
export const dictionaryQueryOptions = (typeId: number) =>
  queryOptions({
    queryKey: ['dictionary', typeId],
    queryFn: () => loadDictionaryType(typeId),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The items as the reader's language names them: each item's `name` is its name in that language, the Chinese
 * one where it has none (docs/domain.md "Dictionaries"). The cache keeps the items as the server answered them.
 */
export function inLanguage(items: readonly DictionaryItem[], language: string | undefined): DictionaryItem[] {
  return items.map((item) => ({ ...item, name: itemNameIn(item, language) }));
}

/** The language dictionary names are shown in: the interface's. */
function useItemLanguage(): string | undefined {
  return useTranslation().i18n.resolvedLanguage;
}

interface UseDictionaryOptions {
  /** False until the dictionary is needed (a dialog that has not been opened yet). */
  enabled?: boolean;
}

/**
 * The items of each type, named in the reader's language, `[]` while loading or after a failure; the types not
 * cached yet are fetched in one request. The result keeps its identity while nothing changes.
 */
export function useDictionary(
  typeIds: readonly number[],
  { enabled = true }: UseDictionaryOptions = {},
): Dictionary {
  const key = [...new Set(typeIds)].join(',');
  const ids = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
  const language = useItemLanguage();
  const combine = useCallback(
    (results: QueryObserverResult<DictionaryItem[]>[]): Dictionary =>
      Object.fromEntries(
        ids.map((id, index) => {
          const items = results[index]?.data;
          return [id, items ? inLanguage(items, language) : NO_ITEMS];
        }),
      ),
    [ids, language],
  );
  return useQueries({
    queries: ids.map((id) => ({ ...dictionaryQueryOptions(id), enabled })),
    combine,
  });
}

/** The name of item `id`, or undefined when the id is empty or not (yet) among the items. */
export function dictionaryName(
  items: readonly DictionaryItem[] | undefined,
  id: number | string | null | undefined,
): string | undefined {
  if (id === null || id === undefined || id === '') return undefined;
  return items?.find((item) => item.id === Number(id))?.name;
}

/**
 * Names a dictionary value the server answered with its Chinese name (`brand_name`...): in the reader's
 * language by the item's id, else the name as answered (an item no longer offered, or not loaded yet).
 */
export function useDictionaryLabel(typeIds: readonly number[]) {
  const dictionary = useDictionary(typeIds);
  return useCallback(
    (typeId: number, id: number | null | undefined, answered: string | null | undefined) =>
      dictionaryName(dictionary[typeId], id) ?? answered ?? null,
    [dictionary],
  );
}

export type DictionarySelectProps = Omit<SelectProps, 'options'> & {
  /** A `DictType` id, e.g. `DictType.ID_CARD`. */
  typeId: number;
};

/** A select of one dictionary's items (value: item id), named in the reader's language, searchable by name. */
export function DictionarySelect({ typeId, ...props }: DictionarySelectProps) {
  const { data: items = NO_ITEMS, isLoading } = useQuery(dictionaryQueryOptions(typeId));
  const language = useItemLanguage();
  const options = useMemo(
    () => items.map((item) => ({ value: item.id, label: itemNameIn(item, language) })),
    [items, language],
  );
  return (
    <Select showSearch={{ optionFilterProp: 'label' }} loading={isLoading} {...props} options={options} />
  );
}
