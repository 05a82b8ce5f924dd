import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ROTATION_NOTE_MAX,
  ROTATION_STAGES_MAX,
  ROTATION_TITLE_MAX,
  rotationLabels,
} from '@dealer-hr/shared/rotation/rules';
import { DepartmentTreeSelect } from '../../components/department-tree-select';
import { FormDialog } from '../../components/form-dialog';
import { usePermission } from '../../components/permission';
import { placeText } from '../../components/place';
import { PostSelect } from '../../components/post-select';
import { StoreSelect } from '../../components/store-select';
import { DAY_FORMAT } from '../../lib/day-range';
import { maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import {
  ROTATION_KEY,
  editRotation,
  fileRotation,
  rotationPeopleQuery,
  type RotationDetail,
  type RotationStoreInput,
} from './api';
import { StageStatusTag } from './labels';

interface StageValues {
  department_id: number;
  post_id: number;
  period: [Dayjs, Dayjs];
  mentor_id?: number | null;
  /** Not sent: the store's node, to look for the department in. */
  store_node?: number;
  /** Not sent: the mentor's name, shown before any search. */
  mentor_name?: string | null;
}

interface FormValues {
  employee_id: number;
  title: string;
  replaces_main?: boolean;
  note?: string;
  stages: StageValues[];
}

interface RotationFormDialogProps {
  open: boolean;
  /** A plan in progress whose stages to come are changed; none for a new plan. */
  plan: RotationDetail | null;
  onClose(): void;
}

/**
 * 新建轮岗计划 (or 调整 the stages still to come of one in progress): the trainee, the plan's name, whether the
 * stages replace the main post, and the stages in date order, each a store, department, post, period and
 * mentor. Begun and finished stages are shown, never changed.
 */
export function RotationFormDialog({ open, plan, onClose }: RotationFormDialogProps) {
  const { t } = useTranslation('rotation');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const may = usePermission();
  const [typed, setTyped, keyword] = useSearchKeyword();
  const people = useQuery({ ...rotationPeopleQuery(keyword), enabled: open && may('staff:rotation:create') });
  const employeeId = Form.useWatch('employee_id', form);
  const chosen = people.data?.find((person) => person.id === employeeId);
  const begun = plan?.stages.filter((stage) => stage.status === 'current' || stage.status === 'done') ?? [];

  const rules = useMemo(
    () => ({
      employee: selectRules(rotationLabels.employee, t('form.employeeRequired')),
      title: [
        ...requiredRules(rotationLabels.title, t('form.titleRequired')),
        maxLengthRule(
          rotationLabels.title,
          ROTATION_TITLE_MAX,
          t('form.tooLong', { max: ROTATION_TITLE_MAX }),
        ),
      ],
      note: [
        maxLengthRule(rotationLabels.note, ROTATION_NOTE_MAX, t('form.tooLong', { max: ROTATION_NOTE_MAX })),
      ],
      department: selectRules(rotationLabels.department, t('form.departmentRequired')),
      post: selectRules(rotationLabels.post, t('form.postRequired')),
      period: selectRules(rotationLabels.startDate, t('form.periodRequired')),
    }),
    [t],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTyped('');
    if (plan)
      form.setFieldsValue({
        employee_id: plan.employee_id,
        title: plan.title,
        note: plan.note ?? undefined,
        stages: plan.stages
          .filter((stage) => stage.status === 'upcoming')
          .map((stage) => ({
            department_id: stage.department_id,
            post_id: stage.post_id,
            period: [dayjs(stage.start_date), dayjs(stage.end_date)],
            mentor_id: stage.mentor_id,
            mentor_name: stage.mentor_name,
          })),
      });
    else form.setFieldsValue({ stages: [{} as StageValues] });
  }, [open, plan, form, setTyped]);

  const save = useSaveMutation({
    form,
    save: ({ stages = [], employee_id, replaces_main, ...values }: FormValues) => {
      const sent = stages.map(({ period: [start, end], department_id, post_id, mentor_id }) => ({
        department_id,
        post_id,
        start_date: start.format(DAY_FORMAT),
        end_date: end.format(DAY_FORMAT),
        mentor_id: mentor_id ?? null,
      }));
      if (plan) return editRotation({ id: plan.id, ...values, stages: sent });
      const body: RotationStoreInput = {
        employee_id,
        replaces_main: Boolean(replaces_main),
        ...values,
        stages: sent,
      };
      return fileRotation(body);
    },
    successMessage: t(plan ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [ROTATION_KEY] }),
    conflictField: 'employee_id',
    // Each stage's two dates are one range picker.
    fieldOf: (field) => field.replace(/\.(start_date|end_date)$/, '.period'),
  });

  return (
    <FormDialog
      open={open}
      title={t(plan ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="rotation-form"
      width={760}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="employee_id"
            label={t('fields.employee')}
            rules={rules.employee}
            extra={chosen ? t('form.home', { place: placeText(chosen.home) }) : undefined}
          >
            <Select<number>
              showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
              disabled={plan !== null}
              placeholder={t('form.employeePlaceholder')}
              loading={people.isFetching}
              notFoundContent={null}
              options={(plan
                ? [
                    {
                      id: plan.employee_id,
                      name: plan.employee_name,
                      employee_no: plan.employee_no,
                      open_plan_id: null,
                    },
                  ]
                : (people.data ?? [])
              ).map((person) => ({
                value: person.id,
                label: `${person.name}（${person.employee_no}）`,
                disabled: person.open_plan_id !== null,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="title" label={t('fields.title')} rules={rules.title}>
            <Input maxLength={ROTATION_TITLE_MAX} placeholder={t('form.titlePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      {chosen?.open_plan_id != null && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('form.openPlan')} />
      )}
      {plan === null && (
        <Form.Item name="replaces_main" valuePropName="checked" extra={t('form.replacesMainHint')}>
          <Checkbox>{t('fields.replacesMain')}</Checkbox>
        </Form.Item>
      )}
      {begun.length > 0 && (
        <Flex vertical gap={4} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('form.begun')}</Typography.Text>
          {begun.map((stage) => (
            <Flex key={stage.id} gap={8} wrap align="center">
              <StageStatusTag status={stage.status} />
              <span>
                {stage.start_date} ~ {stage.end_date} · {placeText(stage)}
              </span>
            </Flex>
          ))}
        </Flex>
      )}
      <Form.List name="stages">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={12} style={{ marginBottom: 16 }}>
            {fields.map((field, index) => (
              <StageFields
                key={field.key}
                name={field.name}
                index={begun.length + index + 1}
                rules={rules}
                onRemove={fields.length > (plan ? 0 : 1) ? () => remove(field.name) : undefined}
              />
            ))}
            <Form.ErrorList errors={errors} />
            {fields.length + begun.length < ROTATION_STAGES_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                {t('actions.addStage')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Form.Item name="note" label={t('fields.note')} rules={rules.note}>
        <Input.TextArea rows={2} maxLength={ROTATION_NOTE_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}

type StageRules = Record<'department' | 'post' | 'period', ReturnType<typeof selectRules>>;

/** One stage of the list: where (store, then department and post), when, and with which mentor. */
function StageFields({
  name,
  index,
  rules,
  onRemove,
}: {
  name: number;
  index: number;
  rules: StageRules;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('rotation');
  const form = Form.useFormInstance<FormValues>();
  const storeNode = Form.useWatch(['stages', name, 'store_node'], form);
  const mentorName = Form.useWatch(['stages', name, 'mentor_name'], form);
  const mentorId = Form.useWatch(['stages', name, 'mentor_id'], form);
  const may = usePermission();
  const [typed, setTyped, keyword] = useSearchKeyword();
  const mentors = useQuery({
    ...rotationPeopleQuery(keyword),
    enabled: may('staff:rotation:create') || may('staff:rotation:update'),
  });
  const mentorOptions = [
    ...(mentorId && mentorName ? [{ value: mentorId, label: mentorName }] : []),
    ...(mentors.data ?? [])
      .filter((person) => person.id !== mentorId)
      .map((person) => ({ value: person.id, label: `${person.name}（${person.employee_no}）` })),
  ];
  return (
    <Card
      size="small"
      title={t('form.stage', { index })}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('actions.removeStage', { index })}
            onClick={onRemove}
          />
        )
      }
    >
      <Form.Item name={[name, 'store_node']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'mentor_name']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item label={t('fields.store')}>
            <StoreSelect
              aria-label={t('fields.store')}
              allowClear
              onChange={(_id, option) => {
                const store = option && !Array.isArray(option) ? option.store : undefined;
                form.setFieldValue(['stages', name, 'store_node'], store?.departmentId);
                form.setFieldValue(['stages', name, 'department_id'], store?.departmentId);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name={[name, 'department_id']} label={t('fields.department')} rules={rules.department}>
            <DepartmentTreeSelect rootId={storeNode} placeholder={t('form.departmentPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name={[name, 'post_id']} label={t('fields.post')} rules={rules.post}>
            <PostSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name={[name, 'period']} label={t('fields.period')} rules={rules.period}>
            <DatePicker.RangePicker
              format={DAY_FORMAT}
              style={{ width: '100%' }}
              placeholder={[t('fields.startDate'), t('fields.endDate')]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name={[name, 'mentor_id']} label={t('fields.mentor')}>
            <Select<number>
              allowClear
              showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
              placeholder={t('form.mentorPlaceholder')}
              loading={mentors.isFetching}
              notFoundContent={null}
              options={mentorOptions}
              // The name shown for the chosen mentor once the search changes.
              onChange={(_id, option) =>
                form.setFieldValue(
                  ['stages', name, 'mentor_name'],
                  option && !Array.isArray(option) ? String(option.label) : null,
                )
              }
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
