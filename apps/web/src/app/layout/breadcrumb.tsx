import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { HOME_PATH } from '../../lib/navigation';
import { firstPagePath, isDirectory, normalizePath, targetPath } from '../../lib/menu-tree';
import { useMenuTree } from '../../lib/session-queries';
import { useMenuTitle } from '../../lib/use-menu-title';

/** The menu items from the top of the tree down to the one at `pathname`. */
function trailTo(nodes: readonly MenuNode[], pathname: string): MenuNode[] {
  for (const node of nodes) {
    if (node.path && normalizePath(node.path) === pathname) return [node];
    const below = trailTo(node.children, pathname);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** docs/web.md "Navbar": the breadcrumb always starts with the dashboard. */
export function AppBreadcrumb() {
  const { t } = useTranslation('layout');
  const { data: menus } = useMenuTree();
  const titleOf = useMenuTitle();
  const pathname = normalizePath(useLocation().pathname);
  // The dashboard (and the directory that opens on it) is the first crumb already.
  const trail = trailTo(menus, pathname).filter(
    (node) =>
      normalizePath(node.path) !== HOME_PATH && !(isDirectory(node) && firstPagePath(node) === HOME_PATH),
  );

  const items = [
    { key: 'home', title: trail.length > 0 ? <Link to={HOME_PATH}>{t('home')}</Link> : t('home') },
    ...trail.map((node, index) => {
      const last = index === trail.length - 1;
      const to = isDirectory(node) ? undefined : targetPath(node);
      return {
        key: String(node.id),
        title: !last && to ? <Link to={to}>{titleOf(node)}</Link> : titleOf(node),
      };
    }),
  ];
  return <Breadcrumb items={items} />;
}
