import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DeleteInput,
  MarkReadInput,
  MessagePage,
  MessageRow,
  UnreadAnswer,
} from '@dealer-hr/shared/messages/contract';
import { del, get, put } from '../../lib/api-client';
import { MESSAGES_KEY } from '../../lib/unread-messages';

// The user's own messages (`msg/*`, the shared messages contract). The navbar badge shares the key (lib/unread-messages).

/** A row of `GET /api/auth/msg/select`. */
export type Message = MessageRow;

/** A page of messages, and how many of the user's messages are unread whatever the filter. */
export type { MessagePage };

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
export const markRead = (ids: number[]) =>
  put<UnreadAnswer>('/auth/msg/put', { ids } satisfies MarkReadInput);
export const markAllRead = () => put<UnreadAnswer>('/auth/msg/put', { all: true } satisfies MarkReadInput);
export const deleteMessages = (ids: number[]) =>
  del<UnreadAnswer>('/auth/msg/destroy', { ids } satisfies DeleteInput);
