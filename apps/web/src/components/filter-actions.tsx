import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Of a filter item in a compact inline filter form (placeholder and aria-label instead of a label): the gap
 * below it when the filters wrap onto several lines.
 */
export const FILTER_ITEM: CSSProperties = { marginBottom: 8 };

interface FilterActionsProps {
  /** After the filter form has been cleared: search again without filters. */
  onReset(): void;
  /** Of the item, e.g. the bottom margin the other filters have. */
  style?: CSSProperties;
  /** The search and reset buttons show their icons. */
  icons?: boolean;
  /** Another label for the search button (搜索 unless told). */
  searchText?: ReactNode;
  /** The form they act on when they stand outside it (a drawer's footer); the one around them otherwise. */
  form?: FormInstance;
}

/**
 * The 搜索 and 重置 buttons at the end of a list's inline filter form: 搜索 submits the form, 重置 clears it
 * and calls `onReset`. Every list page has the same pair.
 */
export function FilterActions({
  onReset,
  style,
  icons = false,
  searchText,
  form: outside,
}: FilterActionsProps) {
  const { t } = useTranslation();
  const around = Form.useFormInstance();
  const form = outside ?? around;
  const buttons = (
    <Space wrap>
      <Button
        type="primary"
        htmlType={outside ? 'button' : 'submit'}
        icon={icons ? <SearchOutlined /> : undefined}
        onClick={outside ? () => outside.submit() : undefined}
      >
        {searchText ?? t('actions.search')}
      </Button>
      <Button
        icon={icons ? <ReloadOutlined /> : undefined}
        onClick={() => {
          form.resetFields();
          onReset();
        }}
      >
        {t('actions.reset')}
      </Button>
    </Space>
  );
  return outside ? buttons : <Form.Item style={style}>{buttons}</Form.Item>;
}
