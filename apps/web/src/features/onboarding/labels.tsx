import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ONBOARDING_STEPS,
  type OnboardingDocument,
  type OnboardingStatus,
  type OnboardingStep,
} from '@dealer-hr/shared/onboarding/rules';
import { onboardingStatusColors, type Gender, type OnboardingRow } from './api';

/**
 * The names every onboarding page shows alike: an entry's status and steps, a person's gender and the
 * documents. They are the top level of the onboarding namespace; each page's own texts are under its key
 * (list, entry, induction).
 */
export function useOnboardingNames() {
  const { t } = useTranslation('onboarding');
  return {
    status: (status: OnboardingStatus) => t(`status.${status}`),
    step: (step: OnboardingStep) => t(`steps.${step}`),
    gender: (gender: Gender) => t(`gender.${gender}`),
    document: (document: OnboardingDocument) => t(`documents.${document}`),
  };
}

/** A list cell's text, or '-' where the entry has none yet (an entry date, a comment). */
export const orEmpty = (value: string | null) => value || '-';

/** An entry's status (填写中, 审批中, 已驳回, 已入职). */
export function StatusTag({ status }: { status: OnboardingStatus }) {
  const names = useOnboardingNames();
  return <Tag color={onboardingStatusColors[status]}>{names.status(status)}</Tag>;
}

/** Where an entry hires to: the store, and under it the department and post. */
export function EntryPlace({ entry }: { entry: OnboardingRow }) {
  return (
    <Flex vertical>
      <span>{entry.store_name}</span>
      <Typography.Text type="secondary">
        {entry.department_name} / {entry.post_name}
      </Typography.Text>
    </Flex>
  );
}

/** The three steps after the start, each green once saved. */
export function StepsDone({ steps }: { steps: Record<OnboardingStep, boolean> }) {
  const names = useOnboardingNames();
  return (
    <Space size={2} wrap>
      {ONBOARDING_STEPS.map((step) => (
        <Tag
          key={step}
          color={steps[step] ? 'green' : 'default'}
          variant="filled"
          style={{ marginInlineEnd: 0 }}
        >
          {names.step(step)}
        </Tag>
      ))}
    </Space>
  );
}
