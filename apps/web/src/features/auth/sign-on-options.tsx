import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Result, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QR_LOGIN_FRAME } from '@dealer-hr/shared/constants';
import { browser } from '../../lib/navigation';
import { getQrCode, type LoginModes } from './api/sso';
import { newState, prepareSignOn } from './single-sign-on';
import styles from './login-page.module.css';

/**
 * The work-messaging QR frame (spec section 9: 300 x 400). Scanning it sends the browser to /transit with
 * a code, which is exchanged like any other.
 */
export function QrLogin({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('login');
  const qr = useQuery({
    queryKey: ['login', 'qrcode'],
    queryFn: ({ signal }) => getQrCode(signal),
    // Each frame carries a fresh state; a stale one would be refused on the way back.
    gcTime: 0,
    staleTime: 0,
  });
  useEffect(() => {
    if (qr.data) prepareSignOn(qr.data.state, returnTo);
  }, [qr.data, returnTo]);

  if (qr.isError) {
    return (
      <Result
        status="warning"
        title={t('qr.failed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void qr.refetch()}>
            {t('qr.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.qr}>
      {qr.data ? (
        <iframe
          title={t('qr.frameTitle')}
          src={qr.data.url}
          width={QR_LOGIN_FRAME.width}
          height={QR_LOGIN_FRAME.height}
          className={styles.qrFrame}
        />
      ) : (
        <Spin />
      )}
      <p className={styles.qrHint}>{t('qr.hint')}</p>
    </div>
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
