import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@dealer-hr/shared/api-types';

/**
 * `menu.<name>` in the current language, else the server's Chinese title. The function only changes with
 * the language, so what is built from it (the search index) is not rebuilt on every render. The shell and
 * the workbench's quick links name menu items with it.
 */
export function useMenuTitle(): (node: MenuNode) => string {
  const { t } = useTranslation();
  return useCallback((node: MenuNode) => t(`menu.${node.name}`, { defaultValue: node.title }), [t]);
}
