import type { QueryClient } from '@tanstack/react-query';
import { workbenchQuery } from '../../features/dashboard/api';

/**
 * The data a page asks for first, fetched by the route guard beside the user info and the menus when a
 * navigation lands on that page: the workbench, where every sign-in lands, then paints one round trip
 * earlier instead of asking only once its code has loaded and rendered. Only small query modules belong
 * here: this one is in the first bundle.
 */
const firstData: Readonly<Record<string, (queryClient: QueryClient) => Promise<void>>> = {
  '/dashboard/dashboard': (queryClient) => queryClient.prefetchQuery(workbenchQuery()),
};

export function prefetchPageData(queryClient: QueryClient, path: string): void {
  void firstData[path]?.(queryClient);
}
