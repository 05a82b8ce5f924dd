import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { del, get, post, put, type Paged } from '../../lib/api-client';
import type { NetworkNode } from './dealer-network-store';

export type StoreStatus = 'active' | 'disabled';

/** A row of `GET /api/auth/store/index` and the answer of `store/detail`. */
export interface Store {
  id: number;
  departmentId: number;
  code: string;
  name: string;
  regionId: number;
  regionName: string;
  storeTypeId: number;
  storeTypeName: string | null;
  brandId: number | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  city: string;
  address: string;
  latitude: string | null;
  longitude: string | null;
  openedOn: string | null;
  status: StoreStatus;
  statusReason: string | null;
  staffCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface StoreFilters {
  region_id?: number;
  brand_id?: number;
  store_type_id?: number;
  category_id?: number;
  status?: StoreStatus;
  keyword?: string;
}

export interface StoreListParams extends StoreFilters {
  page: number;
  limit: number;
}

/** The body of `store/store` and `store/update` (the form sends every field). */
export interface StoreFields {
  region_id: number;
  code: string;
  name: string;
  store_type_id: number;
  brand_id: number | null;
  category_id: number | null;
  city: string;
  address: string;
  latitude: string | null;
  longitude: string | null;
  opened_on: string | null;
}

/** A node of `GET /api/auth/store/tree`: ids are department ids; a store node carries its store id. */
export interface DealerNode extends NetworkNode {
  name: string;
  kind: 'region' | 'store';
  code: string | null;
  status: StoreStatus;
  store_id: number | null;
  has_children: boolean;
  children: DealerNode[];
}

/** Everything this page caches in the query client lives under this key. */
export const STORES_KEY = 'organizationStores';

export const storeListQuery = (params: StoreListParams) =>
  queryOptions({
    queryKey: [STORES_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<Store>>('/auth/store/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** docs/web.md "Answer codes": a dealer-network failure is only logged, so the request shows no message. */
export const fetchDealerNodes = (parentId: number | undefined) =>
  get<DealerNode[]>('/auth/store/tree', { parent_id: parentId }, { silent: true });

export const createStore = (fields: StoreFields) =>
  post<{ id: number; department_id: number }>('/auth/store/store', fields);
export const updateStore = (id: number, fields: StoreFields) =>
  put<{ id: number }>('/auth/store/update', { id, ...fields });
export const setStoreStatus = (id: number, status: StoreStatus, reason: string) =>
  put<{ id: number; status: StoreStatus }>('/auth/store/status', { id, status, reason });
export const deleteStore = (id: number) => del<{ id: number }>('/auth/store/destroy', { id });
