import {
  BellOutlined,
  CloudDownloadOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Badge, Button, Dropdown, Tooltip, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { SIZES } from '@dealer-hr/shared/constants';
import type { Size } from '@dealer-hr/shared/constants';
import type { UserInfo } from '@dealer-hr/shared/api-types';
import { useSignOut } from '../../features/auth/api/logout';
import { HOME_PATH } from '../../lib/navigation';
import { activeExportsQuery, EXPORTS_KEY, EXPORTS_PATH } from '../../lib/exports';
import { MESSAGES_KEY, unreadCountQuery } from '../../lib/unread-messages';
import { findMenu } from '../../lib/menu-tree';
import { useMenuTree } from '../../lib/session-queries';
import { useShell } from '../shell/shell-state';
import styles from './basic-layout.module.css';

export const NEWS_PATH = '/dashboard/newslist';

/**
 * docs/web.md "Navbar": the message link with the unread count. The count is asked again every minute and on
 * every navigation (the page just left may have read or written messages); anything that marks messages
 * read invalidates it as well. A failed count leaves the badge as it was (the query is silent).
 */
export function MessageLink() {
  const { t } = useTranslation(['layout', 'messages']);
  const location = useLocation();
  const { data: unread = 0, refetch } = useQuery(unreadCountQuery());
  // The first render fetches by itself; only later navigations ask again.
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    void refetch();
  }, [location.key, refetch]);

  const label = unread > 0 ? t('messages:badgeLabel', { total: unread }) : t('messages');
  return (
    <Tooltip title={t('messages')}>
      <Link to={NEWS_PATH} className={styles.tool} aria-label={label}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </Link>
    </Tooltip>
  );
}

/**
 * docs/web.md "Navbar": while exports the user started are queued or running, a spinning download icon with
 * their count links to the exports page. When one ends, the message badge is asked again (a finished export
 * sends a message) and a toast says so.
 */
export function ExportsLink() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Only for those whose menu holds the exports page (its list is what the badge counts).
  const { data: menus } = useMenuTree();
  const allowed = findMenu(menus, EXPORTS_PATH) !== undefined;
  const { data } = useQuery({ ...activeExportsQuery(), enabled: allowed });
  const running = data?.total ?? 0;
  const before = useRef(running);
  useEffect(() => {
    if (running < before.current) {
      void queryClient.invalidateQueries({ queryKey: [MESSAGES_KEY] });
      void queryClient.invalidateQueries({ queryKey: [EXPORTS_KEY, 'list'] });
      // The toast is drawn outside the router: its link navigates through this component's.
      void message.success({
        content: (
          <>
            {t('exports.ended')}{' '}
            <Button type="link" size="small" onClick={() => void navigate(EXPORTS_PATH)}>
              {t('exports.open')}
            </Button>
          </>
        ),
      });
    }
    before.current = running;
  }, [running, queryClient, message, navigate, t]);

  if (!allowed || running === 0) return null;
  const label = t('exports.running', { count: running });
  return (
    <Tooltip title={label}>
      <Link to={EXPORTS_PATH} className={styles.tool} aria-label={label}>
        <Badge count={running} size="small">
          <CloudDownloadOutlined spin />
        </Badge>
      </Link>
    </Tooltip>
  );
}

export function FullscreenButton() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('fullscreen.unsupported'));
      return;
    }
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => void message.warning(t('fullscreen.unsupported')));
  };
  const label = full ? t('fullscreen.exit') : t('fullscreen.enter');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className={styles.tool}
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}

export function SizeSelect() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const { size, setSize } = useShell();
  const items: MenuProps['items'] = SIZES.map((key) => ({ key, label: t(`size.${key}`) }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === size) return;
    setSize(key as Size);
    void message.success(t('size.switched'));
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick, selectable: true, selectedKeys: [size] }}>
      <Tooltip title={t('size.label')}>
        <Button
          type="text"
          className={styles.tool}
          aria-label={t('size.label')}
          icon={<ColumnHeightOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}

/** docs/web.md "Language and header": name, face (default avatar) and the first post's title, or "no post". */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const postTitle = user.post[0]?.title ?? t('noPost');
  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('home') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), disabled: signOut.isPending },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate(HOME_PATH);
    if (key === 'logout') signOut.mutate();
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <button type="button" className={styles.userButton} aria-label={t('userMenu', { name: user.name })}>
        <Avatar
          size="small"
          src={user.face || undefined}
          icon={<UserOutlined />}
          alt={t('avatar', { name: user.name })}
        />
        <span className={styles.userText}>
          <Typography.Text strong>{user.name}</Typography.Text>
          <Typography.Text type="secondary" className={styles.postTitle}>
            {postTitle}
          </Typography.Text>
        </span>
      </button>
    </Dropdown>
  );
}
