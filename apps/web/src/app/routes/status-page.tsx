import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

interface StatusPageProps {
  status: '403' | '404';
  /** Key under `result.` of the common namespace: its title and description. */
  result: 'notFound' | 'unauthorized';
}

/** A full-page answer to a path the user cannot see, with the way back home. */
function StatusPage({ status, result }: StatusPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t(`result.${result}.title`));

  return (
    <Result
      status={status}
      title={t(`result.${result}.title`)}
      subTitle={t(`result.${result}.description`)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}

export const NotFoundPage = () => <StatusPage status="404" result="notFound" />;
export const UnauthorizedPage = () => <StatusPage status="403" result="unauthorized" />;
