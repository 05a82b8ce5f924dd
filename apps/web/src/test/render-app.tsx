import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createRoutes, registerNavigator } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { afterThisTest } from './teardown';

/** The whole app (real routes, guards and providers) at `path`, with a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  registerNavigator(router);
  afterThisTest(() => {
    router.dispose();
    queryClient.clear();
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, user, router, queryClient, location };
}
