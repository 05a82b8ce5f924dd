import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth/api/logout';
import type { UserInfo } from '@dealer-hr/shared/api-types';
import { LanguageSwitch } from '../../components/language-switch';
import styles from './basic-layout.module.css';

export function AppHeader({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const postTitle = user.post[0]?.title ?? t('header.noPost');

  return (
    <Layout.Header className={styles.header}>
      <h1 className={styles.title}>{t('appTitle')}</h1>
      <div className={styles.user}>
        <Avatar
          src={user.face || undefined}
          icon={<UserOutlined />}
          alt={t('header.avatar', { name: user.name })}
        />
        <div className={styles.userText}>
          <Typography.Text strong>{user.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {postTitle}
          </Typography.Text>
        </div>
        <LanguageSwitch />
        <Button
          type="text"
          icon={<LogoutOutlined />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {t('header.logout')}
        </Button>
      </div>
    </Layout.Header>
  );
}
