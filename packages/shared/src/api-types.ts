/**
 * Shapes of API answers that both sides name. The server's zod response schemas are checked against these
 * types, so a change on one side that the other does not expect fails the typecheck.
 */

/** One entry of the header's post list: an open assignment of the signed-in user. */
export interface UserPost {
  id: number;
  title: string;
  isMain: boolean;
  department: string;
  store: string | null;
}

/** `POST /api/auth/me`. */
export interface UserInfo {
  id: number;
  username: string;
  name: string;
  face: string | null;
  avatar: string | null;
  introduction: string;
  employeeId: number | null;
  isSale: boolean;
  /** Role keys. */
  roles: string[];
  /** Permission names; `['*']` for a super-admin. */
  permissions: string[];
  /** Main post first. */
  post: UserPost[];
}

/** A node of `GET /api/auth/menus/tree`: directories, pages and hidden pages; buttons are folded into `perm`. */
export interface MenuNode {
  id: number;
  parent_id: number | null;
  /** Stable route name; the interface shows `menu.<name>` when translated. */
  name: string;
  /** Chinese title. */
  title: string;
  path: string;
  /** See `MenuType`. */
  type_id: number;
  perm: { name: string }[];
  /** An @ant-design/icons component name. */
  quick_icon: string | null;
  affix: boolean;
  noCache: boolean;
  sort: number;
  children: MenuNode[];
}
