import { Result } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { findMenu, firstPagePath, isDirectory, normalizePath } from '../../lib/menu-tree';
import { useMenuTree } from '../../lib/session-queries';
import { pageRegistry } from './page-registry';

/**
 * Any path inside the signed-in area: the page of a permitted menu item through the registry, a
 * directory's first page, "not yet available" for a page not built yet, /404 for anything else.
 */
export function MenuPage() {
  const { t } = useTranslation();
  const { data: menus } = useMenuTree();
  const { pathname } = useLocation();
  const node = findMenu(menus, pathname);

  if (!node) return <Navigate to="/404" replace />;
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
