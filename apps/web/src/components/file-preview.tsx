import { FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { Flex, Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { UploadAnswer } from '@dealer-hr/shared/uploads/contract';
import { get } from '../lib/api-client';

/**
 * What a preview needs of an uploaded file (`POST upload/file`). Its `url`, `/api/auth/upload/file/<id>`, is
 * read with the session's token, so never put into an `src` as it is.
 */
export type PreviewFile = Pick<UploadAnswer, 'id' | 'url' | 'mime' | 'file_name'>;

const THUMBNAIL = 96;

/**
 * The bytes of an uploaded file, fetched through the request layer (which sends the token). Silent: a file
 * the user may no longer see only shows as a plain icon. Files never change, so each is fetched once.
 */
const fileQuery = (id: number, url: string) =>
  queryOptions({
    queryKey: ['upload-file', id],
    queryFn: ({ signal }) =>
      get<Blob>(url.replace(/^\/api(?=\/)/, ''), undefined, { as: 'blob', silent: true, signal }),
    staleTime: Infinity,
    retry: false,
  });

/**
 * A page-local URL of the file's bytes, revoked when the component unmounts; `failed` when they could not
 * be read. A component shows one file: give it a `key` of the file's id.
 */
function useFileUrl(id: number, url: string): { url?: string; failed: boolean } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ url?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    let live = true;
    let created: string | undefined;
    queryClient.fetchQuery(fileQuery(id, url)).then(
      (blob) => {
        if (!live) return;
        created = URL.createObjectURL(blob);
        setState({ url: created, failed: false });
      },
      () => {
        if (live) setState({ failed: true });
      },
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [queryClient, id, url]);
  return state;
}

/**
 * An uploaded file as a thumbnail (an image, which opens larger on click) or a link that opens it (a PDF).
 * The link of a file is only known once it is fetched with the token: an `<img src>` would be refused.
 * Give it a `key` of the file's id.
 */
export function FilePreview({ file }: { file: PreviewFile }) {
  const { url, failed } = useFileUrl(file.id, file.url);
  const isImage = file.mime.startsWith('image/');

  if (!url) {
    return failed ? (
      <Flex align="center" gap={4}>
        <FileOutlined />
        <Typography.Text type="secondary">{file.file_name}</Typography.Text>
      </Flex>
    ) : (
      <Skeleton.Image active style={{ width: THUMBNAIL, height: THUMBNAIL }} />
    );
  }
  if (isImage) {
    return (
      <Image
        src={url}
        alt={file.file_name}
        width={THUMBNAIL}
        height={THUMBNAIL}
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
    );
  }
  return (
    <Typography.Link href={url} target="_blank" rel="noreferrer">
      <FilePdfOutlined /> {file.file_name}
    </Typography.Link>
  );
}
