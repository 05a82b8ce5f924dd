import { App, Col, Form, Input, InputNumber, Radio, Row, Switch, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuType } from '@dealer-hr/shared/dictionary-types';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { MENU_LIMITS, menuLabels } from '@dealer-hr/shared/menus/rules';
import { FormDialog } from '../../components/form-dialog';
import { ApiError } from '../../lib/api-client';
import { showFieldErrors } from '../../lib/form-errors';
import { requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMenu } from './api/menus';
import type { AdminMenu, MenuInput } from './api/menus';
import { IconPicker } from './icon-picker';
import { MENU_TYPES, canHold, defaultChildType, isRoutable, subtreeIds } from './menu-tree';

/** The server's Chinese labels: the shared rules build the same messages from them. */
const labels = menuLabels;

interface FormValues {
  type_id: number;
  parent_id?: number | null;
  title?: string;
  name?: string;
  path?: string;
  perm?: string;
  quick_icon?: string | null;
  sort?: number | null;
  affix?: boolean;
  noCache?: boolean;
}

const FIELDS: readonly string[] = [
  'type_id',
  'parent_id',
  'title',
  'name',
  'path',
  'perm',
  'quick_icon',
  'sort',
  'affix',
  'noCache',
] satisfies (keyof FormValues)[];

export type MenuDialogMode = { kind: 'create'; parent: AdminMenu | null } | { kind: 'edit'; menu: AdminMenu };

interface TreeOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeOption[];
}

function initialValues(mode: MenuDialogMode): FormValues {
  if (mode.kind === 'create') {
    return mode.parent
      ? {
          type_id: defaultChildType(mode.parent.type_id),
          parent_id: mode.parent.id,
          affix: false,
          noCache: false,
        }
      : { type_id: MenuType.DIRECTORY, parent_id: null, affix: false, noCache: false };
  }
  const { menu } = mode;
  return {
    type_id: menu.type_id,
    parent_id: menu.parent_id,
    title: menu.title,
    name: menu.name,
    path: menu.path,
    perm: menu.perm ?? '',
    quick_icon: menu.quick_icon,
    sort: menu.sort,
    affix: menu.affix,
    noCache: menu.noCache,
  };
}

/** What the server is sent: fields the type does not use are cleared, not left over from another type. */
function toInput(values: FormValues): MenuInput {
  const type = values.type_id;
  const routable = isRoutable(type);
  return {
    type_id: type,
    parent_id: values.parent_id ?? null,
    title: values.title ?? '',
    name: values.name ?? '',
    path: type === MenuType.BUTTON ? '' : (values.path ?? ''),
    perm: type === MenuType.DIRECTORY ? null : values.perm?.trim() || null,
    quick_icon: type === MenuType.BUTTON ? null : (values.quick_icon ?? null),
    affix: routable && Boolean(values.affix),
    noCache: routable && Boolean(values.noCache),
    ...(values.sort === null || values.sort === undefined ? {} : { sort: values.sort }),
  };
}

interface MenuFormDialogProps {
  mode: MenuDialogMode;
  tree: readonly AdminMenu[];
  titleOf(menu: AdminMenu): string;
  /** After a save; `id` is the saved item's. */
  onSaved(id: number): void;
  /** After the dialog has closed (its animation ended). */
  onClosed(): void;
}

/** Create or edit one menu item; the fields follow the chosen type. */
export function MenuFormDialog({ mode, tree, titleOf, onSaved, onClosed }: MenuFormDialogProps) {
  const { t } = useTranslation('menus');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [open, setOpen] = useState(true);
  const type = Form.useWatch('type_id', form) ?? initialValues(mode).type_id;

  const save = useSaveMenu({
    onSuccess: ({ id }) => {
      void message.success(t('dialog.saved'));
      onSaved(id);
      setOpen(false);
    },
    onError: (error) => {
      // A 409 names its field in `data.field`; the api-client has shown its message already.
      if (showFieldErrors(form, error, FIELDS)) return;
      if (error instanceof ApiError && error.code === ErrorCode.VALIDATION) void message.error(error.message);
    },
  });

  // The edited item and everything below it cannot become its parent; neither can an item that may not
  // hold the chosen type (still shown, so the tree can be browsed).
  const excluded = useMemo(() => (mode.kind === 'edit' ? subtreeIds(mode.menu) : new Set<number>()), [mode]);
  const parentOptions = useMemo(() => {
    const toOptions = (nodes: readonly AdminMenu[]): TreeOption[] =>
      nodes
        .filter((node) => node.type_id !== MenuType.BUTTON)
        .map((node) => ({
          value: node.id,
          title: titleOf(node),
          disabled: excluded.has(node.id) || !canHold(node.type_id, type),
          children: toOptions(node.children),
        }));
    return toOptions(tree);
  }, [tree, titleOf, excluded, type]);

  const parentRules =
    type === MenuType.DIRECTORY ? [] : selectRules(labels.parent, t('form.parent.required'));
  const routable = isRoutable(type);
  // The server keeps these of a seeded item: the code refers to them.
  const fixed = mode.kind === 'edit' && mode.menu.builtin;
  const fixedHint = fixed ? t('form.builtinHint') : undefined;
  const title =
    mode.kind === 'edit'
      ? t('dialog.edit')
      : mode.parent
        ? t('dialog.createChild', { parent: titleOf(mode.parent) })
        : t('dialog.create');

  return (
    <FormDialog
      open={open}
      title={title}
      width={720}
      afterClose={onClosed}
      maskClosable={false}
      form={form}
      name="menu"
      initialValues={initialValues(mode)}
      saving={save.isPending}
      onFinish={(values) =>
        save.mutate({ ...toInput(values), ...(mode.kind === 'edit' ? { id: mode.menu.id } : {}) })
      }
      onCancel={() => setOpen(false)}
    >
      <Form.Item name="type_id" label={t('form.type.label')}>
        <Radio.Group
          optionType="button"
          options={MENU_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="parent_id" label={t('form.parent.label')} rules={parentRules}>
        <TreeSelect
          treeData={parentOptions}
          allowClear={type === MenuType.DIRECTORY}
          placeholder={type === MenuType.DIRECTORY ? t('form.parent.top') : t('form.parent.placeholder')}
          showSearch={{ treeNodeFilterProp: 'title' }}
          listHeight={320}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="title"
            label={t('form.title.label')}
            extra={t('form.title.extra')}
            rules={requiredRules(labels.title, t('form.title.required'))}
          >
            <Input maxLength={MENU_LIMITS.title} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('form.name.label')}
            extra={fixedHint}
            rules={requiredRules(labels.name, t('form.name.required'))}
          >
            <Input maxLength={MENU_LIMITS.name} placeholder={t('form.name.placeholder')} disabled={fixed} />
          </Form.Item>
        </Col>
        {type !== MenuType.BUTTON && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="path"
              label={t('form.path.label')}
              extra={fixedHint}
              rules={routable ? requiredRules(labels.path, t('form.path.required')) : []}
            >
              <Input maxLength={MENU_LIMITS.path} placeholder={t('form.path.placeholder')} disabled={fixed} />
            </Form.Item>
          </Col>
        )}
        {type !== MenuType.DIRECTORY && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="perm"
              label={t('form.perm.label')}
              extra={fixedHint}
              rules={type === MenuType.BUTTON ? requiredRules(labels.perm, t('form.perm.required')) : []}
            >
              <Input maxLength={MENU_LIMITS.perm} placeholder={t('form.perm.placeholder')} disabled={fixed} />
            </Form.Item>
          </Col>
        )}
        {type !== MenuType.BUTTON && (
          <Col xs={24} sm={12}>
            <Form.Item name="quick_icon" label={t('form.icon.label')}>
              <IconPicker />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('form.sort.label')}>
            <InputNumber
              min={0}
              max={MENU_LIMITS.sort}
              precision={0}
              placeholder={t('form.sort.placeholder')}
            />
          </Form.Item>
        </Col>
        {routable && (
          <>
            <Col xs={12}>
              <Form.Item name="affix" label={t('form.affix.label')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="noCache" label={t('form.noCache.label')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </FormDialog>
  );
}
