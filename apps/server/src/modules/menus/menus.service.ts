import { asc } from 'drizzle-orm';
import { MenuType, type MenuNode } from '@dealer-hr/shared';
import type { Database } from '../../db/client';
import { menus } from '../../db/schema';
import type { Access, MenuRow } from '../access/access.service';

/**
 * The signed-in user's menu tree as the client's router expects it: directories, pages and hidden pages
 * as nodes; a page's permitted buttons folded into its `perm` list (the permission directive reads it).
 */
export function buildMenuTree(rows: readonly MenuRow[], visible: ReadonlySet<number>): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  const permsOf = new Map<number, { name: string }[]>();
  for (const row of rows) {
    if (!visible.has(row.id)) continue;
    if (row.typeId === MenuType.BUTTON) {
      if (row.parentId != null && row.perm) {
        const list = permsOf.get(row.parentId) ?? [];
        list.push({ name: row.perm });
        permsOf.set(row.parentId, list);
      }
      continue;
    }
    nodes.set(row.id, {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      title: row.title,
      path: row.path,
      type_id: row.typeId,
      perm: [],
      quick_icon: row.quickIcon,
      affix: row.affix,
      noCache: row.noCache,
      sort: row.sort,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    node.perm = permsOf.get(node.id) ?? [];
    const parent = node.parent_id == null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function menuTreeFor(db: Database, access: Access): Promise<MenuNode[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return buildMenuTree(rows, access.menuIds);
}
