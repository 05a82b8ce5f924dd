import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

// Kept light (no antd Result) because it is part of the first load of every page.
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error(error), [error]);

  return (
    <Flex vertical align="center" gap={16} role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 64, color: '#ff4d4f' }} />
      <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{t('result.error.title')}</h1>
      <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.45)' }}>{t('result.error.description')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </Flex>
  );
}
