import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME } from '@dealer-hr/shared/constants';
import { FeedbackBridge } from '../lib/feedback-bridge';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/i18n';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { antdLocales } from './antd-locales';
import { STATUS_TEXT_TOKENS, TAG_TOKENS, themeTokens } from '../lib/accessible-colour';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const reducedMotion = useReducedMotion();
  const theme = useMemo<ThemeConfig>(
    () => ({
      token: {
        ...themeTokens(DEFAULT_THEME),
        ...STATUS_TEXT_TOKENS,
        // antd's tertiary text (descriptions, hints) is 45 % black, below WCAG AA on white: 58 % reaches it.
        colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
        // Placeholders name what a field wants: readable, yet lighter than a value.
        colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
        motion: !reducedMotion,
      },
      components: { Tag: TAG_TOKENS },
    }),
    [reducedMotion],
  );

  return (
    <QueryClientProvider client={queryClient}>
      {/* Buttons keep their text as written: antd would turn 登录 into 登 录. */}
      <ConfigProvider locale={antdLocales[language]} theme={theme} button={{ autoInsertSpace: false }}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
