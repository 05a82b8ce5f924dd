import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { menuIcon } from '../../lib/menu-icons';
import { ancestorKeys, isDirectory, menuKey, normalizePath, sidebarNodes } from '../../lib/menu-tree';
import { useIconSet, type IconSet } from '../../lib/use-icon-set';
import { useMenuTitle } from '../../lib/use-menu-title';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(
  nodes: readonly MenuNode[],
  titleOf: (node: MenuNode) => string,
  allIcons: IconSet | undefined,
): MenuItem[] {
  return nodes.map((node) => {
    const Icon = menuIcon(node.quick_icon) ?? (node.quick_icon ? allIcons?.get(node.quick_icon) : undefined);
    const base = { key: menuKey(node), label: titleOf(node), icon: Icon ? createElement(Icon) : undefined };
    // A page's title on hover too: the sidebar's 13.75rem cut the longer English and Spanish ones short.
    return isDirectory(node)
      ? { ...base, children: toItems(node.children, titleOf, allIcons) }
      : { ...base, title: titleOf(node) };
  });
}

/** Whether some item names an icon outside the sidebar's own list (an admin may pick any in the menu editor). */
function needsIconSet(nodes: readonly MenuNode[]): boolean {
  return nodes.some(
    (node) => (node.quick_icon !== null && !menuIcon(node.quick_icon)) || needsIconSet(node.children),
  );
}

export function SidebarMenu({
  menus,
  collapsed = false,
}: {
  menus: readonly MenuNode[];
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const titleOf = useMenuTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visible = useMemo(() => sidebarNodes(menus), [menus]);
  // The full icon set is a large chunk: fetched only when a menu item needs it.
  const iconSet = useIconSet(needsIconSet(visible));
  const items = toItems(visible, titleOf, iconSet.status === 'ready' ? iconSet.icons : undefined);
  // The sections the user opened stay open; reaching a page any other way (header search, a tab, a link)
  // opens its section too, so the sidebar always shows where the user is.
  const [openKeys, setOpenKeys] = useState(() => ancestorKeys(visible, pathname));
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
    setShownPath(pathname);
    const wanted = ancestorKeys(visible, pathname);
    if (!wanted.every((key) => openKeys.includes(key))) setOpenKeys([...new Set([...openKeys, ...wanted])]);
  }

  return (
    <Menu
      theme="dark"
      mode="inline"
      inlineCollapsed={collapsed}
      aria-label={t('nav.main')}
      items={items}
      selectedKeys={[normalizePath(pathname)]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => navigate(key)}
    />
  );
}
