import { Form, Modal } from 'antd';
import type { FormInstance, FormProps, ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogProps<Values> extends Pick<
  ModalProps,
  'title' | 'okText' | 'okButtonProps' | 'width' | 'afterClose' | 'maskClosable'
> {
  open: boolean;
  form: FormInstance<Values>;
  /** The form's name: its fields' ids start with it. */
  name: string;
  initialValues?: FormProps<Values>['initialValues'];
  /** The save is under way: the OK button spins. */
  saving: boolean;
  /** The checked values, after OK. */
  onFinish(values: Values): void;
  onCancel(): void;
  /** The form's items. */
  children: ReactNode;
}

/**
 * The create/edit dialog of a record: a vertical form whose OK (保存 unless told) submits it; the fields
 * stay in the feature. Closing destroys the form, so every opening starts from the values set for it.
 */
export function FormDialog<Values>({
  open,
  form,
  name,
  initialValues,
  saving,
  onFinish,
  onCancel,
  okText,
  children,
  ...modal
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      open={open}
      okText={okText ?? t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={name} initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}
