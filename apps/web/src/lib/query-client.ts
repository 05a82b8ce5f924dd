import { QueryClient } from '@tanstack/react-query';
import { REQUEST_RETRY_DEFAULT } from '@dealer-hr/shared/constants';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: REQUEST_RETRY_DEFAULT, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: REQUEST_RETRY_DEFAULT },
    },
  });
}
