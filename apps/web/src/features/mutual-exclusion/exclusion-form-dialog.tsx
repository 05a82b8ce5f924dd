import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Form, Input, Radio, Row, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXCLUSION_KINDS,
  EXCLUSION_MEMBERS_MAX,
  EXCLUSION_SCOPES,
  EXCLUSION_STATUSES,
  DESCRIPTION_MAX,
  NAME_MAX,
  type ExclusionKind,
  type ExclusionScope,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  EXCLUSION_KEY,
  createExclusion,
  postOptionsQuery,
  updateExclusion,
  type ExclusionFields,
  type ExclusionRule,
  type ExclusionStatus,
  type PostOption,
} from './api';
import { distinctMemberRule, exclusionFormRules, memberListRules, sameAsSavedRule } from './form-rules';

/** A member row: `masked` is the saved number of a member the rule already had (editing). */
interface MemberValues {
  name: string;
  id_number: string;
  masked?: string;
}

interface ExclusionFormValues {
  name: string;
  kind: ExclusionKind;
  scope?: ExclusionScope;
  first_post_id?: number;
  second_post_id?: number;
  members: MemberValues[];
  description?: string;
  status: ExclusionStatus;
}

/** Wide enough for a member's name and number side by side; a phone stacks them. */
const DIALOG_WIDTH = 640;

const emptyMember = (): MemberValues => ({ name: '', id_number: '' });

/**
 * Editing a people rule asks for every member's full ID number again. The server keeps the numbers sealed
 * and only ever answers them masked, and an update replaces the rule's members with the ones it is sent,
 * so there is no way to keep a member without their number (nor to change only the name or status of a
 * people rule). Rather than hide that behind a separate "edit members" step, the form says it up front:
 * each saved member keeps their name, their number field starts empty with the saved masked number shown
 * under it, and a number that does not match that mask gets a warning (not an error: it may be a
 * correction).
 */
function initialValues(rule: ExclusionRule | null): ExclusionFormValues {
  if (!rule)
    return {
      name: '',
      kind: 'people',
      members: [emptyMember(), emptyMember()],
      description: '',
      status: 'active',
    };
  return {
    name: rule.name,
    kind: rule.kind,
    scope: rule.scope ?? undefined,
    first_post_id: rule.first_post_id ?? undefined,
    second_post_id: rule.second_post_id ?? undefined,
    members:
      rule.kind === 'people'
        ? rule.members.map((member) => ({ name: member.name, id_number: '', masked: member.id_number }))
        : [emptyMember(), emptyMember()],
    description: rule.description,
    status: rule.status,
  };
}

/** The body the server takes for the rule's kind (a people rule has no posts, a post rule no people). */
function toFields(values: ExclusionFormValues): ExclusionFields {
  const common = {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    status: values.status,
  };
  if (values.kind === 'posts')
    return {
      ...common,
      kind: 'posts',
      first_post_id: values.first_post_id!,
      second_post_id: values.second_post_id!,
    };
  return {
    ...common,
    kind: 'people',
    scope: values.scope!,
    members: values.members.map((member) => ({
      name: member.name.trim(),
      id_number: member.id_number.trim(),
    })),
  };
}

/** The active posts, plus the rule's own posts when they are not among them (disabled since). */
function postChoices(posts: PostOption[], rule: ExclusionRule | null): PostOption[] {
  const own = [
    { id: rule?.first_post_id, name: rule?.first_post_name },
    { id: rule?.second_post_id, name: rule?.second_post_name },
  ].filter(
    (post): post is PostOption => typeof post.id === 'number' && !posts.some((known) => known.id === post.id),
  );
  return [...posts, ...own.map((post) => ({ id: post.id, name: post.name ?? String(post.id) }))];
}

interface ExclusionFormDialogProps {
  open: boolean;
  /** The rule to edit; none for a new one. */
  rule: ExclusionRule | null;
  onClose(): void;
}

/** Create or edit a rule: named people who may not meet in a store or department, or two posts. */
export function ExclusionFormDialog({ open, rule, onClose }: ExclusionFormDialogProps) {
  const { t } = useTranslation('mutualExclusion');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExclusionFormValues>();
  const rules = useMemo(() => exclusionFormRules(), []);
  const listRules = useMemo(() => memberListRules(), []);
  const kind = Form.useWatch('kind', form);
  const posts = useQuery({ ...postOptionsQuery(), enabled: open && kind === 'posts' });
  const postOptions = useMemo(
    () => postChoices(posts.data ?? [], rule).map((post) => ({ value: post.id, label: post.name })),
    [posts.data, rule],
  );
  const editingPeople = rule?.kind === 'people';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues(rule));
  }, [open, rule, form]);

  const save = useSaveMutation({
    form,
    save: (values: ExclusionFormValues) => {
      const fields = toFields(values);
      return rule ? updateExclusion(rule.id, fields) : createExclusion(fields);
    },
    successMessage: t(rule ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [EXCLUSION_KEY] }),
    // The one conflict: the name is taken.
    conflictField: 'name',
  });

  const selectPost = (name: 'first_post_id' | 'second_post_id', label: string) => (
    <Form.Item
      name={name}
      label={label}
      rules={name === 'first_post_id' ? rules.firstPost : rules.secondPost}
      dependencies={name === 'second_post_id' ? ['first_post_id'] : undefined}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('form.selectPlaceholder')}
        loading={posts.isLoading}
        options={postOptions}
      />
    </Form.Item>
  );

  return (
    <FormDialog
      open={open}
      title={t(rule ? 'form.editTitle' : 'form.createTitle')}
      width={DIALOG_WIDTH}
      form={form}
      name="exclusion-form"
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={NAME_MAX + 10} />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('fields.kind')}
        rules={rules.kind}
        extra={kind ? t(`form.kindHelp.${kind}`) : undefined}
      >
        <Radio.Group
          optionType="button"
          options={EXCLUSION_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        />
      </Form.Item>

      {kind === 'posts' ? (
        <>
          {posts.isError && (
            <Alert type="error" showIcon title={t('form.postsFailed')} style={{ marginBottom: 16 }} />
          )}
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              {selectPost('first_post_id', t('fields.firstPost'))}
            </Col>
            <Col xs={24} sm={12}>
              {selectPost('second_post_id', t('fields.secondPost'))}
            </Col>
          </Row>
        </>
      ) : (
        <>
          <Form.Item name="scope" label={t('fields.scope')} rules={rules.scope}>
            <Radio.Group
              options={EXCLUSION_SCOPES.map((value) => ({ value, label: t(`scopes.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            label={t('fields.members')}
            required
            extra={t('form.membersHelp', { max: EXCLUSION_MEMBERS_MAX })}
          >
            {editingPeople && (
              <Alert type="warning" showIcon title={t('form.reenterHint')} style={{ marginBottom: 12 }} />
            )}
            <Form.List name="members" rules={listRules}>
              {(fields, { add, remove }, { errors }) => (
                <Flex vertical gap={4}>
                  {fields.map((field, index) => {
                    const masked = form.getFieldValue(['members', field.name, 'masked']) as
                      string | undefined;
                    return (
                      <Row key={field.key} gutter={8} align="top">
                        <Col xs={24} sm={8}>
                          <Form.Item name={[field.name, 'name']} rules={rules.memberName}>
                            <Input
                              autoComplete="off"
                              maxLength={30}
                              placeholder={t('fields.memberName')}
                              aria-label={t('form.memberNameLabel', { index: index + 1 })}
                            />
                          </Form.Item>
                        </Col>
                        <Col flex="auto">
                          <Form.Item
                            name={[field.name, 'id_number']}
                            rules={[
                              ...rules.memberIdNumber,
                              distinctMemberRule(field.name),
                              ...(masked ? [sameAsSavedRule(masked)] : []),
                            ]}
                            extra={masked ? t('form.savedIdNumber', { masked }) : undefined}
                          >
                            <Input
                              autoComplete="off"
                              maxLength={40}
                              placeholder={t(masked ? 'form.reenterPlaceholder' : 'fields.idNumber')}
                              aria-label={t('form.idNumberLabel', { index: index + 1 })}
                            />
                          </Form.Item>
                        </Col>
                        <Col flex="none">
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('form.removeMember', { index: index + 1 })}
                            onClick={() => remove(field.name)}
                          />
                        </Col>
                      </Row>
                    );
                  })}
                  <Button
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    disabled={fields.length >= EXCLUSION_MEMBERS_MAX}
                    onClick={() => add(emptyMember())}
                  >
                    {t('actions.addMember')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </Flex>
              )}
            </Form.List>
          </Form.Item>
        </>
      )}

      <Form.Item name="status" label={t('fields.status')} extra={t('form.statusHelp')}>
        <Radio.Group options={EXCLUSION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={rules.description}>
        <Input.TextArea rows={2} maxLength={DESCRIPTION_MAX + 10} />
      </Form.Item>
    </FormDialog>
  );
}
