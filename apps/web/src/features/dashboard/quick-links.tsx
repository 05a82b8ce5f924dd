import { AppstoreOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { MenuType } from '@dealer-hr/shared/dictionary-types';
import { menuIcon } from '../../lib/menu-icons';
import { normalizePath, targetPath } from '../../lib/menu-tree';
import { useMenuTree } from '../../lib/session-queries';
import { useMenuTitle } from '../../lib/use-menu-title';

export const QUICK_LINKS_MAX = 8;
const WORKBENCH_PATH = '/dashboard/dashboard';

/** The pages an admin gave a quick icon, in menu order, the workbench itself left out. */
export function quickLinkPages(nodes: readonly MenuNode[], max = QUICK_LINKS_MAX): MenuNode[] {
  const pages: MenuNode[] = [];
  const walk = (level: readonly MenuNode[]) => {
    for (const node of level) {
      if (pages.length >= max) return;
      const linked =
        node.type_id === MenuType.PAGE &&
        node.quick_icon &&
        normalizePath(targetPath(node)) !== WORKBENCH_PATH;
      if (linked) pages.push(node);
      walk(node.children);
    }
  };
  walk(nodes);
  return pages;
}

/** The signed-in user's quick links: a tile per page, from their own menu. */
export function QuickLinks() {
  const { t } = useTranslation('dashboard');
  const { data: menus } = useMenuTree();
  const titleOf = useMenuTitle();
  const pages = quickLinkPages(menus);
  if (pages.length === 0) return null;
  return (
    <nav aria-label={t('quickLinks')}>
      <Typography.Title level={5}>{t('quickLinks')}</Typography.Title>
      <Flex wrap gap={8}>
        {pages.map((page) => (
          <Link key={page.id} to={targetPath(page)}>
            <Card size="small" hoverable styles={{ body: { padding: '8px 12px' } }}>
              <Flex gap={8} align="center">
                <span aria-hidden>{createElement(menuIcon(page.quick_icon) ?? AppstoreOutlined)}</span>
                <span>{titleOf(page)}</span>
              </Flex>
            </Card>
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
