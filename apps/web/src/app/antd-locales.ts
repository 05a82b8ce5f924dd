import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import jaJP from 'antd/es/locale/ja_JP';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '@dealer-hr/shared/constants';

export const antdLocales: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  zh: zhCN,
  en: enUS,
  es: esES,
  ja: jaJP,
};
