import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  HandoverDetail,
  HandoverInheritor,
  HandoverItem,
  HandoverOperateAnswer,
  HandoverOperateInput,
} from '@dealer-hr/shared/handover/contract';
import type { HandoverKind, HandoverState } from '@dealer-hr/shared/handover/rules';
import { get, post, type Paged } from '../../lib/api-client';
import { RESIGNATION_KEY } from './api';

export type { HandoverDetail, HandoverInheritor, HandoverItem, HandoverKind, HandoverState };

/** How often the handover's page and dialog read again while something is on its way. */
export const HANDOVER_REFRESH_MS = 4_000;

/** The two lists of the handover dialog, by the path segment their calls use (spec section 7). */
export const LIST_PATHS: Record<HandoverKind, string> = {
  customer: '/auth/resign/customer/list',
  group_chat: '/auth/resign/groupchat/list',
};

const OPERATE_PATHS: Record<HandoverKind, string> = {
  customer: '/auth/resign/customer/transfer/operate',
  group_chat: '/auth/resign/groupchat/transfer/operate',
};

export interface HandoverListQuery {
  page: number;
  limit: number;
  userId: string;
  resign_id: number;
}

/** `POST resign/customer/list` or `resign/groupchat/list`: one page of the leaver's customers or chats. */
export const fetchHandoverList = (kind: HandoverKind, query: HandoverListQuery) =>
  post<Paged<HandoverItem>>(LIST_PATHS[kind], query);

/** Hands the chosen items to a colleague; answers how many were queued and the progress after. */
export const operateHandover = (kind: HandoverKind, body: HandoverOperateInput) =>
  post<HandoverOperateAnswer>(OPERATE_PATHS[kind], body);

export const handoverInheritorsQuery = (resignationId: number, keyword: string) =>
  queryOptions({
    queryKey: [RESIGNATION_KEY, 'inherit', resignationId, keyword],
    queryFn: ({ signal }) =>
      get<HandoverInheritor[]>('/auth/resign/inherit', { resign_id: resignationId, keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export interface HandoverDetailParams {
  resign_id: number;
  kind?: HandoverKind;
  state?: HandoverState;
  page: number;
  limit: number;
}

export const handoverDetailQuery = (params: HandoverDetailParams) =>
  queryOptions({
    queryKey: [RESIGNATION_KEY, 'handover', params],
    queryFn: ({ signal }) => get<HandoverDetail>('/auth/resign/transfer/detail', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
