import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder until the home statistics are built. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');

  return (
    <Card title={t('title')}>
      <Typography.Title level={4}>{t('welcome')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('description')}</Typography.Paragraph>
    </Card>
  );
}
