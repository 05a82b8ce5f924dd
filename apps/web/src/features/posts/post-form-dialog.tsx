import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DictionarySelect } from '../../components/dictionary-select';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { POSTS_KEY, createPost, updatePost, type Post, type PostFields } from './api';
import { CODE_MAX, DESCRIPTION_MAX, NAME_MAX, SORT_MAX } from '@dealer-hr/shared/posts/rules';
import { postFormRules } from './form-rules';

interface PostFormDialogProps {
  open: boolean;
  /** The post to edit; none for a new one. */
  post: Post | null;
  /** Sort proposed for a new post (after the last one). */
  nextSort: number;
  onClose(): void;
}

/** Create or edit a post: code, name, type (dictionary 27), category (42), main flag, sort and status. */
export function PostFormDialog({ open, post, nextSort, onClose }: PostFormDialogProps) {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PostFields>();
  const rules = useMemo(() => postFormRules(), []);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      post
        ? {
            code: post.code,
            name: post.name,
            post_type_id: post.post_type_id,
            category_id: post.category_id,
            is_main: post.is_main,
            sort: post.sort,
            status: post.status,
            description: post.description,
          }
        : {
            code: '',
            name: '',
            post_type_id: null,
            category_id: null,
            is_main: false,
            sort: nextSort,
            status: 'active',
            description: '',
          },
    );
  }, [open, post, nextSort, form]);

  const save = useSaveMutation({
    form,
    save: (values: PostFields) => {
      const fields = {
        ...values,
        post_type_id: values.post_type_id ?? null,
        category_id: values.category_id ?? null,
        description: values.description ?? '',
      };
      return post ? updatePost(post.id, fields) : createPost(fields);
    },
    successMessage: t(post ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [POSTS_KEY] }),
    // A taken code (409) is the only conflict.
    conflictField: 'code',
  });

  return (
    <FormDialog
      open={open}
      title={t(post ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="post-form"
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={NAME_MAX + 10} />
      </Form.Item>
      <Form.Item name="code" label={t('fields.code')} rules={rules.code} extra={t('form.codeHelp')}>
        <Input autoComplete="off" maxLength={CODE_MAX + 10} />
      </Form.Item>
      <Form.Item name="post_type_id" label={t('fields.postType')}>
        <DictionarySelect typeId={DictType.POST_TYPE} allowClear placeholder={t('form.selectPlaceholder')} />
      </Form.Item>
      <Form.Item name="category_id" label={t('fields.category')}>
        <DictionarySelect
          typeId={DictType.POST_CATEGORY}
          allowClear
          placeholder={t('form.selectPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="is_main"
        label={t('fields.isMain')}
        valuePropName="checked"
        extra={t('form.isMainHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="sort" label={t('fields.sort')} rules={rules.sort}>
        <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('fields.status')}>
        <Radio.Group
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'disabled', label: t('status.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={rules.description}>
        <Input.TextArea rows={2} maxLength={DESCRIPTION_MAX + 10} />
      </Form.Item>
    </FormDialog>
  );
}
