import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@dealer-hr/shared/constants';
import type { Language } from '@dealer-hr/shared/constants';
import { isLanguage, setLanguage } from '../lib/i18n';

/** Each language is named in itself, so a reader of any of them can find their own. */
const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

const items: MenuProps['items'] = LANGUAGES.map((lng) => ({
  key: lng,
  label: <span lang={lng}>{LANGUAGE_NAMES[lng]}</span>,
}));

interface LanguageSwitchProps {
  /** Text colour etc. of the trigger, e.g. on a dark header. */
  buttonProps?: ButtonProps;
}

export function LanguageSwitch({ buttonProps }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (!isLanguage(key) || key === current) return;
    await setLanguage(key);
    void message.success(i18n.t('language.switched'));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick, selectable: true, selectedKeys: current ? [current] : [] }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.label')} {...buttonProps}>
        {current ? LANGUAGE_NAMES[current] : null}
      </Button>
    </Dropdown>
  );
}
