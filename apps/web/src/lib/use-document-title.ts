import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/web.md "Dynamic menu routes": the page title is the route title plus the system title. */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const appTitle = t('appTitle');
  useEffect(() => {
    document.title = title ? `${title} - ${appTitle}` : appTitle;
  }, [title, appTitle]);
}
