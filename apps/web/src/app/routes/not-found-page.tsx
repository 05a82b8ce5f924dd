import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('result.notFound.title'));

  return (
    <Result
      status="404"
      title={t('result.notFound.title')}
      subTitle={t('result.notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
