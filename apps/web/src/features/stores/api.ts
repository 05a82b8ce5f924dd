import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  StoreCreateBody,
  StoreCreateInput,
  StoreRow,
  TreeNode,
} from '@dealer-hr/shared/stores/contract';
import type { StoreStatus } from '@dealer-hr/shared/stores/rules';
import { del, get, post, put, type Paged } from '../../lib/api-client';
import type { NetworkNode } from './dealer-network-store';

export type { StoreStatus };

/** A row of `GET /api/auth/store/index` and the answer of `store/detail`. */
export type Store = StoreRow;

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

/** The form's fields as the server stores them; sent whole to `store/store` and `store/update`. */
export type StoreFields = StoreCreateBody;

/** A node of `GET /api/auth/store/tree` (its children are loaded with the next request). */
export interface DealerNode extends Omit<TreeNode, 'children'>, NetworkNode {
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

export const createStore = (fields: StoreCreateInput) =>
  post<{ id: number; department_id: number }>('/auth/store/store', fields);
export const updateStore = (id: number, fields: StoreCreateInput) =>
  put<{ id: number }>('/auth/store/update', { id, ...fields });
export const setStoreStatus = (id: number, status: StoreStatus, reason: string) =>
  put<{ id: number; status: StoreStatus }>('/auth/store/status', { id, status, reason });
export const deleteStore = (id: number) => del<{ id: number }>('/auth/store/destroy', { id });
