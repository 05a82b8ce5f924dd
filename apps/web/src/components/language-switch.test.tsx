import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { FeedbackBridge } from '../lib/feedback-bridge';
import { i18n } from '../lib/i18n';
import { LanguageSwitch } from './language-switch';

function renderSwitch() {
  return render(
    <ConfigProvider>
      <App>
        <FeedbackBridge />
        <LanguageSwitch />
      </App>
    </ConfigProvider>,
  );
}

/** docs/web.md "Navbar": the spec's English message, said in each language as the language just chosen. */
const switched = [
  ['English', 'en', 'Switch Language Success', 'Change language'],
  ['Español', 'es', 'Cambio de idioma correcto', 'Cambiar idioma'],
  ['日本語', 'ja', '言語の切り替えに成功しました', '言語を切り替え'],
  ['中文', 'zh', '切换语言成功', '切换语言'],
] as const;

describe('LanguageSwitch', () => {
  it('says that the language changed in the language just chosen, and remembers it', async () => {
    const user = userEvent.setup();
    renderSwitch();
    let label = '切换语言';
    for (const [name, language, message, nextLabel] of switched) {
      await user.click(screen.getByRole('button', { name: label }));
      await user.click(await screen.findByRole('menuitem', { name }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(i18n.language).toBe(language);
      expect(Cookies.get('language')).toBe(language);
      label = nextLabel;
    }
  });
});
