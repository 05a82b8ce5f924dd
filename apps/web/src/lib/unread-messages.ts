import { queryOptions } from '@tanstack/react-query';
import { get } from './api-client';

// The user's messages are read by the navbar badge (app/), the message page and refreshed by any feature
// whose action writes messages (an approval decision): the key lives here, below all of them.

/** Every query of the user's messages lives under this key; invalidating it refreshes the badge too. */
export const MESSAGES_KEY = 'messages';

/** How often the badge asks again while the app is open. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * The navbar badge: `unread` of `GET msg/select` (it counts every unread message whatever the page). A
 * failed count is no reason to toast or sign the user out, hence `silent`; the badge just keeps its last
 * number and asks again at the next interval.
 */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [MESSAGES_KEY, 'unread'],
    queryFn: ({ signal }) =>
      get<{ unread: number }>('/auth/msg/select', { limit: 10 }, { signal, silent: true }),
    select: (page) => page.unread,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: false,
  });
