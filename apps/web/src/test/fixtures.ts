import type { MenuNode, UserInfo } from '@dealer-hr/shared/api-types';

export const user: UserInfo = {
  id: 1,
  username: 'admin',
  name: '张伟',
  face: null,
  avatar: null,
  introduction: '',
  employeeId: 1,
  isSale: false,
  roles: ['admin'],
  permissions: [],
  post: [{ id: 3, title: '人事经理', isMain: true, department: '人力资源部', store: null }],
};

const node = (
  id: number,
  parentId: number | null,
  name: string,
  title: string,
  path: string,
  typeId: number,
  children: MenuNode[] = [],
): MenuNode => ({
  id,
  parent_id: parentId,
  name,
  title,
  path,
  type_id: typeId,
  perm: [],
  quick_icon: typeId === 1 ? 'TeamOutlined' : null,
  affix: false,
  noCache: false,
  sort: id,
  children,
});

export const menus: MenuNode[] = [
  node(1, null, 'home', '首页', '/dashboard', 1, [
    node(2, 1, 'dashboard', '工作台', '/dashboard/dashboard', 2),
  ]),
  node(10, null, 'staff', '员工管理', '/staff', 1, [
    node(11, 10, 'staffList', '员工花名册', '/staff/list', 2),
    node(12, 10, 'staffDetail', '员工详情', '/staff/detail', 4),
    node(13, 10, 'payroll', '薪资核算', '/staff/payroll', 2),
  ]),
];

/** The server's answers for a signed-in session. */
export const sessionRoutes = {
  'POST /api/auth/me': { body: { code: 200, message: 'success', data: user } },
  'GET /api/auth/menus/tree': { body: { code: 200, message: 'success', data: menus } },
};

/** A page of the menu, as a page test names it. */
export interface MenuPage {
  /** The route name (`menu.<name>` is its translated title). */
  name: string;
  title: string;
  /** `/<directory>/<page>`: the directory is the first segment. */
  path: string;
  /**
   * `MenuType.HIDDEN_PAGE` (4) for a page opened from another one, never in the sidebar; a page (2) unless
   * told.
   */
  typeId?: number;
  /** Not kept alive in its tab. */
  noCache?: boolean;
}

/** Another page of the same directory, granting its own button permissions. */
export interface OtherMenuPage {
  page: MenuPage;
  perms: readonly string[];
}

// The directories the page tests' pages sit in, titled as the seeded menu table titles them.
const directoryTitles: Record<string, string> = {
  organization: '组织管理',
  staff: '员工管理',
  system: '系统管理',
  // The entry form and the onboarding approval keep the old system's paths (员工管理 and 审批中心 hold them).
  managingpeople: '员工管理',
  processapproval: '审批中心',
  attendance: '考勤管理',
  statistics: '统计分析',
  dashboard: '首页',
};

/**
 * The signed-in user's menu for a page test: the page inside its directory, granting the button
 * permissions `perms`, which decide the buttons the page shows; `others` are pages beside it (a hidden
 * detail page the list links to).
 */
export function menuWithPage(
  page: MenuPage,
  perms: readonly string[],
  others: readonly OtherMenuPage[] = [],
): MenuNode[] {
  const directory = page.path.split('/')[1] ?? '';
  const title = directoryTitles[directory];
  if (!title) throw new Error(`no menu directory for ${page.path}`);
  const pages = [{ page, perms }, ...others].map((entry, index) => ({
    ...node(901 + index, 900, entry.page.name, entry.page.title, entry.page.path, entry.page.typeId ?? 2),
    noCache: entry.page.noCache ?? false,
    perm: entry.perms.map((name) => ({ name })),
  }));
  return [node(900, null, directory, title, `/${directory}`, 1, pages)];
}
