import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover } from 'antd';
import type { TableColumnType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './use-phone';

/** One column of a list page (`ListTable`, `PagedTable`). */
export interface ListColumn<Row> extends TableColumnType<Row> {
  /** Names the column in the remembered column setting: stable across releases. */
  key: string;
  /** Plain text: it also labels the column's checkbox and, on a card, the field. */
  title: string;
  /**
   * Whether the user may hide the column: `default` is shown until hidden, `optional` hidden until shown.
   * Without it the column is always shown. The shown columns' widths fit a 1366 px screen (docs/web.md
   * "Lists"); what does not fit is optional.
   */
  choice?: 'default' | 'optional';
  /**
   * Its part in a row's card on a phone: the title (the row's name), one of the two or three fields that
   * matter there, or the row's actions. A column without it is not on the card.
   */
  card?: 'title' | 'field' | 'actions';
}

/** A list's columns as the user chose them (`useListColumns`). */
export interface ListColumns<Row> {
  /** Every column, in order: what the cards are made from. */
  all: readonly ListColumn<Row>[];
  /** The columns the table shows. */
  shown: readonly ListColumn<Row>[];
  /** The column setting's button for the list's toolbar; null without optional columns, and on a phone. */
  setting: ReactNode;
}

const STORAGE_PREFIX = 'listColumns:';

/** The columns the user showed (true) or hid (false) in the list named `list`, as last saved. */
function savedChoices(list: string): Record<string, boolean> {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + list) ?? '{}');
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return {};
    return Object.fromEntries(
      Object.entries(saved).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    // Something else wrote the key: the list starts from its defaults.
    return {};
  }
}

/**
 * The columns of the list named `list` (unique in the app, e.g. `staff`) that the user chose to see, and the
 * button that changes the choice. The choice is remembered in local storage, per list; a column the user
 * never touched follows its `choice`, so a column added later comes with its default.
 */
export function useListColumns<Row>(list: string, columns: ListColumn<Row>[]): ListColumns<Row> {
  const phone = usePhone();
  const [choices, setChoices] = useState(() => savedChoices(list));
  const isShown = (column: ListColumn<Row>) =>
    column.choice === undefined || (choices[column.key] ?? column.choice === 'default');
  const choose = (next: Record<string, boolean>) => {
    setChoices(next);
    if (Object.keys(next).length === 0) window.localStorage.removeItem(STORAGE_PREFIX + list);
    else window.localStorage.setItem(STORAGE_PREFIX + list, JSON.stringify(next));
  };
  const hasChoice = columns.some((column) => column.choice !== undefined);
  return {
    all: columns,
    shown: columns.filter(isShown),
    // Cards show what the page chose for them: there is nothing to set on a phone.
    setting:
      hasChoice && !phone ? (
        <ColumnSetting
          columns={columns.filter((column) => column.card !== 'actions')}
          isShown={isShown}
          onChange={(key, shown) => choose({ ...choices, [key]: shown })}
          onReset={() => choose({})}
        />
      ) : null,
  };
}

interface ColumnSettingProps<Row> {
  columns: readonly ListColumn<Row>[];
  isShown(column: ListColumn<Row>): boolean;
  onChange(key: string, shown: boolean): void;
  onReset(): void;
}

/**
 * The 列设置 button: a checklist of the list's columns. The columns a list always shows are listed too,
 * checked and disabled, so that the list reads as the table does.
 */
function ColumnSetting<Row>({ columns, isShown, onChange, onReset }: ColumnSettingProps<Row>) {
  const { t } = useTranslation('components');
  const label = t('columnSetting.button');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={label}
      content={
        <Flex vertical gap={4} role="group" aria-label={label}>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              checked={isShown(column)}
              disabled={column.choice === undefined}
              onChange={(event) => onChange(column.key, event.target.checked)}
            >
              {column.title}
            </Checkbox>
          ))}
          <Button type="link" size="small" onClick={onReset} style={{ alignSelf: 'flex-start', padding: 0 }}>
            {t('columnSetting.reset')}
          </Button>
        </Flex>
      }
    >
      <Button icon={<SettingOutlined />}>{label}</Button>
    </Popover>
  );
}
