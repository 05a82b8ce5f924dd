/**
 * Attendance (`/api/auth/clock/*`, pages `/attendance/*`). Clock-in points (打卡地点) first: named points per store,
 * each with its own radius, entered in the datum of the map they were read from. Plain constants, free of zod;
 * the schemas are in ./contract.
 */

/** WGS-84 (GPS, a phone's raw position) or GCJ-02 (every Chinese map: Amap, Tencent, Baidu before its own shift). */
export const DATUMS = ['wgs84', 'gcj02'] as const;
export type Datum = (typeof DATUMS)[number];

export const datumNames: Record<Datum, string> = { wgs84: 'WGS-84（GPS）', gcj02: 'GCJ-02（国内地图）' };

/** A point's fence radius in metres. */
export const RADIUS_DEFAULT = 300;
export const RADIUS_MIN = 100;
export const RADIUS_MAX = 3000;
export const POINT_NAME_MAX = 30;

export const attendanceLabels = {
  point: '打卡地点',
  store: '门店',
  name: '地点名称',
  latitude: '纬度',
  longitude: '经度',
  datum: '坐标系',
  radius: '打卡范围',
  enabled: '状态',
  keyword: '关键字',
} as const;

export const attendanceMessages = {
  pointNotFound: '打卡地点不存在',
  storeOutsideScope: '门店不存在或不在你的数据权限范围内',
  nameTaken: '该门店已有同名的打卡地点',
  radiusRange: `打卡范围须为 ${RADIUS_MIN}-${RADIUS_MAX} 米`,
  noPoints: '该门店尚未设置打卡地点',
} as const;

// --- Rules and shifts (考勤规则) -----------------------------------------------------------------------------

/**
 * How a group's days are due: the same hours on its work days (`fixed`), a shift scheduled per person and day
 * (`shift`), or a number of hours whenever the person chooses (`free`).
 */
export const GROUP_KINDS = ['fixed', 'shift', 'free'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export const groupKindNames: Record<GroupKind, string> = {
  fixed: '固定班制',
  shift: '排班制',
  free: '自由工时',
};

/**
 * What a group covers; a person belongs to the group of their post, else of their store, else of the nearest
 * department at or above theirs (a group of the root department covers everyone else).
 */
export const GROUP_TARGETS = ['post', 'department', 'store'] as const;
export type GroupTarget = (typeof GROUP_TARGETS)[number];

/** ISO week days, Monday 1 to Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A calendar entry overrides the week: a statutory holiday (休) or a make-up working day (班). */
export const CALENDAR_KINDS = ['holiday', 'workday'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** -1 turns a threshold off (no serious lateness, lateness never counts as absence...). */
export const THRESHOLD_OFF = -1;
export const GROUP_NAME_MAX = 30;
export const SHIFT_NAME_MAX = 20;
export const DAY_BOUNDARY_MAX = 12;
export const CORRECTION_QUOTA_MAX = 31;
export const CORRECTION_DEADLINE_MAX = 60;

// --- Punches (打卡记录) -------------------------------------------------------------------------------------

/** Where a punch came from: the product's page, WeCom's clock-in, a device; `correction` is an approved 补卡. */
export const PUNCH_SOURCES = ['web', 'wecom', 'device', 'correction'] as const;
export type PunchSource = (typeof PUNCH_SOURCES)[number];
/** The sources a clock-in may name (a correction's punch is written by its approval only). */
export const CLOCK_IN_SOURCES = ['web', 'wecom', 'device'] as const;
/** A position's accuracy beyond this (metres) is refused: it cannot decide a 300 m fence. */
export const ACCURACY_MAX = 1500;

// --- The day (考勤日) ---------------------------------------------------------------------------------------

export const DAY_KINDS = ['workday', 'restday', 'holiday'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
export const DAY_STATUSES = ['normal', 'abnormal', 'rest', 'leave'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];
/**
 * Leave on a day: the morning, the afternoon, the whole day, or `hours` (leave by the hour only, its minutes
 * kept beside it).
 */
export const LEAVE_SPANS = ['none', 'am', 'pm', 'full', 'hours'] as const;
export type LeaveSpan = (typeof LEAVE_SPANS)[number];
/** What makes a day abnormal (考勤异常). */
export const ABNORMAL_KINDS = ['late', 'early', 'missing', 'outside', 'absent'] as const;
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number];

// --- Corrections (补卡) ------------------------------------------------------------------------------------

export const CORRECTION_SIDES = ['in', 'out'] as const;
export type CorrectionSide = (typeof CORRECTION_SIDES)[number];
export const correctionSideNames: Record<CorrectionSide, string> = { in: '上班卡', out: '下班卡' };
export const CORRECTION_STATUSES = ['approving', 'approved', 'rejected', 'withdrawn'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];
export const REASON_MAX = 200;
/** A manager's reading of an employee's explanation: pending until accepted or rejected. */
export const EXPLANATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ExplanationStatus = (typeof EXPLANATION_STATUSES)[number];

export const ruleLabels = {
  group: '考勤组',
  groupName: '考勤组名称',
  kind: '考勤类型',
  shift: '班次',
  shiftName: '班次名称',
  start: '上班时间',
  end: '下班时间',
  earliestIn: '最早打卡',
  latestOut: '最晚打卡',
  lateGrace: '允许迟到分钟数',
  seriousLate: '严重迟到分钟数',
  lateAbsent: '迟到记旷工分钟数',
  earlyGrace: '允许早退分钟数',
  halfDayHours: '半天缺勤工时',
  absentHours: '旷工工时',
  dayBoundary: '跨天时间',
  workdays: '工作日',
  allowOutside: '允许外勤打卡',
  outsidePhoto: '外勤需拍照',
  correctionQuota: '每月补卡次数',
  correctionDeadline: '补卡期限（天）',
  leaveTopUp: '地方增加天数',
  hourlyLeave: '可按小时请假的类型',
  annualCarryDays: '年假结转上限（天）',
  annualCarryMonths: '结转年假有效期（月）',
  statutory: '法定节假日',
  targets: '适用范围',
  day: '日期',
  calendarKind: '类型',
  calendarName: '名称',
  month: '月份',
  reason: '原因',
  side: '补卡类型',
  time: '补卡时间',
  explanation: '异常说明',
  accuracy: '定位精度',
  source: '来源',
} as const;

export const ruleMessages = {
  groupNotFound: '考勤组不存在',
  shiftNotFound: '班次不存在',
  groupNameTaken: '已有同名的考勤组',
  shiftNameTaken: '已有同名的班次',
  targetTaken: (name: string) => `适用范围已属于考勤组「${name}」，一个人同一时间只能属于一个考勤组`,
  shiftInUse: '该班次仍被考勤组或排班使用，不能删除',
  targetNotFound: '适用范围中的岗位、部门或门店不存在',
  shiftRequired: '固定班制和自由工时须选择班次',
  time: (label: string) => `${label}须为 00:00-23:59 的时间`,
  minutes: (label: string) => `${label}须为 -1（不启用）或 0-720 的整数`,
  hours: (label: string) => `${label}须为 -1（不启用）或 0-24 的数字`,
  range: (label: string, min: number, max: number) => `${label}须为 ${min}-${max} 的整数`,
  workdays: '请选择工作日',
  month: '月份格式应为 YYYY-MM',
  calendarTaken: '该日期已在节假日日历中',
  calendarNotFound: '节假日日历中没有该日期',
  noEmployee: '当前账号未关联员工，不能打卡',
  noStore: '你今天没有所属门店，不能打卡',
  noGroup: '你不在任何考勤组中，请联系人事',
  outside: (distance: number, radius: number) =>
    `你不在打卡范围内：距离最近的打卡地点 ${distance} 米（范围 ${radius} 米），该考勤组不允许外勤打卡`,
  outsideNoPoint: '门店尚未设置打卡地点，且该考勤组不允许外勤打卡',
  photoRequired: '外勤打卡须拍照',
  accuracy: `定位精度须为 0-${ACCURACY_MAX} 米，请到开阔处重新定位`,
  dayNotFound: '该日没有考勤记录',
  monthLocked: (month: string) => `${month} 的考勤已封账，请先由人事反封账`,
  monthNotLocked: (month: string) => `${month} 的考勤尚未封账`,
  monthNotOver: '只能封账已结束的月份',
  correctionQuota: (quota: number) => `本月补卡次数已用完（每月 ${quota} 次）`,
  correctionDeadline: (days: number) => `已超过补卡期限（异常日后 ${days} 天内）`,
  correctionFuture: '补卡时间不能晚于现在',
  correctionOutsideDay: '补卡时间须在该考勤日内',
  correctionPending: '该日已有审批中的补卡申请',
  correctionNotFound: '补卡申请不存在',
  notOwnDay: '只能说明自己的考勤异常',
  notAbnormal: '该日考勤正常，无需说明',
  scheduleTooLong: '一次最多排 62 天',
  year: '年份须为 2000-2100 的整数',
  notInShiftGroup: '该员工不在排班制考勤组中',
  notInShiftGroupOn: (day: string) => `该员工 ${day} 不在排班制考勤组中（未在职或已调离），请去掉这一天`,
  notShiftGroup: '只有排班制考勤组按人按天排班',
} as const;

/** The monthly sheet's columns, in order, with their Chinese headers (the page and the Excel file). */
export const statisticsLabels = {
  employee_no: '工号',
  employee_name: '姓名',
  store_name: '门店',
  days_due: '应出勤天数',
  attended: '实际出勤天数',
  rest_days: '休息天数',
  worked_hours: '工作时长（小时）',
  late_count: '迟到次数',
  late_minutes: '迟到分钟',
  serious_late: '严重迟到次数',
  early_count: '早退次数',
  early_minutes: '早退分钟',
  missing_in: '上班缺卡',
  missing_out: '下班缺卡',
  absent_days: '旷工天数',
  outside: '外勤次数',
  corrections: '补卡次数',
  leave_days: '请假天数',
  overtime_hours: '加班时长（小时）',
} as const;
