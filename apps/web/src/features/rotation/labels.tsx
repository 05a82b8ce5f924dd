import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RotationPlanStatus, RotationStageStatus } from '@dealer-hr/shared/rotation/rules';

// Preset colours whose text app/contrast.css keeps readable (the status presets fall below 4.5:1).
const planColors: Record<RotationPlanStatus, string> = {
  active: 'blue',
  completed: 'green',
  cancelled: 'default',
};

const stageColors: Record<RotationStageStatus, string> = {
  upcoming: 'default',
  current: 'blue',
  done: 'green',
  cancelled: 'default',
};

/** A plan's status: 进行中, 已完成, 已取消. */
export function PlanStatusTag({ status }: { status: RotationPlanStatus }) {
  const { t } = useTranslation('rotation');
  return <Tag color={planColors[status]}>{t(`planStatus.${status}`)}</Tag>;
}

/** A stage's status: 未开始, 进行中, 已完成, 已取消. */
export function StageStatusTag({ status }: { status: RotationStageStatus }) {
  const { t } = useTranslation('rotation');
  return <Tag color={stageColors[status]}>{t(`stageStatus.${status}`)}</Tag>;
}
