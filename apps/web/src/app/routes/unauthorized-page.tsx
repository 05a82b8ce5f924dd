import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('result.unauthorized.title'));

  return (
    <Result
      status="403"
      title={t('result.unauthorized.title')}
      subTitle={t('result.unauthorized.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
