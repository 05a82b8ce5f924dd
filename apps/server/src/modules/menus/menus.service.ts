import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { MenuType, type FieldError, type MenuNode } from '@dealer-hr/shared';
import type { Database } from '../../db/client';
import { menus, roleMenus } from '../../db/schema';
import { flattenMenus } from '../../db/seed/data/menus';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { onUniqueViolation } from '../../lib/pg-errors';
import { nestByParent } from '../../lib/tree';
import type { Access, MenuRow } from '../../core/access';
import type {
  AdminMenuNode,
  MenuDestroyBody,
  MenuSortBody,
  MenuStoreBody,
  MenuUpdateBody,
} from '@dealer-hr/shared/menus/contract';
import { menuLabels } from '@dealer-hr/shared/menus/rules';

/**
 * The signed-in user's menu tree as the client's router expects it: directories, pages and hidden pages
 * as nodes; a page's permitted buttons folded into its `perm` list (the permission directive reads it).
 */
export function buildMenuTree(rows: readonly MenuRow[], visible: ReadonlySet<number>): MenuNode[] {
  const shown = rows.filter((row) => visible.has(row.id));
  const permsOf = new Map<number, { name: string }[]>();
  for (const row of shown) {
    if (row.typeId === MenuType.BUTTON && row.parentId != null && row.perm) {
      permsOf.set(row.parentId, [...(permsOf.get(row.parentId) ?? []), { name: row.perm }]);
    }
  }
  return nestByParent(
    shown.filter((row) => row.typeId !== MenuType.BUTTON),
    (row): MenuNode => ({ ...view(row), perm: permsOf.get(row.id) ?? [], children: [] }),
  );
}

export async function menuTreeFor(db: Database, access: Access): Promise<MenuNode[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return buildMenuTree(rows, access.menuIds);
}

// ---------------------------------------------------------------------------------------------------------------
// Administration

/**
 * The names of the seeded items. The code refers to them: routes check their permission names, pages are
 * registered by their paths, and every start adds a seeded item that is missing by its name (a renamed
 * or deleted one would come back, and its permission would then be taken twice). So they keep their name,
 * path and permission, and are not deleted; a role simply does not grant what it should not have.
 */
const builtinNames: ReadonlySet<string> = new Set(flattenMenus().map((item) => item.name));

export const isBuiltin = (row: Pick<MenuRow, 'name'>): boolean => builtinNames.has(row.name);

/** The item as the API and the audit log name its fields (the sidebar's tree lists buttons in `perm`). */
function view(row: MenuRow): Omit<AdminMenuNode, 'children' | 'builtin'> {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    title: row.title,
    path: row.path,
    type_id: row.typeId,
    perm: row.perm,
    quick_icon: row.quickIcon,
    affix: row.affix,
    noCache: row.noCache,
    sort: row.sort,
  };
}

/** The whole menu table as a tree, every type included; siblings by sort, then id. */
export async function allMenus(db: Database): Promise<AdminMenuNode[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return nestByParent(rows, (row): AdminMenuNode => ({
    ...view(row),
    builtin: isBuiltin(row),
    children: [],
  }));
}

/** Which types may hold an item of each type (null: the top of the tree). */
const parentTypes: Record<number, readonly (number | null)[]> = {
  [MenuType.DIRECTORY]: [null, MenuType.DIRECTORY],
  [MenuType.PAGE]: [MenuType.DIRECTORY],
  [MenuType.HIDDEN_PAGE]: [MenuType.DIRECTORY],
  [MenuType.BUTTON]: [MenuType.PAGE, MenuType.HIDDEN_PAGE],
};

const parentRuleMessages: Record<number, string> = {
  [MenuType.DIRECTORY]: '目录只能放在顶层或其他目录下',
  [MenuType.PAGE]: '页面的上级菜单必须是目录',
  [MenuType.HIDDEN_PAGE]: '隐藏页面的上级菜单必须是目录',
  [MenuType.BUTTON]: '按钮的上级菜单必须是页面或隐藏页面',
};

const typeTitles: Record<number, string> = {
  [MenuType.DIRECTORY]: '目录',
  [MenuType.PAGE]: '页面',
  [MenuType.BUTTON]: '按钮',
  [MenuType.HIDDEN_PAGE]: '隐藏页面',
};

type MenuFields = MenuStoreBody;

/**
 * The checks that need the table: the parent exists and may hold this type, a move makes no cycle, the
 * children still fit under a changed type (422); name, permission and path are not taken (409).
 */
async function checkFields(tx: Database, fields: MenuFields, self: MenuRow | null): Promise<void> {
  const errors: FieldError[] = [];
  if (self && isBuiltin(self)) {
    if (fields.name !== self.name) errors.push({ field: 'name', message: builtinMessages.name });
    if (fields.path !== self.path) errors.push({ field: 'path', message: builtinMessages.path });
    if (fields.perm !== self.perm) errors.push({ field: 'perm', message: builtinMessages.perm });
  }
  if (fields.parent_id !== null) {
    const [parent] = await tx.select().from(menus).where(eq(menus.id, fields.parent_id)).limit(1);
    if (!parent) {
      errors.push({ field: 'parent_id', message: '上级菜单不存在' });
    } else if (self && (await isSelfOrBelow(tx, parent, self.id))) {
      errors.push({ field: 'parent_id', message: '不能移动到自身或其下级菜单下' });
    } else if (!parentTypes[fields.type_id]?.includes(parent.typeId)) {
      errors.push({ field: 'parent_id', message: parentRuleMessages[fields.type_id] ?? '上级菜单不正确' });
    }
  }
  if (self && self.typeId !== fields.type_id) {
    const children = await tx.select({ typeId: menus.typeId }).from(menus).where(eq(menus.parentId, self.id));
    const misfit = children.find((child) => !parentTypes[child.typeId]?.includes(fields.type_id));
    if (misfit) {
      errors.push({
        field: 'type_id',
        message: `该菜单下有${typeTitles[misfit.typeId] ?? '子菜单'}，不能改为${typeTitles[fields.type_id]}`,
      });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);

  const others = self ? ne(menus.id, self.id) : undefined;
  const taken = await tx
    .select({ name: menus.name, perm: menus.perm, path: menus.path })
    .from(menus)
    .where(
      and(
        others,
        or(
          eq(menus.name, fields.name),
          fields.perm === null ? undefined : eq(menus.perm, fields.perm),
          fields.path === '' ? undefined : eq(menus.path, fields.path),
        ),
      ),
    );
  if (taken.some((row) => row.name === fields.name)) throw duplicate('name');
  if (fields.perm !== null && taken.some((row) => row.perm === fields.perm)) throw duplicate('perm');
  if (fields.path !== '' && taken.some((row) => row.path === fields.path)) throw duplicate('path');
}

const builtinMessages = {
  name: `内置菜单的${menuLabels.name}不能修改`,
  path: `内置菜单的${menuLabels.path}不能修改`,
  perm: `内置菜单的${menuLabels.perm}不能修改`,
  destroy: '内置菜单不能删除，可在角色中取消对它的授权',
} as const;

const duplicateMessages = {
  name: `${menuLabels.name}已存在`,
  perm: `${menuLabels.perm}已存在`,
  path: `${menuLabels.path}已被其他菜单使用`,
} as const;

/** 409 with the field, so a form can show it where it belongs. */
function duplicate(field: keyof typeof duplicateMessages) {
  return conflict(duplicateMessages[field], { field });
}

/** Whether `node` is the item `id` or lies below it (walks up from `node`; the tree is shallow). */
async function isSelfOrBelow(tx: Database, node: MenuRow, id: number): Promise<boolean> {
  let current: number | null = node.id;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    const [row] = await tx
      .select({ parentId: menus.parentId })
      .from(menus)
      .where(eq(menus.id, current))
      .limit(1);
    current = row?.parentId ?? null;
  }
  return false;
}

/** A unique index that a concurrent request won: the same 409 as the check above. */
function duplicateOf(constraint: string | undefined) {
  if (constraint === 'menus_name_key') return duplicate('name');
  if (constraint === 'menus_perm_key') return duplicate('perm');
  return conflict('数据已存在');
}

const parentIs = (parentId: number | null) =>
  parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId);

/** After the last sibling, in steps of 10 like the seeded tree. */
async function nextSort(tx: Database, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${menus.sort})` })
    .from(menus)
    .where(parentIs(parentId));
  return (row?.last == null ? 0 : Number(row.last)) + 10;
}

function columnsOf(fields: MenuFields) {
  return {
    parentId: fields.parent_id,
    typeId: fields.type_id,
    title: fields.title,
    name: fields.name,
    path: fields.path,
    perm: fields.perm,
    quickIcon: fields.quick_icon,
    affix: fields.affix,
    noCache: fields.noCache,
  };
}

export async function createMenu(db: Database, actor: AuditActor, body: MenuStoreBody): Promise<number> {
  return onUniqueViolation(duplicateOf, () =>
    db.transaction(async (tx) => {
      await lockTree(tx);
      await checkFields(tx, body, null);
      const sort = body.sort ?? (await nextSort(tx, body.parent_id));
      const [row] = await tx
        .insert(menus)
        .values({ ...columnsOf(body), sort })
        .returning();
      await writeAudit(tx, actor, { entity: 'menu', entityId: row!.id, action: 'create', after: view(row!) });
      return row!.id;
    }),
  );
}

/**
 * Changes of the tree wait for each other (a transaction-level lock, released at commit): two moves that
 * each look fine alone could otherwise make a cycle together, and a child could land under an item that
 * is being deleted. Menu edits are rare; the wait is short.
 */
async function lockTree(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MENU_TREE_LOCK})`);
}

/** Any fixed number unique among the product's advisory locks. */
const MENU_TREE_LOCK = 5_001;

async function menuById(tx: Database, id: number): Promise<MenuRow> {
  const [row] = await tx.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw notFound('菜单不存在');
  return row;
}

export async function updateMenu(db: Database, actor: AuditActor, body: MenuUpdateBody): Promise<void> {
  await onUniqueViolation(duplicateOf, () =>
    db.transaction(async (tx) => {
      await lockTree(tx);
      const before = await menuById(tx, body.id);
      await checkFields(tx, body, before);
      const moved = before.parentId !== body.parent_id;
      // A moved item goes after its new siblings unless a place is given.
      const sort = body.sort ?? (moved ? await nextSort(tx, body.parent_id) : before.sort);
      const [after] = await tx
        .update(menus)
        .set({ ...columnsOf(body), sort })
        .where(eq(menus.id, body.id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'menu',
        entityId: body.id,
        action: 'update',
        before: view(before),
        after: view(after!),
      });
    }),
  );
}

/**
 * Puts the given children of one parent in the given order (sort 10, 20, ...); children left out follow
 * in their present order. One audit row per item whose place changed.
 */
export async function sortMenus(db: Database, actor: AuditActor, body: MenuSortBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const siblings = await tx
      .select()
      .from(menus)
      .where(parentIs(body.parent_id))
      .orderBy(asc(menus.sort), asc(menus.id));
    const byId = new Map(siblings.map((row) => [row.id, row]));
    const strangers = body.ids.filter((id) => !byId.has(id));
    if (strangers.length > 0) {
      throw validationFailed([
        { field: 'ids', message: `菜单 ${strangers.join('、')} 不是该${menuLabels.parent}的子菜单` },
      ]);
    }
    const listed = new Set(body.ids);
    const order = [...body.ids, ...siblings.filter((row) => !listed.has(row.id)).map((row) => row.id)];
    for (const [index, id] of order.entries()) {
      const row = byId.get(id)!;
      const sort = (index + 1) * 10;
      if (row.sort === sort) continue;
      await tx.update(menus).set({ sort }).where(eq(menus.id, id));
      await writeAudit(tx, actor, {
        entity: 'menu',
        entityId: id,
        action: 'sort',
        before: { sort: row.sort },
        after: { sort },
      });
    }
  });
}

/** Removes a leaf item and its role grants; a built-in item or one with children is refused (409). */
export async function destroyMenu(db: Database, actor: AuditActor, body: MenuDestroyBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const row = await menuById(tx, body.id);
    if (isBuiltin(row)) throw conflict(builtinMessages.destroy);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(menus)
      .where(eq(menus.parentId, row.id));
    const children = Number(count?.n ?? 0);
    if (children > 0) {
      throw conflict(`该菜单下有 ${children} 个子菜单，请先删除或移走子菜单`, { children });
    }
    const grants = await tx
      .delete(roleMenus)
      .where(eq(roleMenus.menuId, row.id))
      .returning({ roleId: roleMenus.roleId });
    await tx.delete(menus).where(eq(menus.id, row.id));
    await writeAudit(tx, actor, {
      entity: 'menu',
      entityId: row.id,
      action: 'delete',
      before: { ...view(row), role_ids: grants.map((grant) => grant.roleId).sort((a, b) => a - b) },
    });
  });
}
