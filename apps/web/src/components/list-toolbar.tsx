import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import type { ButtonProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
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
  /** Downloads the file of the rows the current filters select (`download` from lib/download). */
  onExport(): Promise<void>;
  /**
   * After a failed download. The API client has shown a refusal with the server's message already, so a
   * list needs none of its own.
   */
  onError?(error: Error): void;
  children: ReactNode;
}

/** A list's 导出 button: it downloads the export and spins meanwhile, shown only with its permission. */
export function ExportAction({ permission, onExport, onError, children }: ExportActionProps) {
  const exportFile = useMutation({ mutationFn: onExport, onError });
  return (
    <Permission name={permission}>
      <Button icon={<DownloadOutlined />} loading={exportFile.isPending} onClick={() => exportFile.mutate()}>
        {children}
      </Button>
    </Permission>
  );
}
