import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Switch } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME, THEME_PRESETS } from '@dealer-hr/shared/constants';
import { useShell } from '../shell/shell-state';
import type { Settings } from '../shell/shell-state';
import styles from './settings-panel.module.css';

/** Long enough to be read, short enough not to linger: the new colours are there with the next render. */
const COMPILING_MESSAGE_SECONDS = 0.8;

const sameColour = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

type SwitchSetting = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

/** The switches of docs/web.md "Settings" (showSettings is not one: it would hide this panel itself). */
const SWITCHES: { key: SwitchSetting; label: string }[] = [
  { key: 'tagsView', label: 'tagsView' },
  { key: 'fixedHeader', label: 'fixedHeader' },
  { key: 'sidebarLogo', label: 'sidebarLogo' },
  { key: 'supportPinyinSearch', label: 'pinyinSearch' },
];

/** docs/web.md "Shared layout": the right-hand settings panel, behind a gear at the right edge. */
export function SettingsPanel() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const { settings, changeSetting } = useShell();
  const [open, setOpen] = useState(false);
  const themeLabel = useId();

  // The layout's ConfigProvider takes the colour from the settings (no stylesheet to fetch, unlike the
  // original); the message of docs/web.md "Shared layout" only says that the change is under way.
  const changeTheme = (colour: string) => {
    if (sameColour(colour, settings.theme)) return;
    void message.loading({ key: 'theme', content: t('compiling'), duration: COMPILING_MESSAGE_SECONDS });
    changeSetting('theme', colour);
  };

  return (
    <>
      <Button
        type="primary"
        className={styles.trigger}
        icon={<SettingOutlined />}
        aria-label={t('open')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      {/* The mask closes it on a click outside, Escape closes it too (antd's defaults). */}
      <Drawer open={open} onClose={() => setOpen(false)} title={t('title')} placement="right" size={300}>
        <h3 id={themeLabel} className={styles.heading}>
          {t('theme')}
        </h3>
        <div role="group" aria-labelledby={themeLabel} className={styles.swatches}>
          {THEME_PRESETS.map((colour) => {
            const selected = sameColour(colour, settings.theme);
            return (
              <button
                key={colour}
                type="button"
                className={styles.swatch}
                style={{ background: colour }}
                title={colour}
                aria-label={colour === DEFAULT_THEME ? `${colour} (${t('defaultTheme')})` : colour}
                aria-pressed={selected}
                onClick={() => changeTheme(colour)}
              >
                {selected && <CheckOutlined />}
              </button>
            );
          })}
        </div>
        <ul className={styles.switches}>
          {SWITCHES.map(({ key, label }) => (
            <SettingSwitch
              key={key}
              label={t(label)}
              checked={settings[key]}
              onChange={(checked) => changeSetting(key, checked)}
            />
          ))}
        </ul>
      </Drawer>
    </>
  );
}

function SettingSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className={styles.row}>
      <span id={id}>{label}</span>
      <Switch aria-labelledby={id} checked={checked} onChange={onChange} />
    </li>
  );
}
