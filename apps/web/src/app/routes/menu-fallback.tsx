import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useMenuTree } from '../../lib/session-queries';
import { findMenu, firstPagePath, isDirectory } from '../../lib/menu-tree';

/**
 * A path inside the signed-in area without a built page: a menu page says it is not available yet,
 * a directory opens its first page, anything else is /404.
 */
export function MenuFallback() {
  const { t } = useTranslation();
  const { data: menus } = useMenuTree();
  const { pathname } = useLocation();
  const node = findMenu(menus, pathname);

  if (!node) return <Navigate to="/404" replace />;
  if (isDirectory(node)) {
    const first = firstPagePath(node);
    return first ? <Navigate to={first} replace /> : <Navigate to="/404" replace />;
  }
  return (
    <Result
      status="info"
      title={t('result.notAvailable.title')}
      subTitle={t('result.notAvailable.description')}
    />
  );
}
