import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@dealer-hr/shared/api-types';
import { ErrorLogButton } from '../../components/error-log/error-log-button';
import { LanguageSwitch } from '../../components/language-switch';
import { useShell } from '../shell/shell-state';
import { AppBreadcrumb } from './breadcrumb';
import { HeaderSearch } from './header-search';
import { ExportsLink, FullscreenButton, MessageLink, SizeSelect, UserMenu } from './navbar-tools';
import styles from './basic-layout.module.css';

/** docs/web.md "Navbar": menu toggle, breadcrumb, then the tools, the message link and the user. */
export function Navbar({ user }: { user: UserInfo }) {
  const { t } = useTranslation('layout');
  const { sidebar, toggleSidebar, device } = useShell();
  const desktop = device === 'desktop';

  return (
    <Layout.Header className={styles.navbar}>
      <Button
        type="text"
        className={styles.tool}
        aria-label={t('toggleSidebar')}
        aria-expanded={sidebar.opened}
        icon={sidebar.opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <nav className={styles.breadcrumb} aria-label={t('breadcrumb')}>
        <AppBreadcrumb />
      </nav>
      <div className={styles.tools}>
        <HeaderSearch />
        <ErrorLogButton />
        {desktop && <FullscreenButton />}
        {desktop && <SizeSelect />}
        <LanguageSwitch buttonProps={{ className: styles.tool }} />
        <ExportsLink />
        <MessageLink />
        <UserMenu user={user} />
      </div>
    </Layout.Header>
  );
}
