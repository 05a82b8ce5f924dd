import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnboardingStep } from '@dealer-hr/shared/onboarding/rules';
import type { Draft } from '../../../lib/drafts';
import { showSaveError } from '../../../lib/form-errors';
import { ONBOARDING_KEY, onboardingDetailQuery, refusalsOf, type OnboardingDetail } from '../api';
import { saveStep, type StepBody } from './api';

/** The button permission of saving a step. */
export const SAVE_PERMISSION = 'managingpeople:enrollmententry:save';

/** What every step is given by the page. */
export interface StepProps {
  entry: OnboardingDetail;
  /** A draft the user may save (`SAVE_PERMISSION`): otherwise the form is read-only and keeps no draft. */
  editable: boolean;
  /** After a save: the page moves on to the next step. */
  onSaved(): void;
}

/** The key of a step's draft on the server; none for a read-only form. */
export const draftKey = (entry: OnboardingDetail, step: OnboardingStep, editable: boolean) =>
  editable ? `onboarding:${entry.id}:${step}` : null;

/** A refused save on the form's fields: the 422 field errors, and each reason of a refused hire (409). */
function showStepError<Values>(form: FormInstance<Values>, error: unknown): void {
  const refusals = refusalsOf(error);
  if (refusals.length === 0) {
    showSaveError(form, error);
    return;
  }
  const fields = [...new Set(refusals.map((refusal) => refusal.field))];
  form.setFields(
    fields.map((field) => ({
      name: field as never,
      errors: refusals.filter((refusal) => refusal.field === field).map((refusal) => refusal.message),
    })),
  );
}

interface StepSaveOptions<Values> {
  form: FormInstance<Values>;
  entry: OnboardingDetail;
  toBody(values: Values): StepBody;
  /** Drops the step's draft once the step is saved. */
  discard(): Promise<boolean>;
  onSaved(): void;
}

/** `PUT update` of one step: the entry as saved replaces the cached one, the draft goes, the page moves on. */
export function useStepSave<Values>({ form, entry, toBody, discard, onSaved }: StepSaveOptions<Values>) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Values) => saveStep(entry.id, toBody(values)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(onboardingDetailQuery(entry.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [ONBOARDING_KEY, 'list'] });
      await discard().catch(() => false);
      void message.success(t('messages.saved'));
      onSaved();
    },
    onError: (error) => showStepError(form, error),
  });
}

interface StepFormProps<Values> {
  form: FormInstance<Values>;
  /** The form's name: its fields' ids start with it. */
  name: string;
  /** The step as saved (or as started): the draft, restored after them, wins. */
  initialValues: Partial<Values>;
  editable: boolean;
  saving: boolean;
  /** The restored draft, if any: a notice offers to drop it. */
  restored: Draft | null;
  onDiscardDraft(): void;
  onValuesChange(): void;
  onFinish(values: Values): void;
  /** More buttons after 保存 (提交审批 on the last step), shown even when the form is read-only. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One step's form: the draft notice, the fields, and 保存 while it may be saved. */
export function StepForm<Values>({
  form,
  name,
  initialValues,
  editable,
  saving,
  restored,
  onDiscardDraft,
  onValuesChange,
  onFinish,
  actions,
  children,
}: StepFormProps<Values>) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  return (
    <Form<Values>
      form={form}
      name={name}
      layout="vertical"
      disabled={!editable}
      initialValues={initialValues as Record<string, unknown>}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      scrollToFirstError
    >
      {restored && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('draft.restored')}
          action={
            <Button size="small" type="link" onClick={onDiscardDraft}>
              {t('draft.discard')}
            </Button>
          }
        />
      )}
      {children}
      {(editable || actions) && (
        <Flex gap={8} wrap justify="flex-end">
          {editable && (
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
              {t('actions.save')}
            </Button>
          )}
          {actions}
        </Flex>
      )}
    </Form>
  );
}

/** Drops the draft and shows the step as saved again. */
export function useDiscardDraft<Values>(form: FormInstance<Values>, discard: () => Promise<boolean>) {
  return () => {
    void discard().catch(() => false);
    form.resetFields();
  };
}
