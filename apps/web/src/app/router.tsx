import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { HOME_PATH, setNavigator } from '../lib/navigation';
import { RouteError } from './routes/route-error';
import { redirectIfSignedIn, requireSession } from './route-guards';

const signOnPage = (loader: 'transitLoader' | 'casLoginLoader' | 'authRedirectLoader') => () =>
  import('../features/auth/sign-on-routes').then((m) => ({ loader: m[loader], Component: m.SignOnPending }));

// Public pages of the single sign-on round trips (docs/web.md "Public routes").
const signOnRoutes: RouteObject[] = [
  { path: '/transit', lazy: signOnPage('transitLoader') },
  { path: '/casLogin', lazy: signOnPage('casLoginLoader') },
  { path: '/auth-redirect', lazy: signOnPage('authRedirectLoader') },
];

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
      children: [
        {
          path: '/login',
          loader: redirectIfSignedIn,
          lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
        },
        ...signOnRoutes,
        {
          path: '/401',
          lazy: () => import('./routes/status-page').then((m) => ({ Component: m.UnauthorizedPage })),
        },
        {
          path: '/404',
          lazy: () => import('./routes/status-page').then((m) => ({ Component: m.NotFoundPage })),
        },
        {
          path: '/',
          loader: requireSession(queryClient),
          lazy: () => import('./layout/basic-layout').then((m) => ({ Component: m.BasicLayout })),
          children: [
            { index: true, loader: () => redirect(HOME_PATH) },
            { path: 'dashboard', loader: () => redirect(HOME_PATH) },
            // docs/web.md "Dynamic menu routes": /redirect/<path> replaces itself with /<path>, mounting the view afresh.
            {
              path: 'redirect/*',
              lazy: () =>
                import('./layout/tags-view/redirect-view').then((m) => ({ Component: m.RedirectView })),
            },
            // Every menu page, through the page registry; anything else -> /404.
            {
              path: '*',
              lazy: () => import('./routes/menu-page').then((m) => ({ Component: m.MenuPage })),
            },
          ],
        },
      ],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Lets lib code (the api-client ending a session) navigate through the router. */
export function registerNavigator(router: AppRouter): void {
  setNavigator({
    navigate: (to) => void router.navigate(to, { replace: true }),
    currentPath: () => router.state.location.pathname + router.state.location.search,
  });
}

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(createRoutes(queryClient));
  registerNavigator(router);
  return router;
}
