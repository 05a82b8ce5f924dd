import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import type { RefSelectProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenuTree } from '../../lib/session-queries';
import { useShell } from '../shell/shell-state';
import { buildSearchIndex, createSearch, pinyinApplies } from './search-index';
import { loadFuse, loadPinyin } from './search-libs';
import { useMenuTitle } from '../../lib/use-menu-title';
import { useLazyModule } from './use-lazy-module';
import styles from './header-search.module.css';
import layoutStyles from './basic-layout.module.css';

/** Ctrl+K, or Cmd+K on a Mac, from anywhere in the app. */
const isShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** docs/web.md "Header search": fuzzy search over the permitted pages' titles and paths, jumping to the choice. */
export function HeaderSearch() {
  const { t } = useTranslation('search');
  const { t: translate, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: menus } = useMenuTree();
  const { settings } = useShell();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const selectRef = useRef<RefSelectProps>(null);

  const withPinyin = pinyinApplies(i18n.resolvedLanguage, settings.supportPinyinSearch);
  const fuse = useLazyModule(loadFuse, open);
  const pinyin = useLazyModule(loadPinyin, open && withPinyin);

  const titleOf = useMenuTitle();
  const toPinyin = withPinyin && pinyin.status === 'ready' ? pinyin.value : undefined;
  const search = useMemo(
    () =>
      fuse.status === 'ready'
        ? createSearch(fuse.value, buildSearchIndex(menus, titleOf, toPinyin))
        : undefined,
    [fuse, menus, titleOf, toPinyin],
  );
  const options = useMemo(
    () => (search?.(query) ?? []).map((item) => ({ value: item.path, label: item.title.join(' > ') })),
    [search, query],
  );

  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      // The browser's own Ctrl+K (its search bar) would take the focus away.
      event.preventDefault();
      setOpen(true);
      selectRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    buttonRef.current?.focus();
  };

  const choose = (path: string) => {
    close();
    void navigate(path);
  };

  const libraries = withPinyin ? [fuse.status, pinyin.status] : [fuse.status];
  const notFound = !query.trim()
    ? null
    : libraries.includes('failed')
      ? t('unavailable')
      : libraries.includes('loading')
        ? translate('loading')
        : t('noResults');

  return (
    <div className={styles.search}>
      <Tooltip title={t('open')}>
        <Button
          ref={buttonRef}
          type="text"
          className={layoutStyles.tool}
          aria-label={t('label')}
          aria-keyshortcuts="Control+K Meta+K"
          aria-expanded={open}
          icon={<SearchOutlined />}
          // Keeps the focus in an open search, which would otherwise close on blur and reopen on click.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(true);
            selectRef.current?.focus();
          }}
        />
      </Tooltip>
      {open && (
        <Select<string>
          ref={selectRef}
          className={styles.select}
          autoFocus
          aria-label={t('label')}
          placeholder={t('placeholder')}
          showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
          value={null}
          options={options}
          notFoundContent={notFound}
          suffixIcon={null}
          defaultActiveFirstOption
          onChange={choose}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      )}
    </div>
  );
}
