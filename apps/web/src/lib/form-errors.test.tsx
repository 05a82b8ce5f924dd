import { act, render, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError } from './api-client';
import { formPath, showFieldErrors, showSaveError } from './form-errors';

interface Values {
  name: string;
  members: { name: string; id_number: string }[];
}

/** A real form with a list, as the dialogs have: its instance, once rendered. */
function renderForm(): FormInstance<Values> {
  let instance: FormInstance<Values> | undefined;
  function Probe() {
    const [form] = Form.useForm<Values>();
    instance = form;
    return (
      <Form
        form={form}
        initialValues={{
          name: '',
          members: [
            { name: '张三', id_number: '' },
            { name: '李四', id_number: '' },
          ],
        }}
      >
        <Form.Item name="name" label="规则名称">
          <Input />
        </Form.Item>
        <Form.List name="members">
          {(fields) =>
            fields.map((field) => (
              <Form.Item key={field.key} name={[field.name, 'id_number']} label={`证件号码${field.name}`}>
                <Input />
              </Form.Item>
            ))
          }
        </Form.List>
      </Form>
    );
  }
  render(<Probe />);
  return instance!;
}

const validation = (errors: { field: string; message: string }[]) =>
  new ApiError(ErrorCode.VALIDATION, errors[0]!.message, { errors }, 422);

describe('formPath', () => {
  it('turns the server’s dotted field into the form’s path, with list indexes as numbers', () => {
    expect(formPath('nodes.12.condition.field')).toEqual(['nodes', 12, 'condition', 'field']);
    expect(formPath('members.1.id_number')).toEqual(['members', 1, 'id_number']);
    expect(formPath('name')).toEqual(['name']);
  });
});

describe('showSaveError', () => {
  it('puts a nested 422 error on the field of that list item, and a flat one on its field', async () => {
    const form = renderForm();
    act(() =>
      showSaveError(
        form,
        validation([
          { field: 'members.1.id_number', message: '同一证件号码不能重复添加' },
          { field: 'name', message: '规则名称不能为空' },
        ]),
      ),
    );
    expect(form.getFieldError(['members', 1, 'id_number'])).toEqual(['同一证件号码不能重复添加']);
    expect(form.getFieldError(['members', 0, 'id_number'])).toEqual([]);
    expect(form.getFieldError('name')).toEqual(['规则名称不能为空']);
    const item = screen.getByLabelText('证件号码1').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(item).findByText('同一证件号码不能重复添加')).toBeInTheDocument();
  });

  it('puts a 409 on the conflict field, and ignores it without one', () => {
    const form = renderForm();
    const taken = new ApiError(ErrorCode.CONFLICT, '互斥规则名称已存在', null, 409);
    act(() => showSaveError(form, taken));
    expect(form.getFieldError('name')).toEqual([]);
    act(() => showSaveError(form, taken, 'name'));
    expect(form.getFieldError('name')).toEqual(['互斥规则名称已存在']);
  });
});

describe('showFieldErrors', () => {
  it('shows the listed fields only, nested ones on their list item', () => {
    const form = renderForm();
    let shown = false;
    act(() => {
      shown = showFieldErrors(
        form,
        validation([
          { field: 'members.0.id_number', message: '身份证号码格式不正确' },
          { field: 'other', message: '不相干' },
        ]),
        ['members.0.id_number'],
      );
    });
    expect(shown).toBe(true);
    expect(form.getFieldError(['members', 0, 'id_number'])).toEqual(['身份证号码格式不正确']);
  });
});
