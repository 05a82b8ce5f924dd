import { useQueryClient } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COURSE_CODE_PATTERN,
  COURSE_NAME_MAX,
  DESCRIPTION_MAX,
  HOURS_MAX,
  HOURS_MIN,
  LOCATION_MAX,
  TRAINER_MAX,
  TRAINING_TYPES,
  trainingLabels,
  trainingMessages,
} from '@dealer-hr/shared/training/rules';
import { DepartmentTreeSelect } from '../../components/department-tree-select';
import { FormDialog } from '../../components/form-dialog';
import { maxLengthRule, patternRule, requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { TRAINING_KEY, createCourse, updateCourse, type CourseFields, type CourseRow } from './api';

interface CourseFormDialogProps {
  open: boolean;
  /** The course to edit; none for a new one. */
  course: CourseRow | null;
  onClose(): void;
}

interface FormValues extends Omit<CourseFields, 'start_date' | 'end_date'> {
  dates: [Dayjs, Dayjs];
}

const DAY = 'YYYY-MM-DD';

/** Add a course, or change one: every field is sent again. */
export function CourseFormDialog({ open, course, onClose }: CourseFormDialogProps) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const rules = useMemo(
    () => ({
      code: [
        ...requiredRules(trainingLabels.code, t('form.codeRequired')),
        patternRule(COURSE_CODE_PATTERN, trainingMessages.codeInvalid, t('form.codeInvalid')),
      ],
      name: [
        ...requiredRules(trainingLabels.name, t('form.nameRequired')),
        maxLengthRule(trainingLabels.name, COURSE_NAME_MAX, t('form.tooLong', { max: COURSE_NAME_MAX })),
      ],
      type: selectRules(trainingLabels.type, t('form.typeRequired')),
      trainer: [
        ...requiredRules(trainingLabels.trainer, t('form.trainerRequired')),
        maxLengthRule(trainingLabels.trainer, TRAINER_MAX, t('form.tooLong', { max: TRAINER_MAX })),
      ],
      dates: selectRules(trainingLabels.startDate, t('form.datesRequired')),
      hours: selectRules(trainingLabels.hours, t('form.hoursRequired')),
      department: selectRules(trainingLabels.department, t('form.departmentRequired')),
      location: [
        maxLengthRule(trainingLabels.location, LOCATION_MAX, t('form.tooLong', { max: LOCATION_MAX })),
      ],
      description: [
        maxLengthRule(
          trainingLabels.description,
          DESCRIPTION_MAX,
          t('form.tooLong', { max: DESCRIPTION_MAX }),
        ),
      ],
    }),
    [t],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (course)
      form.setFieldsValue({
        code: course.code,
        name: course.name,
        type: course.type,
        trainer: course.trainer,
        dates: [dayjs(course.start_date), dayjs(course.end_date)],
        hours: course.hours,
        department_id: course.department_id,
        location: course.location ?? '',
        description: course.description ?? '',
      });
  }, [open, course, form]);

  const save = useSaveMutation({
    form,
    save: ({ dates, ...values }: FormValues) => {
      const fields: CourseFields = {
        ...values,
        start_date: dates[0].format(DAY),
        end_date: dates[1].format(DAY),
      };
      return course ? updateCourse(course.id, fields) : createCourse(fields);
    },
    successMessage: t(course ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [TRAINING_KEY] }),
    conflictField: 'code',
  });

  return (
    <FormDialog
      open={open}
      title={t(course ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="training-course-form"
      width={640}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} rules={rules.code}>
            <Input autoComplete="off" maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('fields.type')} rules={rules.type}>
            <Select options={TRAINING_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={COURSE_NAME_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="trainer" label={t('fields.trainer')} rules={rules.trainer}>
            <Input autoComplete="off" maxLength={TRAINER_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="hours" label={t('fields.hours')} rules={rules.hours} extra={t('form.hoursHint')}>
            <InputNumber min={HOURS_MIN} max={HOURS_MAX} step={0.5} precision={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="dates" label={t('fields.dates')} rules={rules.dates}>
        <DatePicker.RangePicker format={DAY} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="department_id"
        label={t('fields.department')}
        rules={rules.department}
        extra={t('form.departmentHint')}
      >
        <DepartmentTreeSelect />
      </Form.Item>
      <Form.Item name="location" label={t('fields.location')} rules={rules.location}>
        <Input autoComplete="off" maxLength={LOCATION_MAX} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
