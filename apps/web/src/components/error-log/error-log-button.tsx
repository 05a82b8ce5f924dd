import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { clearErrorLog, useErrorLog } from '../../lib/error-log';
import type { ErrorLogEntry } from '../../lib/error-log';

/** Long text (a stack) folded away until asked for; it keeps its line breaks. */
function Folded({ summary, text }: { summary: ReactNode; text: string }) {
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>{summary}</summary>
      <pre
        style={{ margin: '8px 0 0', maxHeight: 240, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}
      >
        {text}
      </pre>
    </details>
  );
}

/**
 * The navbar's error-log widget (docs/web.md "Shared layout"): absent while the log is empty; otherwise a bug icon with
 * the number of errors that opens the list, with a button that clears it.
 */
export function ErrorLogButton() {
  const { t } = useTranslation('components');
  const log = useErrorLog();
  const [open, setOpen] = useState(false);

  if (log.length === 0) return null;

  const columns: TableColumnsType<ErrorLogEntry> = [
    {
      key: 'time',
      title: t('errorLog.time'),
      width: 160,
      render: (_, entry) => parseTime(entry.time),
    },
    {
      key: 'message',
      title: t('errorLog.message'),
      width: 220,
      render: (_, entry) => <Typography.Text type="danger">{entry.error.message}</Typography.Text>,
    },
    {
      key: 'component',
      title: t('errorLog.component'),
      width: 220,
      render: (_, entry) => (
        <>
          {entry.component ? <Typography.Text code>{entry.component}</Typography.Text> : null}
          {entry.info ? <Folded summary={entry.info.trim().split('\n')[0]} text={entry.info} /> : null}
        </>
      ),
    },
    {
      key: 'url',
      title: t('errorLog.url'),
      width: 200,
      render: (_, entry) => <Typography.Text style={{ wordBreak: 'break-all' }}>{entry.url}</Typography.Text>,
    },
    {
      key: 'stack',
      title: t('errorLog.stack'),
      render: (_, entry) =>
        entry.error.stack ? <Folded summary={t('errorLog.showStack')} text={entry.error.stack} /> : '-',
    },
  ];

  return (
    <>
      <Badge count={log.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BugOutlined style={{ color: '#ff4d4f' }} />}
          aria-label={t('errorLog.button')}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clearErrorLog();
              setOpen(false);
            }}
          >
            {t('errorLog.clearAll')}
          </Button>
        }
      >
        <Table
          rowKey={(entry) => `${entry.time}-${log.indexOf(entry)}`}
          columns={columns}
          dataSource={[...log]}
          pagination={false}
          size="small"
          scroll={{ x: 1000 }}
        />
      </Modal>
    </>
  );
}
