import { MenuType } from '@dealer-hr/shared/dictionary-types';
import { flattenMenus, type MenuSeed } from './menus';
import { posts } from './posts';

export interface RoleSeed {
  key: string;
  name: string;
  description: string;
  isSuper: boolean;
  dataScope: 'all' | 'subtree';
  /** Granted pages and buttons (their parent directories are implied), or 'all'. */
  menuNames: string[] | 'all';
  /** Posts whose holders get this role (post roles). */
  postCodes: string[];
}

const allMenus = flattenMenus();
const menuByName = new Map(allMenus.map((menu) => [menu.name, menu]));

const buttonsOf = (menu: MenuSeed): MenuSeed[] =>
  (menu.children ?? []).filter((child) => child.typeId === MenuType.BUTTON);

/** A page and its buttons: all of them, or only those whose permission ends with one of `actions`. */
const grant = (pageName: string, actions?: readonly string[]): string[] => {
  const menu = menuByName.get(pageName);
  if (!menu || (menu.typeId !== MenuType.PAGE && menu.typeId !== MenuType.HIDDEN_PAGE)) {
    throw new Error(`Unknown page ${pageName}`);
  }
  const buttons = buttonsOf(menu);
  if (!actions) return [menu.name, ...buttons.map((button) => button.name)];
  const chosen = actions.map((action) => {
    const button = buttons.find((candidate) => candidate.perm?.endsWith(`:${action}`));
    if (!button) throw new Error(`Page ${pageName} has no ${action} button`);
    return button.name;
  });
  return [menu.name, ...chosen];
};

/** Pages, hidden pages and buttons outside the given pages. */
const everythingExcept = (excludedPages: readonly string[]): string[] => {
  const excluded = new Set(excludedPages.flatMap((name) => grant(name)));
  return allMenus
    .filter((menu) => menu.typeId !== MenuType.DIRECTORY && !excluded.has(menu.name))
    .map((menu) => menu.name);
};

export const roles: RoleSeed[] = [
  {
    key: 'super-admin',
    name: '超级管理员',
    description: '拥有系统全部菜单与操作权限',
    isSuper: true,
    dataScope: 'all',
    menuNames: 'all',
    postCodes: [],
  },
  {
    key: 'hr-admin',
    name: '人事管理员',
    description: '集团及门店人事管理：组织、员工、审批、考勤、统计与基础数据维护（不含菜单与角色配置）',
    isSuper: false,
    dataScope: 'all',
    menuNames: everythingExcept(['systemMenus', 'systemRoles']),
    postCodes: ['hr_director', 'hr_manager', 'hr_specialist'],
  },
  {
    key: 'store-manager',
    name: '门店店长',
    description: '管理本门店员工的入转调离、审批本店业务、查看考勤与统计',
    isSuper: false,
    dataScope: 'subtree',
    menuNames: [
      ...grant('dashboard'),
      ...grant('newsList'),
      // Their own store's organisation, read-only: its departments, its chart and its headcount plan.
      ...grant('departments', []),
      ...grant('orgChart'),
      ...grant('headcount', ['export']),
      ...grant('staffList', ['export']),
      ...grant('staffDetail', []),
      ...grant('enrollmentEntry'),
      ...grant('onboarding', ['create', 'update', 'submit']),
      ...grant('transfer', ['create', 'update', 'cancel']),
      ...grant('resignation', ['create', 'update', 'cancel']),
      ...grant('resignationHandover'),
      // People lent to other stores; the rotation plans of their trainees, whose stages they evaluate.
      ...grant('dispatch'),
      ...grant('rotation', ['update']),
      ...grant('approvalTodo'),
      ...grant('approvalDone'),
      ...grant('approvalMine'),
      ...grant('inductionFirst'),
      ...grant('postTransfer'),
      ...grant('attendanceClock'),
      ...grant('attendanceRecords', ['export']),
      ...grant('attendanceAbnormal', ['approve', 'reject', 'export']),
      // Adjusting balances is HR's.
      ...grant('attendanceLeave', ['create', 'withdraw', 'export']),
      ...grant('attendanceStatistics', ['export']),
      ...grant('statisticsOverview'),
      ...grant('statisticsTurnover'),
      ...grant('statisticsVacancy'),
      ...grant('statisticsResign'),
      ...grant('statisticsDistribution'),
      // The exports they start: their progress and files.
      ...grant('systemExports'),
    ],
    postCodes: ['general_manager'],
  },
  {
    key: 'staff',
    name: '普通员工',
    description: '查看工作台与消息、发起和跟踪本人的审批、打卡记录与请假',
    isSuper: false,
    dataScope: 'subtree',
    menuNames: [
      ...grant('dashboard'),
      ...grant('newsList'),
      ...grant('approvalMine'),
      ...grant('attendanceClock'),
      ...grant('attendanceRecords', []),
      ...grant('attendanceAbnormal', ['explain']),
      ...grant('attendanceLeave', ['create', 'withdraw']),
    ],
    postCodes: posts.filter((post) => !post.headOffice).map((post) => post.code),
  },
];
