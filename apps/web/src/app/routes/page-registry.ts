import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

const page = (load: () => PageModule): LazyExoticComponent<ComponentType> => lazy(load);

/**
 * Spec section 2 "Dynamic menu routes": the one place that maps a menu item's path to its page. A
 * permitted menu path without an entry here says "not yet available"; a path outside the user's menu is
 * /404. Pages load on demand, so the first screen carries none of them.
 */
export const pageRegistry: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/dashboard/dashboard': page(() =>
    import('../../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  ),
};
