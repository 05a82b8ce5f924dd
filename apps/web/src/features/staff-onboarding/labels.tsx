import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_STEPS, type OnboardingStatus, type OnboardingStep } from '@dealer-hr/shared/onboarding';
import { onboardingStatusColors } from '../../lib/onboarding';

/** An entry's status (填写中, 审批中, 已驳回, 已入职). */
export function StatusTag({ status }: { status: OnboardingStatus }) {
  const { t } = useTranslation('staffOnboarding');
  return <Tag color={onboardingStatusColors[status]}>{t(`status.${status}`)}</Tag>;
}

/** The three steps after the start, each green once saved. */
export function StepsDone({ steps }: { steps: Record<OnboardingStep, boolean> }) {
  const { t } = useTranslation('staffOnboarding');
  return (
    <Space size={2} wrap>
      {ONBOARDING_STEPS.map((step) => (
        <Tag
          key={step}
          color={steps[step] ? 'green' : 'default'}
          variant="filled"
          style={{ marginInlineEnd: 0 }}
        >
          {t(`steps.${step}`)}
        </Tag>
      ))}
    </Space>
  );
}
