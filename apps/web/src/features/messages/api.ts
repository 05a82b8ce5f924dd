import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { del, get, put, type Paged } from '../../lib/api-client';
import { MESSAGES_KEY } from '../../lib/unread-messages';

// The user's own messages (`msg/*`, messages.schemas.ts). The navbar badge shares the key (lib/unread-messages).

/** A row of `GET /api/auth/msg/select`. */
export interface Message {
  id: number;
  /** What it is about, e.g. `approval_task`; new kinds may come. */
  kind: string;
  title: string;
  content: string;
  /** The web path of the record it is about. */
  link: string | null;
  read: boolean;
  read_at: string | null;
  /** A task that is no longer the user's to decide: shown as done, counted as read. */
  done: boolean;
  created_at: string;
}

/** A page of messages, and how many of the user's messages are unread whatever the filter. */
export interface MessagePage extends Paged<Message> {
  unread: number;
}

export const READ_FILTERS = ['all', 'unread', 'read'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

const readParam: Record<ReadFilter, '0' | '1' | undefined> = { all: undefined, unread: '0', read: '1' };

export const messageListQuery = (filter: ReadFilter, paging: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [MESSAGES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) =>
      get<MessagePage>('/auth/msg/select', { ...paging, read: readParam[filter] }, { signal }),
    placeholderData: keepPreviousData,
    // New messages arrive by themselves; the list is asked again whenever the page shows.
    staleTime: 0,
  });

/** Answers how many are still unread. */
export const markRead = (ids: number[]) => put<{ unread: number }>('/auth/msg/put', { ids });
export const markAllRead = () => put<{ unread: number }>('/auth/msg/put', { all: true });
export const deleteMessages = (ids: number[]) => del<{ unread: number }>('/auth/msg/destroy', { ids });
