import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import type { ButtonProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ExportKind } from '@dealer-hr/shared/exports/rules';
import { ApiError, type QueryParams } from '../lib/api-client';
import {
  downloadExport,
  EXPORTS_KEY,
  EXPORTS_PATH,
  isActive,
  settledSoon,
  startExport,
} from '../lib/exports';
import { notifyError } from '../lib/feedback';
import { Permission } from './permission';

/** A list page's buttons side by side (in its card's header, or at the end of a row), wrapping when narrow. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <Space wrap>{children}</Space>;
}

interface CreateActionProps {
  /** The button permission that shows it, e.g. `staff:prohibited:create`. */
  permission: string;
  /** Opens the create form. */
  onClick(): void;
  size?: ButtonProps['size'];
  style?: CSSProperties;
  children: ReactNode;
}

/** The primary 新增 button of a list, shown only where the page grants its permission. */
export function CreateAction({ permission, onClick, size, style, children }: CreateActionProps) {
  return (
    <Permission name={permission}>
      <Button type="primary" size={size} icon={<PlusOutlined />} onClick={onClick} style={style}>
        {children}
      </Button>
    </Permission>
  );
}

interface ExportActionProps {
  /** The button permission that shows it, e.g. `staff:list:export`. */
  permission: string;
  /** The list it exports (`down/timing/excel/store`). */
  kind: ExportKind;
  /** The filters the list shows, as its export route takes them. */
  filters: QueryParams;
  children: ReactNode;
}

/** How long the button waits for a started export before leaving it to run in the background. */
export const DIRECT_WAIT_MS = 3_000;

/**
 * A list's 导出 button, shown only with its permission. It starts the export as a job on the server and waits
 * a moment: a small list is done by then and downloads at once; a large one runs on, and the user is told
 * where to find it (the navbar badge shows it running, a message says when it is ready).
 */
export function ExportAction({ permission, kind, filters, children }: ExportActionProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const exportFile = useMutation({
    mutationFn: async () => {
      const started = await startExport(kind, filters);
      void queryClient.invalidateQueries({ queryKey: [EXPORTS_KEY] });
      const job = await settledSoon(started, DIRECT_WAIT_MS);
      if (job.status === 'succeeded') return downloadExport(job.id, t(`exportFiles.${kind}`));
      if (!isActive(job)) throw new Error(job.error ?? t('export.failed'));
      void queryClient.invalidateQueries({ queryKey: [EXPORTS_KEY] });
      // The toast is drawn outside the router: its link navigates through this component's.
      void message.info({
        content: (
          <>
            {t('export.running')}{' '}
            <Button type="link" size="small" onClick={() => void navigate(EXPORTS_PATH)}>
              {t('export.open')}
            </Button>
          </>
        ),
        duration: 6,
      });
    },
    // A refusal was shown by the API client already; a failed job is told here.
    onError: (error) => {
      if (!(error instanceof ApiError)) notifyError(error.message);
    },
  });
  return (
    <Permission name={permission}>
      <Button icon={<DownloadOutlined />} loading={exportFile.isPending} onClick={() => exportFile.mutate()}>
        {children}
      </Button>
    </Permission>
  );
}
