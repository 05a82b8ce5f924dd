import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowGap } from './api';

/**
 * Per node, how many departments of the flow's scope find nobody there and the first of them by name:
 * their records will pass the node over, which the user should know before saving.
 */
export function GapList({ gaps }: { gaps: readonly FlowGap[] }) {
  const { t } = useTranslation('approvals', { keyPrefix: 'flows' });
  return (
    <Flex vertical gap={8}>
      {gaps.map((gap) => {
        const names = gap.departments.map((department) => department.name).join(t('gaps.separator'));
        const more = gap.count > gap.departments.length ? t('gaps.andMore') : '';
        return (
          <div key={gap.node_index}>
            <Typography.Text strong>
              {t('gaps.node', { step: gap.node_index + 1, name: gap.node_name, count: gap.count })}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">{names + more}</Typography.Text>
          </div>
        );
      })}
    </Flex>
  );
}
