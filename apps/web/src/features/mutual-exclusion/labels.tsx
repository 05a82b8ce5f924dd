import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExclusionKind } from '@dealer-hr/shared/mutual-exclusion/rules';
import type { ExclusionRule, ExclusionStatus } from './api';

// How the mutual-exclusion vocabulary (packages/shared/src/mutual-exclusion.ts) looks on this page.

const kindColors: Record<ExclusionKind, string> = { people: 'blue', posts: 'purple' };

/** 人员互斥 or 岗位互斥. */
export function KindTag({ kind }: { kind: ExclusionKind }) {
  const { t } = useTranslation('mutualExclusion');
  return <Tag color={kindColors[kind]}>{t(`kinds.${kind}`)}</Tag>;
}

/** 启用 or 停用: a disabled rule blocks nobody. */
export function StatusTag({ status }: { status: ExclusionStatus }) {
  const { t } = useTranslation('mutualExclusion');
  return <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>;
}

/**
 * Whom or what a rule covers: its people by name (张三、李四), their masked numbers in a tooltip, or its
 * two posts (销售顾问 ↔ 财务专员).
 */
export function Coverage({ rule }: { rule: ExclusionRule }) {
  if (rule.kind === 'posts')
    return (
      <Typography.Text>
        {rule.first_post_name ?? '-'} ↔ {rule.second_post_name ?? '-'}
      </Typography.Text>
    );
  return (
    <Tooltip
      title={
        <Flex vertical>
          {rule.members.map((member, index) => (
            <span key={index}>
              {member.name} {member.id_number}
            </span>
          ))}
        </Flex>
      }
    >
      {/* Focusable, so a keyboard (and a tap on a phone) opens the numbers too. */}
      <Typography.Text tabIndex={0} style={{ cursor: 'help' }}>
        {rule.members.map((member) => member.name).join('、')}
      </Typography.Text>
    </Tooltip>
  );
}
