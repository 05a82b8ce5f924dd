import { TeamOutlined } from '@ant-design/icons';
import { ConfigProvider, Layout } from 'antd';
import type { ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_BACKGROUND, SIDEBAR_TEXT, SIDEBAR_WIDTH } from '@dealer-hr/shared/constants';
import { useMenuTree, useUserInfo } from '../../lib/session-queries';

import { useIdleLogout, usePageCloseLogout } from '../../features/auth/use-session-watch';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AppHeader } from './app-header';
import { findMenu } from '../../lib/menu-tree';
import { SidebarMenu, useMenuTitle } from './sidebar-menu';
import styles from './basic-layout.module.css';

const sidebarTheme: ThemeConfig = {
  components: {
    Layout: { siderBg: SIDEBAR_BACKGROUND, triggerBg: SIDEBAR_BACKGROUND },
    Menu: {
      darkItemBg: SIDEBAR_BACKGROUND,
      darkSubMenuItemBg: '#262626',
      darkPopupBg: SIDEBAR_BACKGROUND,
      darkItemColor: SIDEBAR_TEXT,
    },
  },
};

/** Placeholder shell: sidebar, header and footer around the page. Tabs, breadcrumb and settings come later. */
export function BasicLayout() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const { data: menus } = useMenuTree();
  const { pathname } = useLocation();
  const titleOf = useMenuTitle();
  useIdleLogout();
  usePageCloseLogout();
  const current = findMenu(menus, pathname);
  useDocumentTitle(current ? titleOf(current) : undefined);

  return (
    <Layout className={styles.root}>
      <ConfigProvider theme={sidebarTheme}>
        <Layout.Sider className={styles.sider} width={SIDEBAR_WIDTH} breakpoint="lg" collapsedWidth={0}>
          <div className={styles.siderScroll}>
            <div className={styles.brand}>
              <TeamOutlined />
              <span>{t('appTitle')}</span>
            </div>
            <SidebarMenu menus={menus} />
          </div>
        </Layout.Sider>
      </ConfigProvider>
      <Layout>
        <AppHeader user={user} />
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer className={styles.footer}>{t('copyright')}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
