// The menu administration's limits, patterns, labels and messages: plain constants, free of zod, so the web
// imports them directly; the zod schemas built on them are in ./contract.

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

/** A route name: a letter, then letters and digits. */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;
/** A route path: begins with `/`, no spaces. */
export const MENU_PATH_PATTERN = /^\/\S*$/;
const PERM_SEGMENT = '[A-Za-z][A-Za-z0-9-]*';
/** A permission name: module:page:action. */
export const MENU_PERM_PATTERN = new RegExp(`^${PERM_SEGMENT}:${PERM_SEGMENT}:${PERM_SEGMENT}$`);
/** An @ant-design/icons component name (`MenuOutlined`, `HomeFilled`, `SmileTwoTone`). */
export const MENU_ICON_PATTERN = /^[A-Z][A-Za-z0-9]*(?:Outlined|Filled|TwoTone)$/;
