import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revealIdNumber } from './api';

interface IdNumberProps {
  /** The person. */
  id: number;
  /** What the server sent: the first and last three characters. */
  masked: string;
  /** The page grants the reveal: a 查看 button beside the number asks the server for the whole one. */
  canReveal: boolean;
}

/**
 * A person's ID number, masked. Those allowed may show the whole number (each look is recorded by the
 * server) and hide it again; it is kept only while shown, never cached.
 */
export function IdNumber({ id, masked, canReveal }: IdNumberProps) {
  const { t } = useTranslation('staff');
  const [whole, setWhole] = useState<string | null>(null);
  // A refusal is shown by the API client with the server's message.
  const reveal = useMutation({ mutationFn: () => revealIdNumber(id), onSuccess: setWhole });

  return (
    <Flex align="center" gap={4} wrap>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{whole ?? masked}</span>
      {canReveal && (
        <Button
          type="link"
          size="small"
          icon={whole ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          loading={reveal.isPending}
          onClick={() => (whole ? setWhole(null) : reveal.mutate())}
          style={{ paddingInline: 0 }}
        >
          {whole ? t('idNumber.hide') : t('idNumber.reveal')}
        </Button>
      )}
    </Flex>
  );
}
