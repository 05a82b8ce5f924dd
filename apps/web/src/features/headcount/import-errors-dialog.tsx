import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRowError } from './api';

/** The rows a refused import named, with the server's reason for each; nothing was written. */
export function ImportErrorsDialog({
  errors,
  onClose,
}: {
  errors: ImportRowError[] | null;
  onClose(): void;
}) {
  const { t } = useTranslation('headcount');
  return (
    <Modal
      open={errors !== null}
      title={t('importErrors.title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('importErrors.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Typography.Paragraph type="danger">
        {t('importErrors.summary', { count: errors?.length ?? 0 })}
      </Typography.Paragraph>
      <Table
        rowKey={(error) => `${error.row ?? 0}-${error.message}`}
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={errors ?? []}
        columns={[
          { title: t('importErrors.row'), dataIndex: 'row', width: 70, render: (row?: number) => row ?? '-' },
          { title: t('importErrors.message'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
