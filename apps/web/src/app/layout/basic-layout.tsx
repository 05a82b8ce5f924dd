import { ConfigProvider, Layout } from 'antd';
import type { ConfigProviderProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Size } from '@dealer-hr/shared/constants';
import { AppErrorBoundary } from '../../components/error-log/app-error-boundary';
import { useIdleLogout, usePageCloseLogout } from '../../features/auth/use-session-watch';
import { findMenu } from '../../lib/menu-tree';
import { useScrollTopOnNavigation } from '../../lib/scroll-to-top';
import { useMenuTree, useUserInfo } from '../../lib/session-queries';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePreloadedPages } from '../routes/use-preloaded-pages';
import { ShellProvider, useShell } from '../shell/shell-state';
import { useRootFontSize } from '../shell/use-root-font-size';
import { Navbar } from './navbar';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';
import { useMenuTitle } from '../../lib/use-menu-title';
import { TagsView } from './tags-view/tags-view';
import { TagsViewProvider } from './tags-view/tags-view-context';
import { ViewOutlet } from './tags-view/view-outlet';
import styles from './basic-layout.module.css';
import { themeTokens } from '../../lib/accessible-colour';

/** The four sizes of docs/web.md "Constants and limits" on antd's three: mini is antd's small with tighter type (see the stylesheet). */
const componentSizes: Record<Size, ConfigProviderProps['componentSize']> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

function Shell() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const { data: menus } = useMenuTree();
  const { pathname } = useLocation();
  const { settings, sidebar, device, closeSidebar, size } = useShell();
  const titleOf = useMenuTitle();
  const current = findMenu(menus, pathname);
  useDocumentTitle(current ? titleOf(current) : undefined);
  useRootFontSize();
  useScrollTopOnNavigation();
  useIdleLogout();
  usePageCloseLogout();
  usePreloadedPages(menus);

  // On a phone, moving to another page closes the sidebar that was used to get there.
  useEffect(() => {
    if (device === 'mobile') closeSidebar({ withoutAnimation: false });
  }, [pathname, device, closeSidebar]);

  const rootClasses = [
    styles.root,
    sidebar.opened ? styles.opened : styles.collapsed,
    device === 'mobile' ? styles.mobile : '',
    settings.fixedHeader ? styles.fixedHeader : '',
    size === 'mini' ? styles.mini : '',
  ];
  return (
    <ConfigProvider theme={{ token: themeTokens(settings.theme) }} componentSize={componentSizes[size]}>
      <Layout className={rootClasses.filter(Boolean).join(' ')} data-device={device}>
        <Sidebar />
        <Layout className={styles.main}>
          <div className={styles.header}>
            <Navbar user={user} />
            {settings.tagsView && <TagsView />}
          </div>
          <Layout.Content className={styles.content}>
            {/* Leaving a page that broke gives the next one a fresh start. */}
            <AppErrorBoundary resetKey={pathname}>
              <ViewOutlet />
            </AppErrorBoundary>
          </Layout.Content>
          <Layout.Footer className={styles.footer}>{t('copyright')}</Layout.Footer>
        </Layout>
        {settings.showSettings && <SettingsPanel />}
      </Layout>
    </ConfigProvider>
  );
}

/** docs/web.md "Shared layout": sidebar, navbar, tabs of visited views, content, footer, settings. */
export function BasicLayout() {
  return (
    <ShellProvider>
      <TagsViewProvider>
        <Shell />
      </TagsViewProvider>
    </ShellProvider>
  );
}
