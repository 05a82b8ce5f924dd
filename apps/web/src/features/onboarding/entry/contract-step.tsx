import { SendOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { PROBATION_MAX_MONTHS } from '@dealer-hr/shared/onboarding/rules';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { DictionarySelect } from '../../../components/dictionary-select';
import { PostSelect } from '../../../components/post-select';
import { useFormDraft } from '../../../lib/drafts';
import type { OnboardingDetail } from '../api';
import type { ContractBody } from './api';
import { DayInput } from './day-input';
import { contractRules } from './form-rules';
import { draftKey, StepForm, useDiscardDraft, useStepSave, type StepProps } from './step-form';

interface ContractValues extends Record<string, unknown> {
  department_id?: number;
  post_id?: number;
  entry_date: string | null;
  employee_type_id?: number;
  probation_months?: number | null;
  contract_start: string | null;
  contract_end: string | null;
  username: string;
  /** Never answered, never in the draft: typed to set it. */
  password?: string;
  is_sale: boolean;
}

/** The step as saved; before it was, the start's place and the phone as the account's name. */
function valuesOf(entry: OnboardingDetail): ContractValues {
  const { contract } = entry;
  return {
    department_id: entry.department_id,
    post_id: entry.post_id,
    entry_date: contract?.entry_date ?? null,
    employee_type_id: contract?.employee_type_id,
    probation_months: contract?.probation_months ?? null,
    contract_start: contract?.contract_start ?? null,
    contract_end: contract?.contract_end ?? null,
    username: contract?.username ?? entry.phone,
    password: '',
    is_sale: contract?.is_sale ?? false,
  };
}

/** The rules have made sure of the required values; an empty password keeps the one set. */
function bodyOf(values: ContractValues): ContractBody {
  return {
    step: 'contract',
    department_id: values.department_id!,
    post_id: values.post_id!,
    entry_date: values.entry_date!,
    employee_type_id: values.employee_type_id!,
    probation_months: values.probation_months!,
    contract_start: values.contract_start!,
    contract_end: values.contract_end!,
    username: values.username.trim(),
    ...(values.password ? { password: values.password } : {}),
    is_sale: values.is_sale,
  };
}

const HALF = { xs: 24, sm: 12 };
/** The password is typed again each time: it never goes into the draft. */
const NOT_DRAFTED = ['password'];

interface ContractStepProps extends StepProps {
  /** 提交审批 is offered (a draft, and the permission). */
  canSubmit: boolean;
  submitting: boolean;
  /** Sends the entry as saved to its approval. */
  onSubmit(): void;
}

/**
 * Step 3, 岗位与合同: the department inside the store, the post, the dates and the login account opened at
 * approval.
 */
export function ContractStep({
  entry,
  editable,
  onSaved,
  canSubmit,
  submitting,
  onSubmit,
}: ContractStepProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const [form] = Form.useForm<ContractValues>();
  const initialValues = useMemo(() => valuesOf(entry), [entry]);
  const { restored, onValuesChange, discard } = useFormDraft(form, draftKey(entry, 'contract', editable), {
    exclude: NOT_DRAFTED,
  });
  const hasPassword = entry.contract?.has_password ?? false;
  const rules = useMemo(() => contractRules(hasPassword), [hasPassword]);
  const save = useStepSave({ form, entry, toBody: bodyOf, discard, onSaved });

  // What is on the screen is what is submitted: a step changed, restored from its draft or never saved is
  // saved first (and checked, its errors shown on the fields).
  const saveAndSubmit = async () => {
    if (editable && (restored || form.isFieldsTouched() || !entry.steps.contract)) {
      const values = await form.validateFields().catch(() => null);
      if (!values) return;
      const saved = await save.mutateAsync(values).then(
        () => true,
        () => false,
      );
      if (!saved) return;
    }
    onSubmit();
  };

  return (
    <StepForm<ContractValues>
      form={form}
      name="onboarding-contract"
      initialValues={initialValues}
      editable={editable}
      saving={save.isPending}
      restored={restored}
      onDiscardDraft={useDiscardDraft(form, discard)}
      onValuesChange={onValuesChange}
      onFinish={(values) => save.mutate(values)}
      actions={
        canSubmit && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={submitting || save.isPending}
            disabled={false}
            onClick={() => void saveAndSubmit()}
          >
            {t('actions.submit')}
          </Button>
        )
      }
    >
      <Row gutter={16}>
        <Col {...HALF}>
          <Form.Item name="department_id" label={t('fields.department')} rules={rules.department}>
            <DepartmentTreeSelect
              rootId={entry.store_department_id}
              placeholder={t('form.selectPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="post_id" label={t('fields.post')} rules={rules.post}>
            <PostSelect placeholder={t('form.selectPlaceholder')} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="entry_date" label={t('fields.entryDate')} rules={rules.entryDate}>
            <DayInput />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="employee_type_id" label={t('fields.employeeType')} rules={rules.employeeType}>
            <DictionarySelect typeId={DictType.EMPLOYEE_TYPE} placeholder={t('form.selectPlaceholder')} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="probation_months" label={t('fields.probation')} rules={rules.probation}>
            <InputNumber min={0} max={PROBATION_MAX_MONTHS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="is_sale"
            label={t('fields.isSale')}
            valuePropName="checked"
            extra={t('form.isSaleHelp')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="contract_start"
            label={t('fields.contractStart')}
            rules={rules.contractStart}
            dependencies={['entry_date']}
          >
            <DayInput />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="contract_end"
            label={t('fields.contractEnd')}
            rules={rules.contractEnd}
            dependencies={['contract_start']}
          >
            <DayInput />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="username"
            label={t('fields.username')}
            rules={rules.username}
            extra={t('form.usernameHelp')}
          >
            <Input autoComplete="off" maxLength={40} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="password"
            label={t('fields.password')}
            rules={rules.password}
            extra={t(hasPassword ? 'form.passwordKept' : 'form.passwordHelp')}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
    </StepForm>
  );
}
