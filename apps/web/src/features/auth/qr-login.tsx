import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_LOGIN_FRAME } from '@dealer-hr/shared/constants';
import { getQrCode } from './api/sso';
import { prepareSignOn } from './single-sign-on';
import styles from './login-page.module.css';

/**
 * The work-messaging QR frame (docs/web.md "Constants and limits": 300 x 400). Scanning it sends the browser to /transit with
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
