import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnboardingDocument } from '@dealer-hr/shared/onboarding/rules';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@dealer-hr/shared/uploads/rules';
import { FilePreview } from '../../../components/file-preview';
import { fieldErrorsOf } from '../../../lib/api-client';
import type { UploadedFile } from '../api';
import { uploadFile } from './api';

/** The employee photo must be an image; the other documents may be a scan as PDF. */
const acceptOf = (document: OnboardingDocument) =>
  (document === 'face' ? UPLOAD_TYPES.filter((type) => type.startsWith('image/')) : UPLOAD_TYPES).join(',');

interface DocumentSlotProps {
  document: OnboardingDocument;
  /** The uploaded file, kept whole so that the draft can show it again. */
  value?: UploadedFile | null;
  onChange?(value: UploadedFile | null): void;
  disabled?: boolean;
}

/**
 * One document of the documents step: its preview (an image's thumbnail, a PDF's link) and a button to
 * upload it, or another file in its place. The upload is sent at once; the step's 保存 keeps it.
 */
export function DocumentSlot({ document, value, onChange, disabled }: DocumentSlotProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const send = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, document);
      onChange?.(uploaded);
      return uploaded;
    } catch (error) {
      // A refused file (422 on `file`: its type, its size) is not toasted by the API client.
      for (const refusal of fieldErrorsOf(error)) void message.error(refusal.message);
      throw error;
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex gap={12} align="center" wrap>
      {value && <FilePreview key={value.id} file={value} />}
      {!disabled && (
        <Flex gap={4} wrap>
          <Upload
            accept={acceptOf(document)}
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size <= UPLOAD_MAX_BYTES) return true;
              void message.error(t('documents.tooLarge', { max: UPLOAD_MAX_BYTES / 1024 / 1024 }));
              return Upload.LIST_IGNORE;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              send(file as File).then(
                (uploaded) => onSuccess?.(uploaded),
                (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
              );
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t(value ? 'documents.replace' : 'documents.upload')}
            </Button>
          </Upload>
          {value && (
            <Button icon={<DeleteOutlined />} danger type="text" onClick={() => onChange?.(null)}>
              {t('documents.remove')}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
