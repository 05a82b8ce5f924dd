import { RedoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Skeleton, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_STEPS, type OnboardingStep } from '@dealer-hr/shared/onboarding/rules';
import { Permission, usePermission } from '../../../components/permission';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useIdParam } from '../../../lib/use-id-param';
import { findMenu } from '../../../lib/menu-tree';
import { useMenuTree } from '../../../lib/session-queries';
import { ONBOARDING_KEY, onboardingDetailQuery, type OnboardingDetail } from '../api';
import { StatusTag, useOnboardingNames } from '../labels';
import { firstOpenStep, refillEntry, submitEntry } from './api';
import { ContractStep } from './contract-step';
import { DocumentsStep } from './documents-step';
import { PersonalStep } from './personal-step';
import { PendingEntries } from './pending-entries';
import { SAVE_PERMISSION } from './step-form';

const SUBMIT_PERMISSION = 'managingpeople:enrollmententry:submit';
/** 入职管理, where the entries are listed. */
const ONBOARDING_LIST_PATH = '/staff/onboarding';

/**
 * `/managingpeople/enrollmententry?id=N` (入职登记): an entry's three steps, each a form saved on its own and
 * kept as a draft while it is typed. A draft entry is filled and submitted; once submitted it is read-only,
 * and a rejected one shows the approver's comment and can be taken back for filling.
 */
export function EnrollmentEntryPage() {
  const [id] = useIdParam('id');
  const { data: menus } = useMenuTree();
  if (id === null) {
    // Opened from the sidebar or the workbench: the entries waiting to be filled in, each opening here.
    return (
      <PendingEntries
        onboardingListPath={findMenu(menus, ONBOARDING_LIST_PATH) ? ONBOARDING_LIST_PATH : null}
      />
    );
  }
  // Another entry is another page: nothing of the previous one (its step, its forms) is kept.
  return <EntryForm key={id} id={id} />;
}

function EntryForm({ id }: { id: number }) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const detail = useQuery(onboardingDetailQuery(id));
  const entry = detail.data;

  if (!entry) {
    return (
      <Card>
        {/* A missing entry (an old link) has been reported by the API client. */}
        {detail.isError ? <Empty description={t('notFound')} /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </Card>
    );
  }
  return <EntrySteps entry={entry} />;
}

/** Where a 422 of the submission points: the step of the document or step it names. */
function stepOfField(field: string): OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(field) ? (field as OnboardingStep) : 'documents';
}

function EntrySteps({ entry }: { entry: OnboardingDetail }) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const names = useOnboardingNames();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission();
  const [current, setCurrent] = useState(() => firstOpenStep(entry, ONBOARDING_STEPS));
  const editable = entry.status === 'draft' && can(SAVE_PERMISSION);
  const step = ONBOARDING_STEPS[current]!;

  const settle = async (saved: OnboardingDetail) => {
    queryClient.setQueryData(onboardingDetailQuery(entry.id).queryKey, saved);
    await queryClient.invalidateQueries({ queryKey: [ONBOARDING_KEY, 'list'] });
  };

  const refill = useMutation({
    mutationFn: () => refillEntry(entry.id),
    onSuccess: async (saved) => {
      void message.success(t('messages.refilled'));
      await settle(saved);
    },
  });

  const submit = useMutation({
    mutationFn: () => submitEntry(entry.id),
    onSuccess: async (saved) => {
      void message.success(t('messages.submitted'));
      await settle(saved);
    },
    onError: (error) => {
      // A 422 names what is missing (a step, a document); the API client does not toast it.
      const [missing] = fieldErrorsOf(error);
      if (!missing) return;
      void message.error(missing.message);
      setCurrent(ONBOARDING_STEPS.indexOf(stepOfField(missing.field)));
    },
  });

  const next = () => setCurrent((index) => Math.min(index + 1, ONBOARDING_STEPS.length - 1));
  const stepProps = { entry, editable, onSaved: next };

  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <EntryHeader entry={entry} />
        {entry.status === 'returned' && (
          <Alert
            type="error"
            showIcon
            title={t('returned.title')}
            description={entry.return_comment ?? t('returned.noComment')}
            action={
              <Permission name={SAVE_PERMISSION}>
                <Button icon={<RedoOutlined />} loading={refill.isPending} onClick={() => refill.mutate()}>
                  {t('actions.refill')}
                </Button>
              </Permission>
            }
          />
        )}
        {entry.status === 'draft' && entry.return_comment && (
          <Alert type="warning" showIcon title={t('returned.previous')} description={entry.return_comment} />
        )}
        {(entry.status === 'pending' || entry.status === 'approved') && (
          <Alert
            type={entry.status === 'approved' ? 'success' : 'info'}
            showIcon
            title={t(`locked.${entry.status}`)}
          />
        )}
        <Steps
          current={current}
          onChange={setCurrent}
          size="small"
          items={ONBOARDING_STEPS.map((name) => ({
            title: names.step(name),
            status: name === step ? 'process' : entry.steps[name] ? 'finish' : 'wait',
          }))}
        />
        {step === 'personal' && <PersonalStep key={step} {...stepProps} />}
        {step === 'documents' && <DocumentsStep key={step} {...stepProps} />}
        {step === 'contract' && (
          <ContractStep
            key={step}
            {...stepProps}
            canSubmit={entry.status === 'draft' && can(SUBMIT_PERMISSION)}
            submitting={submit.isPending}
            onSubmit={() => submit.mutate()}
          />
        )}
      </Flex>
    </Card>
  );
}

/** Who is hired, where, and how far the entry is. */
function EntryHeader({ entry }: { entry: OnboardingDetail }) {
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {entry.name}
        </Typography.Title>
        <StatusTag status={entry.status} />
        {entry.employee_no && <Typography.Text type="secondary">{entry.employee_no}</Typography.Text>}
      </Flex>
      <Typography.Text type="secondary">
        {[entry.store_name, entry.department_name, entry.post_name].join(' / ')}
      </Typography.Text>
    </Flex>
  );
}
