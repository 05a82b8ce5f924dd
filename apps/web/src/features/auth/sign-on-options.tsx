import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Divider, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { browser } from '../../lib/navigation';
import type { LoginModes } from './api/sso';
import { newState, prepareSignOn } from './single-sign-on';
import styles from './login-page.module.css';

export type LoginMethod = 'password' | 'qr';

/** 账号登录 / 扫码登录, shown when the work-messaging login is configured. */
export function LoginMethodTabs({
  method,
  onChange,
}: {
  method: LoginMethod;
  onChange: (method: LoginMethod) => void;
}) {
  const { t } = useTranslation('login');
  return (
    <Tabs
      centered
      activeKey={method}
      onChange={(key) => onChange(key as LoginMethod)}
      items={[
        { key: 'password', label: t('method.password') },
        { key: 'qr', label: t('method.qr') },
      ]}
    />
  );
}

/** Buttons for the OAuth and CAS providers the server has configured (none: nothing is shown). */
export function SignOnButtons({
  modes,
  returnTo,
}: {
  modes: LoginModes | undefined;
  returnTo: string | null;
}) {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  if (!modes?.oauth && !modes?.cas) return null;
  const { oauth, cas } = modes;

  const startOAuth = (authorizeUrl: string) => {
    const state = newState();
    prepareSignOn(state, returnTo);
    const url = new URL(authorizeUrl);
    url.searchParams.set('state', state);
    browser.leaveTo(url.toString());
  };
  const startCas = () => {
    prepareSignOn(newState(), returnTo);
    void navigate('/casLogin');
  };

  return (
    <>
      <Divider plain className={styles.divider}>
        {t('sso.other')}
      </Divider>
      <Space wrap className={styles.ssoButtons}>
        {oauth && (
          <Button icon={<SafetyCertificateOutlined />} onClick={() => startOAuth(oauth.authorizeUrl)}>
            {t('sso.oauth')}
          </Button>
        )}
        {cas && (
          <Button icon={<SafetyCertificateOutlined />} onClick={startCas}>
            {t('sso.cas')}
          </Button>
        )}
      </Space>
    </>
  );
}
