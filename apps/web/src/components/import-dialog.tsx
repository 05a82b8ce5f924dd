import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Modal,
  Progress,
  Result,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadFailures,
  downloadTemplate,
  importDetail,
  importEnded,
  previewImport,
  startImport,
  type ImportPreview,
} from '../lib/imports';

interface ImportDialogProps {
  open: boolean;
  /** The import's kind on the server (`imports/*`). */
  kind: string;
  title: string;
  /** The template's file name, in the reader's language. */
  templateName: string;
  onClose(): void;
  /** After rows were written: the page asks for its list again. */
  onImported(): void;
}

/** How often a running import is asked for its progress. */
const PROGRESS_REFRESH_MS = 1_000;

/**
 * An Excel import in three steps (docs/web.md "Lists"): choose a file (the template is offered), see it
 * checked (counts and every problem of the first bad rows, nothing written yet), then import it as a job
 * whose progress shows, ending with what was written and the failure file to fix and upload again.
 */
export function ImportDialog({ open, kind, title, templateName, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('components');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);

  const check = useMutation({ mutationFn: (file: File) => previewImport(kind, file), onSuccess: setPreview });
  const commit = useMutation({
    mutationFn: () => startImport(kind, preview!.token, allOrNothing),
    onSuccess: (job) => setJobId(job.id),
  });
  const job = useQuery({
    queryKey: ['imports', 'detail', jobId],
    queryFn: () => importDetail(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data && importEnded(query.state.data) ? false : PROGRESS_REFRESH_MS,
  });
  const ended = job.data !== undefined && importEnded(job.data);
  // Once per import that wrote rows, the page is told to ask for its list again.
  const told = useRef<number | null>(null);
  const wrote = ended && (job.data.succeeded ?? 0) > 0;
  useEffect(() => {
    if (!wrote || told.current === jobId) return;
    told.current = jobId;
    onImported();
  }, [wrote, jobId, onImported]);

  const reset = () => {
    setPreview(null);
    setJobId(null);
    setAllOrNothing(false);
    check.reset();
    commit.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const step = jobId !== null ? (ended ? 'done' : 'running') : preview ? 'preview' : 'choose';
  const footer = {
    choose: [
      <Button key="close" onClick={close}>
        {t('importDialog.close')}
      </Button>,
    ],
    preview: [
      <Button key="again" onClick={reset}>
        {t('importDialog.chooseAgain')}
      </Button>,
      <Button
        key="import"
        type="primary"
        loading={commit.isPending}
        disabled={!preview || (preview.valid === 0 && !allOrNothing)}
        onClick={() => commit.mutate()}
      >
        {t('importDialog.import')}
      </Button>,
    ],
    running: null,
    done: [
      <Button key="done" type="primary" onClick={close}>
        {t('importDialog.done')}
      </Button>,
    ],
  }[step];

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {step === 'choose' && (
        <Flex vertical gap={12}>
          <Space>
            <Typography.Text>{t('importDialog.templateHint')}</Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(kind, templateName)}>
              {t('importDialog.template')}
            </Button>
          </Space>
          <Upload.Dragger
            accept=".xlsx"
            showUploadList={false}
            disabled={check.isPending}
            beforeUpload={(file) => {
              check.mutate(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{check.isPending ? t('importDialog.checking') : t('importDialog.drop')}</p>
          </Upload.Dragger>
        </Flex>
      )}
      {step === 'preview' && preview && (
        <Flex vertical gap={12}>
          <Alert
            type={preview.invalid > 0 ? 'warning' : 'success'}
            showIcon
            title={t('importDialog.checked', {
              total: preview.total,
              valid: preview.valid,
              invalid: preview.invalid,
            })}
          />
          {preview.failures.length > 0 && (
            <Table
              size="small"
              rowKey="row"
              pagination={false}
              scroll={{ y: 240 }}
              dataSource={preview.failures}
              columns={[
                { title: t('importDialog.row'), dataIndex: 'row', width: 80 },
                {
                  title: t('importDialog.problems'),
                  dataIndex: 'problems',
                  render: (problems: string[]) => problems.join('；'),
                },
              ]}
            />
          )}
          <Checkbox checked={allOrNothing} onChange={(event) => setAllOrNothing(event.target.checked)}>
            {t('importDialog.allOrNothing')}
          </Checkbox>
        </Flex>
      )}
      {step === 'running' && (
        <Progress
          percent={job.data?.total ? Math.floor((job.data.done / job.data.total) * 100) : 0}
          status="active"
          aria-label={t('importDialog.running')}
        />
      )}
      {step === 'done' && job.data && (
        <Result
          status={job.data.error || job.data.status !== 'succeeded' ? 'warning' : 'success'}
          title={t('importDialog.result', {
            succeeded: job.data.succeeded ?? 0,
            failed: job.data.failed ?? 0,
          })}
          subTitle={job.data.error ?? undefined}
          extra={
            (job.data.failed ?? 0) > 0 && (
              <Button icon={<DownloadOutlined />} onClick={() => void downloadFailures(job.data.id)}>
                {t('importDialog.failures')}
              </Button>
            )
          }
        />
      )}
    </Modal>
  );
}
