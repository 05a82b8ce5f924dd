import { Result } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { findMenu, firstPagePath, isDirectory, normalizePath, targetPath } from '../../lib/menu-tree';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { HOME_PATH } from '../../lib/navigation';
import { useMenuTree } from '../../lib/session-queries';
import { pageRegistry } from './page-registry';
import { UnauthorizedPage } from './status-page';

function firstPermittedPage(menus: readonly MenuNode[]): string | undefined {
  for (const node of menus) {
    const path = isDirectory(node) ? firstPagePath(node) : targetPath(node);
    if (path) return path;
  }
  return undefined;
}

/**
 * Any path inside the signed-in area: the page of a permitted menu item through the registry, a
 * directory's first page, "not yet available" for a page not built yet, "no permission" inside the layout
 * for a page of the product the user's roles do not open, /404 for anything else.
 */
export function MenuPage() {
  const { t } = useTranslation();
  const { data: menus } = useMenuTree();
  const { pathname } = useLocation();
  const node = findMenu(menus, pathname);

  if (!node) {
    // A user whose roles do not include the dashboard starts on their first permitted page instead.
    const first = normalizePath(pathname) === HOME_PATH ? firstPermittedPage(menus) : undefined;
    if (first) return <Navigate to={first} replace />;
    // The page exists, the user may not open it: they stay in the app, with a way back.
    if (pageRegistry[normalizePath(pathname)]) return <UnauthorizedPage />;
    return <Navigate to="/404" replace />;
  }
  if (isDirectory(node)) {
    const first = firstPagePath(node);
    return first ? <Navigate to={first} replace /> : <Navigate to="/404" replace />;
  }
  const Page = pageRegistry[normalizePath(pathname)];
  if (Page) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }
  return (
    <Result
      status="info"
      title={t('result.notAvailable.title')}
      subTitle={t('result.notAvailable.description')}
    />
  );
}
