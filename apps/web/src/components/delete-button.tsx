import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A row's 删除 link behind a confirmation. When the server refuses (409: still in use, has children) the
 * request layer shows its message, so the rejection is settled here and the row simply stays.
 */
export function DeleteButton({
  title,
  description,
  icon,
  onConfirm,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger icon={icon}>
        {t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
