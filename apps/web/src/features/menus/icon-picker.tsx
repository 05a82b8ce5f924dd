import { CloseOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popover, Space, Spin, Tooltip, Typography } from 'antd';
import { createElement, useDeferredValue, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIconSet } from '../../lib/use-icon-set';
import styles from './icon-picker.module.css';

interface MenuIconPreviewProps {
  name: string | null;
  /** Shown while the set loads, or for a name that is not an Outlined icon; the name by default. */
  fallback?: ReactNode;
}

/** An icon by its @ant-design/icons name. */
export function MenuIconPreview({ name, fallback }: MenuIconPreviewProps) {
  const state = useIconSet(Boolean(name));
  if (!name) return null;
  const Icon = state.status === 'ready' ? state.icons.get(name) : undefined;
  if (!Icon)
    return fallback === undefined ? <Typography.Text type="secondary">{name}</Typography.Text> : fallback;
  return (
    <Tooltip title={name}>
      <span role="img" aria-label={name}>
        {createElement(Icon)}
      </span>
    </Tooltip>
  );
}

function IconGrid({ value, onPick }: { value: string | null; onPick(name: string): void }) {
  const { t } = useTranslation('menus');
  const state = useIconSet();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const matches = useMemo(() => {
    if (state.status !== 'ready') return [];
    return [...state.icons].filter(([name]) => name.toLowerCase().includes(deferred));
  }, [state, deferred]);

  return (
    <div className={styles.panel}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('icon.search')}
        aria-label={t('icon.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {state.status === 'ready' ? (
        matches.length > 0 ? (
          <div className={styles.grid} role="listbox" aria-label={t('icon.pick')}>
            {matches.map(([name, Icon]) => (
              <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
                <Button
                  className={styles.cell}
                  type={name === value ? 'primary' : 'text'}
                  role="option"
                  aria-selected={name === value}
                  aria-label={name}
                  onClick={() => onPick(name)}
                >
                  {createElement(Icon)}
                </Button>
              </Tooltip>
            ))}
          </div>
        ) : (
          <Empty
            className={styles.status}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('icon.noMatch')}
          />
        )
      ) : (
        <div className={styles.status}>
          {state.status === 'failed' ? (
            <Typography.Text type="danger">{t('icon.failed')}</Typography.Text>
          ) : (
            <Spin />
          )}
        </div>
      )}
    </div>
  );
}

export interface IconPickerProps {
  id?: string;
  value?: string | null;
  onChange?(value: string | null): void;
  disabled?: boolean;
}

/**
 * Picks an Outlined icon of @ant-design/icons (a form control: `value` is the component name). The
 * icon set is loaded the first time the picker or a preview needs it, never by other pages.
 */
export function IconPicker({ id, value = null, onChange, disabled }: IconPickerProps) {
  const { t } = useTranslation('menus');
  const [open, setOpen] = useState(false);

  return (
    <Space.Compact>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomLeft"
        destroyOnHidden
        content={
          <IconGrid
            value={value}
            onPick={(name) => {
              onChange?.(name);
              setOpen(false);
            }}
          />
        }
      >
        <Button id={id} disabled={disabled} aria-haspopup="listbox" aria-expanded={open}>
          {value ? (
            <span className={styles.preview}>
              <MenuIconPreview name={value} fallback={null} />
              {value}
            </span>
          ) : (
            t('icon.pick')
          )}
        </Button>
      </Popover>
      {value && (
        <Button
          aria-label={t('icon.clear')}
          icon={<CloseOutlined />}
          disabled={disabled}
          onClick={() => onChange?.(null)}
        />
      )}
    </Space.Compact>
  );
}
