import { TeamOutlined } from '@ant-design/icons';
import { ConfigProvider, Layout } from 'antd';
import type { ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIDEBAR_BACKGROUND, SIDEBAR_TEXT } from '@dealer-hr/shared/constants';
import { HOME_PATH } from '../../lib/navigation';
import { useMenuTree } from '../../lib/session-queries';
import { useShell } from '../shell/shell-state';
import { SidebarMenu } from './sidebar-menu';
import styles from './basic-layout.module.css';

const sidebarTheme: ThemeConfig = {
  components: {
    Layout: { siderBg: SIDEBAR_BACKGROUND },
    Menu: {
      darkItemBg: SIDEBAR_BACKGROUND,
      darkSubMenuItemBg: '#262626',
      darkPopupBg: SIDEBAR_BACKGROUND,
      darkItemColor: SIDEBAR_TEXT,
    },
  },
};

/** Collapsed on a desktop it keeps a strip of icons; on a phone it slides away entirely. */
const COLLAPSED_WIDTH_PX = 54;

/**
 * docs/web.md "Shared layout": the sidebar of the permitted routes (13.75rem, #303030 / #bfcbd9). On a phone it lies
 * over the page with a backdrop; a tap on the backdrop closes it.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const { data: menus } = useMenuTree();
  const { sidebar, closeSidebar, device, settings } = useShell();
  const mobile = device === 'mobile';
  const collapsed = !sidebar.opened;
  const classNames = [
    styles.sider,
    mobile ? styles.siderMobile : '',
    mobile && collapsed ? styles.siderHidden : '',
    sidebar.withoutAnimation ? styles.noAnimation : '',
  ];

  return (
    <>
      {mobile && sidebar.opened && (
        <div
          className={styles.backdrop}
          aria-hidden
          data-testid="sidebar-backdrop"
          onClick={() => closeSidebar({ withoutAnimation: false })}
        />
      )}
      <ConfigProvider theme={sidebarTheme}>
        <Layout.Sider
          className={classNames.filter(Boolean).join(' ')}
          width="max(13.75rem, 200px)"
          collapsed={!mobile && collapsed}
          collapsedWidth={COLLAPSED_WIDTH_PX}
          trigger={null}
          // Slid away on a phone, its links must not take the keyboard's focus either: hidden from assistive
          // technology alone (aria-hidden), they were tab stops nobody could see.
          inert={mobile && collapsed}
        >
          <div className={styles.siderScroll}>
            {settings.sidebarLogo && (
              <Link to={HOME_PATH} className={styles.brand}>
                <TeamOutlined className={styles.brandIcon} />
                {/* The sidebar's 220 px hold the Chinese name whole; other languages use their short name. */}
                {(mobile || !collapsed) && <span title={t('appTitle')}>{t('appShortTitle')}</span>}
              </Link>
            )}
            <SidebarMenu menus={menus} collapsed={!mobile && collapsed} />
          </div>
        </Layout.Sider>
      </ConfigProvider>
    </>
  );
}
