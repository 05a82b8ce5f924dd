import { maxLengthMessage, MenuType, requiredMessage, selectMessage, type MenuNode } from '@dealer-hr/shared';
import { z } from 'zod';
import { zId } from '@dealer-hr/shared/validation';

// The sidebar's tree and the administration table show the same fields of an item around a different
// `perm`; the answers keep this field order.
const itemHead = {
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  title: z.string(),
  path: z.string(),
  type_id: z.number().int(),
};
const itemTail = {
  quick_icon: z.string().nullable(),
  affix: z.boolean(),
  noCache: z.boolean(),
  sort: z.number().int(),
};

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    ...itemHead,
    perm: z.array(z.object({ name: z.string() })),
    ...itemTail,
    children: z.array(menuNode),
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Administration (GET /menus and the store / update / sort / destroy routes)

/** One item of the whole menu table, buttons included; `perm` is the item's own permission name. */
export interface AdminMenuNode extends Omit<MenuNode, 'perm' | 'children'> {
  perm: string | null;
  /** A seeded item: its name, path and permission cannot change, and it cannot be deleted. */
  builtin: boolean;
  children: AdminMenuNode[];
}

export const adminMenuNode: z.ZodType<AdminMenuNode> = z.lazy(() =>
  z.object({
    ...itemHead,
    perm: z.string().nullable(),
    ...itemTail,
    builtin: z.boolean(),
    children: z.array(adminMenuNode),
  }),
);

/** The form's labels; the web form builds the same messages from them. */
export const menuLabels = {
  parent: '上级菜单',
  type: '菜单类型',
  title: '菜单标题',
  name: '路由名称',
  path: '路由地址',
  perm: '权限标识',
  icon: '图标',
  sort: '排序',
  ids: '排序菜单',
  id: '菜单',
} as const;

export const menuMessages = {
  nameInvalid: '路由名称只能包含字母和数字，且以字母开头',
  pathInvalid: '路由地址必须以 / 开头，且不能包含空格',
  pathForButton: '按钮不需要路由地址',
  permInvalid: '权限标识格式应为 模块:页面:操作，如 system:menus:create',
  permForDirectory: '目录不需要权限标识',
  iconInvalid: '图标名称不正确',
  sortInvalid: '排序只能为 0 到 999999 的整数',
  idsDuplicate: '排序菜单不能重复',
} as const;

export const MENU_LIMITS = { title: 50, name: 50, path: 200, perm: 100, icon: 60, sort: 999_999 } as const;

const NAME = /^[A-Za-z][A-Za-z0-9]*$/;
const PATH = /^\/\S*$/;
const PERM_SEGMENT = '[A-Za-z][A-Za-z0-9-]*';
const PERM = new RegExp(`^${PERM_SEGMENT}:${PERM_SEGMENT}:${PERM_SEGMENT}$`);
/** An @ant-design/icons component name (`MenuOutlined`, `HomeFilled`, `SmileTwoTone`). */
const ICON = /^[A-Z][A-Za-z0-9]*(?:Outlined|Filled|TwoTone)$/;

/** Optional trimmed text: absent, null and blank all become `empty`. */
function optionalText<E extends string | null>(empty: E, max: number, label: string) {
  return z
    .union([z.string(), z.null()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value.length <= max, { error: `${label}不能超过${max}个字符` })
    .transform((value) => (value === '' ? empty : value));
}

/**
 * `zRequiredString` with the same messages, but its failures do not abort the object: zod skips even a
 * `when` refinement after an aborting issue, and the checks of the type below should report together
 * with an empty title.
 */
function requiredText(label: string, max: number) {
  const required = requiredMessage(label);
  return z
    .string({ error: required })
    .trim()
    .refine((value) => value.length > 0, { error: required })
    .refine((value) => value.length <= max, { error: maxLengthMessage(label, max) });
}

const flag = z.boolean({ error: '请选择是或否' }).default(false);

const menuType = z
  .number({ error: selectMessage(menuLabels.type) })
  .refine((value) => (Object.values(MenuType) as number[]).includes(value), {
    error: selectMessage(menuLabels.type),
  });

const menuFields = {
  /** null: a directory at the top of the tree. */
  parent_id: z.union([z.null(), zId(menuLabels.parent)]).default(null),
  type_id: menuType,
  title: requiredText(menuLabels.title, MENU_LIMITS.title),
  name: requiredText(menuLabels.name, MENU_LIMITS.name).refine((value) => !value || NAME.test(value), {
    error: menuMessages.nameInvalid,
  }),
  path: optionalText('', MENU_LIMITS.path, menuLabels.path).refine((value) => !value || PATH.test(value), {
    error: menuMessages.pathInvalid,
  }),
  perm: optionalText(null, MENU_LIMITS.perm, menuLabels.perm).refine(
    (value) => value === null || PERM.test(value),
    { error: menuMessages.permInvalid },
  ),
  quick_icon: optionalText(null, MENU_LIMITS.icon, menuLabels.icon).refine(
    (value) => value === null || ICON.test(value),
    { error: menuMessages.iconInvalid },
  ),
  affix: flag,
  noCache: flag,
  /** Left out: after the last sibling (create) or unchanged (update). */
  sort: z
    .number({ error: menuMessages.sortInvalid })
    .int({ error: menuMessages.sortInvalid })
    .min(0, { error: menuMessages.sortInvalid })
    .max(MENU_LIMITS.sort, { error: menuMessages.sortInvalid })
    .optional(),
};

interface TypedFields {
  type_id?: unknown;
  parent_id?: unknown;
  path?: unknown;
  perm?: unknown;
}

/**
 * What the item's type asks of the other fields. Runs even when other fields failed, so an empty form
 * gets all its messages at once; fields that failed on their own are not judged again.
 */
function checkType(value: TypedFields, ctx: z.RefinementCtx) {
  const type = value.type_id;
  if (typeof type !== 'number' || !(Object.values(MenuType) as number[]).includes(type)) return;
  const path = typeof value.path === 'string' ? value.path : '';
  const perm = typeof value.perm === 'string' ? value.perm : null;
  if (type !== MenuType.DIRECTORY && value.parent_id === null) {
    ctx.addIssue({ code: 'custom', path: ['parent_id'], message: selectMessage(menuLabels.parent) });
  }
  if ((type === MenuType.PAGE || type === MenuType.HIDDEN_PAGE) && value.path === '') {
    ctx.addIssue({ code: 'custom', path: ['path'], message: requiredMessage(menuLabels.path) });
  }
  if (type === MenuType.BUTTON && path !== '') {
    ctx.addIssue({ code: 'custom', path: ['path'], message: menuMessages.pathForButton });
  }
  if (type === MenuType.BUTTON && value.perm === null) {
    ctx.addIssue({ code: 'custom', path: ['perm'], message: requiredMessage(menuLabels.perm) });
  }
  if (type === MenuType.DIRECTORY && perm !== null) {
    ctx.addIssue({ code: 'custom', path: ['perm'], message: menuMessages.permForDirectory });
  }
}

/** Checks of the type run whatever else failed (zod would skip them after a failed field). */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const menuStoreBody = z.object(menuFields).superRefine(checkType, always);
export type MenuStoreBody = z.infer<typeof menuStoreBody>;

export const menuUpdateBody = z
  .object({ id: zId(menuLabels.id), ...menuFields })
  .superRefine(checkType, always);
export type MenuUpdateBody = z.infer<typeof menuUpdateBody>;

export const menuSortBody = z.object({
  parent_id: z.union([z.null(), zId(menuLabels.parent)]).default(null),
  ids: z
    .array(zId(menuLabels.ids), { error: selectMessage(menuLabels.ids) })
    .min(1, { error: selectMessage(menuLabels.ids) })
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { error: menuMessages.idsDuplicate }),
});
export type MenuSortBody = z.infer<typeof menuSortBody>;

export const menuDestroyBody = z.object({ id: zId(menuLabels.id) });
export type MenuDestroyBody = z.infer<typeof menuDestroyBody>;

export const menuSaved = z.object({ id: z.number().int() });
