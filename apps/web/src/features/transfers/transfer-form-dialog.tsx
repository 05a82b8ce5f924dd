import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Upload } from 'antd';
import type { UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import {
  TRANSFER_ATTACHMENTS_MAX,
  TRANSFER_REASON_MAX,
  transferLabels,
} from '@dealer-hr/shared/transfers/rules';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@dealer-hr/shared/uploads/rules';
import { DepartmentTreeSelect } from '../../components/department-tree-select';
import { DictionarySelect } from '../../components/dictionary-select';
import { FormDialog } from '../../components/form-dialog';
import { PostSelect } from '../../components/post-select';
import { StoreSelect } from '../../components/store-select';
import { maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import {
  TRANSFERS_KEY,
  editTransfer,
  fileTransfer,
  transferPeopleQuery,
  transferTargetQuery,
  uploadAttachment,
  type TransferDetail,
  type TransferPerson,
  type TransferStoreInput,
} from './api';
import { placeText } from '../../components/place';

interface TransferFormDialogProps {
  open: boolean;
  /** A returned transfer to change and file again; none for a new one. */
  transfer: TransferDetail | null;
  onClose(): void;
}

interface FormValues {
  employee_id: number;
  from_assignment_id: number;
  to_department_id: number;
  to_post_id: number;
  type_id: number;
  effective_date: Dayjs;
  reason: string;
  keep_part_time?: boolean;
  /** Not sent: the node of the store chosen to look for the department in. */
  store_node?: number;
  /** Uploaded files; each sent by the id the upload answered. */
  attachments?: UploadFile<{ id: number }>[];
}

const DAY = 'YYYY-MM-DD';

/**
 * 发起调岗 (or 修改 a returned one): the person and the post they leave, where they go, as what and from
 * which day. The target's headcount shows what the move does to its vacancy before it is filed.
 */
export function TransferFormDialog({ open, transfer, onClose }: TransferFormDialogProps) {
  const { t } = useTranslation('transfers');
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [typed, setTyped, keyword] = useSearchKeyword();
  // The store the new department is looked for in (its node): a group's tree is too large to search by name.
  const storeNode = Form.useWatch('store_node', form);
  const people = useQuery({ ...transferPeopleQuery(keyword), enabled: open && transfer === null });
  const employeeId = Form.useWatch('employee_id', form);
  const fromId = Form.useWatch('from_assignment_id', form);
  const departmentId = Form.useWatch('to_department_id', form);
  const postId = Form.useWatch('to_post_id', form);

  // The person chosen: from the search, or the transfer being changed.
  const chosen: TransferPerson | undefined = transfer
    ? {
        id: transfer.employee_id,
        employee_no: transfer.employee_no,
        name: transfer.employee_name,
        open_transfer_id: transfer.id,
        assignments: [
          {
            ...transfer.from,
            id: transfer.from_assignment_id,
            start_date: transfer.from_start_date,
          },
        ],
      }
    : people.data?.find((person) => person.id === employeeId);
  const from = chosen?.assignments.find((assignment) => assignment.id === fromId);
  const target = useQuery({
    ...transferTargetQuery({
      department_id: departmentId ?? 0,
      post_id: postId ?? 0,
      ...(employeeId ? { employee_id: employeeId } : {}),
    }),
    enabled: open && Boolean(departmentId && postId),
  });

  const rules = useMemo(
    () => ({
      employee: selectRules(transferLabels.employee, t('form.employeeRequired')),
      from: selectRules(transferLabels.fromAssignment, t('form.fromRequired')),
      department: selectRules(transferLabels.toDepartment, t('form.departmentRequired')),
      post: selectRules(transferLabels.toPost, t('form.postRequired')),
      type: selectRules(transferLabels.type, t('form.typeRequired')),
      date: selectRules(transferLabels.effectiveDate, t('form.dateRequired')),
      reason: [
        ...requiredRules(transferLabels.reason, t('form.reasonRequired')),
        maxLengthRule(
          transferLabels.reason,
          TRANSFER_REASON_MAX,
          t('form.tooLong', { max: TRANSFER_REASON_MAX }),
        ),
      ],
    }),
    [t],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTyped('');
    if (transfer)
      form.setFieldsValue({
        employee_id: transfer.employee_id,
        from_assignment_id: transfer.from_assignment_id,
        to_department_id: transfer.to.department_id,
        to_post_id: transfer.to.post_id,
        type_id: transfer.type_id,
        effective_date: dayjs(transfer.effective_date),
        reason: transfer.reason,
        keep_part_time: transfer.keep_part_time,
        attachments: transfer.attachments.map((file) => ({
          uid: String(file.id),
          name: file.file_name,
          status: 'done' as const,
          response: { id: file.id },
        })),
      });
  }, [open, transfer, form, setTyped]);

  const save = useSaveMutation({
    form,
    save: ({ effective_date, store_node: _store, attachments = [], ...values }: FormValues) => {
      const fields: TransferStoreInput = {
        ...values,
        keep_part_time: Boolean(values.keep_part_time && from?.is_main),
        effective_date: effective_date.format(DAY),
        attachment_ids: attachments.flatMap((file) => (file.response ? [file.response.id] : [])),
      };
      return transfer ? editTransfer({ id: transfer.id, ...fields }) : fileTransfer(fields);
    },
    successMessage: t(transfer ? 'messages.refiled' : 'messages.filed'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [TRANSFERS_KEY] }),
    conflictField: 'employee_id',
  });

  const headcount = target.data;
  return (
    <FormDialog
      open={open}
      title={t(transfer ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="transfer-form"
      width={680}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      {transfer?.return_comment && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('form.returned', { comment: transfer.return_comment })}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="employee_id" label={t('fields.employee')} rules={rules.employee}>
            <Select<number>
              showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
              disabled={transfer !== null}
              placeholder={t('form.employeePlaceholder')}
              loading={people.isFetching}
              notFoundContent={null}
              onChange={(id) => {
                const person = people.data?.find((candidate) => candidate.id === id);
                form.setFieldValue('from_assignment_id', person?.assignments[0]?.id);
              }}
              options={(chosen && transfer ? [chosen] : (people.data ?? [])).map((person) => ({
                value: person.id,
                label: `${person.name}（${person.employee_no}）`,
                disabled: person.open_transfer_id !== null && person.id !== transfer?.employee_id,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="from_assignment_id" label={t('fields.from')} rules={rules.from}>
            <Select<number>
              disabled={!chosen || transfer !== null}
              options={(chosen?.assignments ?? []).map((assignment) => ({
                value: assignment.id,
                label: `${assignment.is_main ? t('form.main') : t('form.partTime')} · ${placeText(assignment)}`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {chosen && chosen.open_transfer_id !== null && transfer === null && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('form.openTransfer')} />
      )}
      <Form.Item name="store_node" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item label={t('fields.toStore')} extra={t('form.storeHint')}>
            <StoreSelect
              aria-label={t('fields.toStore')}
              allowClear
              onChange={(_id, option) => {
                const store = option && !Array.isArray(option) ? option.store : undefined;
                form.setFieldsValue({
                  store_node: store?.departmentId,
                  to_department_id: store?.departmentId,
                });
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="to_department_id" label={t('fields.toDepartment')} rules={rules.department}>
            <DepartmentTreeSelect rootId={storeNode} placeholder={t('form.departmentPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="to_post_id" label={t('fields.toPost')} rules={rules.post}>
            <PostSelect />
          </Form.Item>
        </Col>
      </Row>
      {headcount && (
        <Alert
          type={headcount.planned !== null && headcount.held_after > headcount.planned ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          message={
            headcount.planned === null
              ? t('form.headcountNoPlan', headcount)
              : t('form.headcount', {
                  ...headcount,
                  vacancy: headcount.planned - headcount.held,
                  vacancyAfter: headcount.planned - headcount.held_after,
                })
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="type_id" label={t('fields.type')} rules={rules.type}>
            <DictionarySelect typeId={DictType.TRANSFER_TYPE} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="effective_date"
            label={t('fields.effectiveDate')}
            rules={rules.date}
            extra={from ? t('form.dateHint', { start: from.start_date }) : undefined}
          >
            <DatePicker format={DAY} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {from?.is_main && (
        <Form.Item name="keep_part_time" valuePropName="checked">
          <Checkbox>{t('form.keepPartTime')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="reason" label={t('fields.reason')} rules={rules.reason}>
        <Input.TextArea rows={3} maxLength={TRANSFER_REASON_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="attachments"
        label={t('fields.attachments')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
        extra={t('form.attachmentsHint', { max: TRANSFER_ATTACHMENTS_MAX })}
      >
        <Upload
          accept={UPLOAD_TYPES.join(',')}
          maxCount={TRANSFER_ATTACHMENTS_MAX}
          beforeUpload={(file) => {
            if (file.size <= UPLOAD_MAX_BYTES) return true;
            void message.error(t('form.attachmentTooLarge', { max: UPLOAD_MAX_BYTES / 1024 / 1024 }));
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            uploadAttachment(file as File).then(
              (uploaded) => onSuccess?.(uploaded),
              (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
            );
          }}
        >
          <Button icon={<UploadOutlined />}>{t('actions.upload')}</Button>
        </Upload>
      </Form.Item>
    </FormDialog>
  );
}
