// The menus routes' request and answer schemas (the signed-in user's tree and `/api/auth/menus/*`). The
// server validates and documents with them; the web only imports their types (`import type`), so zod stays
// out of its bundle.
import type { MenuNode } from '../api-types';
import { MenuType } from '../dictionary-types';
import { maxLengthMessage, requiredMessage, selectMessage } from '../rules';
import { zId } from '../validation';
import { z } from 'zod';
import {
  MENU_ICON_PATTERN,
  MENU_LIMITS,
  MENU_NAME_PATTERN,
  MENU_PATH_PATTERN,
  MENU_PERM_PATTERN,
  menuLabels,
  menuMessages,
} from './rules';

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
  name: requiredText(menuLabels.name, MENU_LIMITS.name).refine(
    (value) => !value || MENU_NAME_PATTERN.test(value),
    {
      error: menuMessages.nameInvalid,
    },
  ),
  path: optionalText('', MENU_LIMITS.path, menuLabels.path).refine(
    (value) => !value || MENU_PATH_PATTERN.test(value),
    {
      error: menuMessages.pathInvalid,
    },
  ),
  perm: optionalText(null, MENU_LIMITS.perm, menuLabels.perm).refine(
    (value) => value === null || MENU_PERM_PATTERN.test(value),
    { error: menuMessages.permInvalid },
  ),
  quick_icon: optionalText(null, MENU_LIMITS.icon, menuLabels.icon).refine(
    (value) => value === null || MENU_ICON_PATTERN.test(value),
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
export type MenuStoreInput = z.input<typeof menuStoreBody>;
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
export type MenuSortInput = z.input<typeof menuSortBody>;
export type MenuSortBody = z.infer<typeof menuSortBody>;

export const menuDestroyBody = z.object({ id: zId(menuLabels.id) });
export type MenuDestroyBody = z.infer<typeof menuDestroyBody>;

export const menuSaved = z.object({ id: z.number().int() });
export type MenuSaved = z.infer<typeof menuSaved>;
