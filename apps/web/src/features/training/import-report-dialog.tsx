import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Modal, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { TRAINING_IMPORT_KINDS, type TrainingImportKind } from '@dealer-hr/shared/training/rules';
import { useRowsPagination } from '../../components/pagination';
import { importReportQuery } from './api';

interface ImportReportDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * What my last import of courses or of rosters did (`training/import/success` and `training/import/failure`):
 * its counts, then the rows it wrote or the rows it refused with every problem, as the file had them.
 */
export function ImportReportDialog({ open, onClose }: ImportReportDialogProps) {
  const { t } = useTranslation('training');
  const rowsPagination = useRowsPagination({ inDialog: true });
  const [kind, setKind] = useState<TrainingImportKind>('training-courses');
  const [side, setSide] = useState<'success' | 'failure'>('success');
  const report = useQuery({ ...importReportQuery(kind, side), enabled: open });
  const data = report.data;

  return (
    <Modal open={open} title={t('report.title')} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap={12}>
        <Flex gap={12} wrap>
          <Segmented<TrainingImportKind>
            value={kind}
            onChange={setKind}
            options={TRAINING_IMPORT_KINDS.map((value) => ({ value, label: t(`report.kinds.${value}`) }))}
          />
          <Segmented<'success' | 'failure'>
            value={side}
            onChange={setSide}
            options={[
              { value: 'success', label: t('report.success') },
              { value: 'failure', label: t('report.failure') },
            ]}
          />
        </Flex>
        {data === null ? (
          <Empty description={t('report.none')} />
        ) : data ? (
          <>
            <Alert
              type={data.failed > 0 ? 'warning' : 'success'}
              showIcon
              title={t('report.summary', {
                time: data.finished_at ? parseTime(data.finished_at) : '-',
                total: data.total,
                succeeded: data.succeeded,
                failed: data.failed,
              })}
            />
            <Table
              size="small"
              rowKey="row"
              loading={report.isFetching}
              pagination={rowsPagination}
              scroll={{ x: 70 + (side === 'failure' ? 260 : 0) + data.columns.length * 110 }}
              dataSource={data.rows}
              columns={[
                { title: t('report.row'), dataIndex: 'row', width: 70, fixed: 'left' },
                // A refused row's problems first: they are what the reader came for.
                ...(side === 'failure'
                  ? [
                      {
                        title: t('report.problems'),
                        key: 'problems',
                        width: 260,
                        render: (_value: unknown, row: (typeof data.rows)[number]) => row.problems.join('；'),
                      },
                    ]
                  : []),
                ...data.columns.map((column) => ({
                  title: column.header,
                  key: column.key,
                  width: 110,
                  ellipsis: true,
                  render: (_value: unknown, row: (typeof data.rows)[number]) => row.cells[column.key] ?? '',
                })),
              ]}
            />
            {data.more > 0 && (
              <Typography.Text type="secondary">{t('report.more', { count: data.more })}</Typography.Text>
            )}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
