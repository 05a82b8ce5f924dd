import { MenuType } from '@dealer-hr/shared/dictionary-types';

/** One menu item of the seeded tree (docs/domain.md "Menus and page map"). */
export interface MenuSeed {
  /** Unique camelCase route name; also the i18n key `menu.<name>`. */
  name: string;
  /** Chinese title. */
  title: string;
  /** '' for a directory whose path points to its first child. */
  path: string;
  typeId: 1 | 2 | 3 | 4;
  /** For buttons (typeId 3): permission name `<area>:<page>:<action>`. */
  perm?: string;
  /** An @ant-design/icons component name. */
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
  children?: MenuSeed[];
}

const actionTitles = {
  create: '新增',
  update: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
  approve: '通过',
  reject: '驳回',
  withdraw: '撤回',
  submit: '提交',
  save: '保存草稿',
  'reveal-id': '查看完整证件号',
  freeze: '冻结',
  thaw: '解冻',
  transfer: '转接',
  retry: '重试',
  complete: '完成交接',
  dismiss: '解除',
  read: '标为已读',
  'assign-roles': '分配角色',
  grant: '分配权限',
  'reset-password': '重置密码',
  explain: '提交说明',
  download: '下载',
  cancel: '取消',
  go: '办理离职',
  setting: '离职设置',
  prohibit: '加入禁用名单',
  punch: '打卡',
  lock: '封账',
  unlock: '反封账',
  adjust: '调整余额',
} as const;

type Action = keyof typeof actionTitles;

const pascal = (action: string): string =>
  action
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** `/staff/resignation/handover` -> `staff:resignation-handover`. */
const permPrefix = (path: string): string => {
  const [area = '', ...rest] = path.split('/').filter(Boolean);
  return `${area}:${rest.join('-')}`;
};

interface PageOptions {
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
  hidden?: boolean;
}

/** A page (typeId 2, or 4 when hidden) with one button per action. */
const page = (
  name: string,
  title: string,
  path: string,
  actions: readonly Action[],
  options: PageOptions = {},
): MenuSeed => {
  const { hidden = false, ...rest } = options;
  const buttons = actions.map(
    (action): MenuSeed => ({
      name: `${name}${pascal(action)}`,
      title: actionTitles[action],
      path: '',
      typeId: MenuType.BUTTON,
      perm: `${permPrefix(path)}:${action}`,
    }),
  );
  return {
    name,
    title,
    path,
    typeId: hidden ? MenuType.HIDDEN_PAGE : MenuType.PAGE,
    // Opening the page (its list and detail routes) is a permission of its own.
    perm: `${permPrefix(path)}:view`,
    ...rest,
    ...(buttons.length > 0 ? { children: buttons } : {}),
  };
};

const directory = (name: string, title: string, path: string, icon: string, children: MenuSeed[]): MenuSeed => ({
  name,
  title,
  path,
  typeId: MenuType.DIRECTORY,
  icon,
  children,
});

export const menus: MenuSeed[] = [
  directory('home', '首页', '/dashboard', 'HomeOutlined', [
    page('dashboard', '工作台', '/dashboard/dashboard', [], { icon: 'DashboardOutlined', affix: true }),
    page('newsList', '消息通知', '/dashboard/newslist', ['read', 'delete'], { icon: 'NotificationOutlined' }),
  ]),
  directory('organization', '组织管理', '/organization', 'ApartmentOutlined', [
    page('departments', '部门管理', '/organization/departments', ['create', 'update', 'delete'], {
      icon: 'ClusterOutlined',
    }),
    page('stores', '门店管理', '/organization/stores', ['create', 'update', 'delete', 'export'], {
      icon: 'ShopOutlined',
    }),
    page('posts', '岗位管理', '/organization/posts', ['create', 'update', 'delete', 'assign-roles'], {
      icon: 'SolutionOutlined',
    }),
    page('headcount', '编制管理', '/organization/headcount', ['update', 'import', 'export'], {
      icon: 'TableOutlined',
    }),
    page('orgChart', '组织架构图', '/organization/chart', ['export'], { icon: 'PartitionOutlined' }),
  ]),
  directory('staff', '员工管理', '/staff', 'TeamOutlined', [
    page(
      'staffList',
      '员工花名册',
      '/staff/list',
      ['create', 'update', 'export', 'import', 'reveal-id', 'freeze', 'thaw'],
      { icon: 'ContactsOutlined' },
    ),
    page('staffDetail', '员工详情', '/staff/detail', ['update', 'reveal-id'], { hidden: true, noCache: true }),
    page('enrollmentEntry', '入职登记', '/managingpeople/enrollmententry', ['save', 'submit'], {
      icon: 'FormOutlined',
      noCache: true,
    }),
    page('onboarding', '入职管理', '/staff/onboarding', ['create', 'update', 'delete', 'submit', 'export'], {
      icon: 'UserAddOutlined',
    }),
    page('transfer', '调岗管理', '/staff/transfer', ['create', 'update', 'cancel', 'export'], {
      icon: 'UserSwitchOutlined',
    }),
    page('resignation', '离职管理', '/staff/resignation', ['create', 'update', 'cancel', 'export', 'go', 'prohibit', 'setting'], {
      icon: 'UserDeleteOutlined',
    }),
    page('resignationHandover', '离职交接', '/staff/resignation/handover', ['transfer', 'retry', 'complete'], {
      hidden: true,
      noCache: true,
    }),
    page('prohibited', '禁用名单', '/staff/prohibited', ['create', 'update', 'dismiss', 'import', 'export'], {
      icon: 'StopOutlined',
    }),
    page('mutuallyExclusive', '互斥规则', '/staff/mutually-exclusive', ['create', 'update', 'delete'], {
      icon: 'DisconnectOutlined',
    }),
    page('rotation', '轮岗管理', '/staff/rotation', ['create', 'update', 'delete'], { icon: 'SyncOutlined' }),
    page('dispatch', '外派管理', '/staff/dispatch', ['create', 'update', 'cancel'], { icon: 'SendOutlined' }),
    page('training', '培训管理', '/staff/training', ['create', 'update', 'delete', 'import', 'export'], {
      icon: 'ReadOutlined',
    }),
  ]),
  directory('approval', '审批中心', '/approval', 'AuditOutlined', [
    page('approvalTodo', '待我审批', '/approval/todo', ['approve', 'reject'], { icon: 'CarryOutOutlined' }),
    page('approvalDone', '我已审批', '/approval/done', ['export'], { icon: 'FileDoneOutlined' }),
    page('approvalMine', '我发起的', '/approval/mine', ['withdraw'], { icon: 'ProfileOutlined' }),
    page('inductionFirst', '入职审批', '/processapproval/inductionfirst', ['approve', 'reject'], {
      icon: 'CheckSquareOutlined',
      noCache: true,
    }),
    page('postTransfer', '调岗审批', '/processapproval/posttransfer', ['approve', 'reject'], {
      icon: 'SwapOutlined',
      noCache: true,
    }),
    page('approvalFlows', '审批流程设置', '/approval/flows', ['create', 'update', 'delete'], {
      icon: 'BranchesOutlined',
    }),
  ]),
  directory('attendance', '考勤管理', '/attendance', 'ScheduleOutlined', [
    // The employee's own clock-in, phone first.
    page('attendanceClock', '考勤打卡', '/attendance/clock', ['punch'], { icon: 'AimOutlined' }),
    page('attendanceRecords', '打卡记录', '/attendance/records', ['import', 'export'], {
      icon: 'ClockCircleOutlined',
    }),
    page('attendanceAbnormal', '考勤异常', '/attendance/abnormal', ['explain', 'approve', 'reject', 'export'], {
      icon: 'WarningOutlined',
    }),
    page('attendanceRules', '考勤规则', '/attendance/rules', ['create', 'update', 'delete'], {
      icon: 'ControlOutlined',
    }),
    page('attendanceCoordinates', '打卡地点', '/attendance/coordinates', ['create', 'update', 'delete'], {
      icon: 'EnvironmentOutlined',
    }),
    page('attendanceLeave', '请假管理', '/attendance/leave', ['create', 'withdraw', 'export', 'adjust'], {
      icon: 'CalendarOutlined',
    }),
    page('attendanceStatistics', '考勤统计', '/attendance/statistics', ['export', 'lock', 'unlock'], {
      icon: 'FundOutlined',
    }),
  ]),
  directory('statistics', '统计分析', '/statistics', 'BarChartOutlined', [
    page('statisticsOverview', '人力概览', '/statistics/overview', ['export'], { icon: 'AreaChartOutlined' }),
    page('statisticsTurnover', '离职率分析', '/statistics/turnover', ['export'], { icon: 'LineChartOutlined' }),
    page('statisticsVacancy', '缺编分析', '/statistics/vacancy', ['export'], { icon: 'FallOutlined' }),
    page('statisticsResign', '离职分析', '/statistics/resign', ['export'], { icon: 'RiseOutlined' }),
    page('statisticsDistribution', '人员结构分布', '/statistics/distribution', ['export'], {
      icon: 'PieChartOutlined',
    }),
  ]),
  directory('system', '系统管理', '/system', 'SettingOutlined', [
    page('systemMenus', '菜单管理', '/system/menus', ['create', 'update', 'delete'], { icon: 'MenuOutlined' }),
    page('systemRoles', '角色管理', '/system/roles', ['create', 'update', 'delete', 'grant'], {
      icon: 'SafetyCertificateOutlined',
    }),
    page(
      'systemUsers',
      '用户管理',
      '/system/users',
      ['create', 'update', 'freeze', 'thaw', 'reset-password', 'assign-roles'],
      { icon: 'UserOutlined' },
    ),
    page('systemDictionaries', '数据字典', '/system/dictionaries', ['create', 'update', 'delete'], {
      icon: 'BookOutlined',
    }),
    page('systemAudit', '操作日志', '/system/audit', ['export'], { icon: 'HistoryOutlined' }),
    page('systemExports', '导出任务', '/system/exports', ['download', 'cancel', 'delete'], {
      icon: 'DownloadOutlined',
    }),
  ]),
];

/** Every menu item of the tree, depth first (parents before their children). */
export function flattenMenus(items: readonly MenuSeed[] = menus): MenuSeed[] {
  return items.flatMap((item) => [item, ...flattenMenus(item.children ?? [])]);
}
