/**
 * Training (`/api/auth/training/*`, page `/staff/training`): courses held by an area (a region) or a store,
 * and who attended each, with a score and whether they passed. Types, limits, labels, the sheets' columns
 * and the messages as plain constants, free of zod, so the web imports them directly; the zod schemas built
 * on them are in ./contract.
 */

/**
 * A course's type. A fixed list rather than a dictionary: the statistics of a later release count by it, and
 * the four languages' names live with the page.
 */
export const TRAINING_TYPES = [
  'onboarding',
  'product',
  'sales',
  'service',
  'technical',
  'safety',
  'management',
  'other',
] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];
/** The Chinese names: the sheets and the import's list of values. */
export const trainingTypeNames: Record<TrainingType, string> = {
  onboarding: '入职培训',
  product: '产品知识',
  sales: '销售技能',
  service: '服务礼仪',
  technical: '售后技术',
  safety: '安全生产',
  management: '管理能力',
  other: '其他',
};

/** The course code people write on the attendance sheet: letters, digits, '-' and '_'. */
export const COURSE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;
export const COURSE_NAME_MAX = 50;
export const TRAINER_MAX = 30;
export const LOCATION_MAX = 60;
export const DESCRIPTION_MAX = 500;
export const REMARK_MAX = 200;
/** Hours of one course: half an hour to a long programme, in steps of 0.5 at most one decimal. */
export const HOURS_MIN = 0.5;
export const HOURS_MAX = 500;
export const SCORE_MAX = 100;
/** Where a score is given and 是否通过 is not: a score of at least this passes. */
export const PASS_SCORE = 60;
/** The people of one attendance save (a large course's roster, with room to spare). */
export const RECORDS_MAX = 500;

export const isHours = (value: number) =>
  Number.isFinite(value) && value >= HOURS_MIN && value <= HOURS_MAX && Math.round(value * 10) === value * 10;
export const isScore = (value: number) =>
  Number.isFinite(value) && value >= 0 && value <= SCORE_MAX && Math.round(value * 10) === value * 10;

export const trainingLabels = {
  course: '培训课程',
  code: '课程编号',
  name: '课程名称',
  type: '培训类型',
  trainer: '讲师',
  startDate: '开始日期',
  endDate: '结束日期',
  hours: '课时',
  department: '所属区域或门店',
  location: '培训地点',
  description: '课程说明',
  employee: '参训人员',
  employeeNo: '工号',
  employeeName: '姓名',
  attended: '是否出勤',
  score: '成绩',
  passed: '是否通过',
  remark: '备注',
  records: '参训记录',
  keyword: '关键字',
  region: '区域',
  store: '门店',
  importKind: '导入内容',
} as const;

export const trainingMessages = {
  notFound: '培训课程不存在',
  codeInvalid: '课程编号只能是 1 到 30 位字母、数字、“-”或“_”',
  codeTaken: (code: string) => `课程编号“${code}”已存在`,
  departmentKind: '所属单位只能选择区域或门店',
  endBeforeStart: '结束日期不能早于开始日期',
  hoursInvalid: `课时必须是 ${HOURS_MIN} 到 ${HOURS_MAX} 之间的数，最多一位小数`,
  scoreInvalid: `成绩必须是 0 到 ${SCORE_MAX} 之间的数，最多一位小数`,
  recordsInvalid: '请提交参训人员',
  tooManyRecords: `一次最多保存 ${RECORDS_MAX} 名参训人员`,
  duplicateEmployee: '同一人员提交了多次',
  employeeNotFound: '参训人员不存在',
  // The import's cells.
  dateCell: (header: string) => `${header}必须是日期，如 2026-03-01`,
  departmentUnknown: (value: string) => `区域或门店“${value}”不存在或不在您的数据范围内`,
  departmentAmbiguous: (value: string) => `名称“${value}”对应多个单位，请填写编码`,
  courseUnknown: (code: string) => `课程编号“${code}”不存在或不在您的数据范围内`,
  employeeUnknown: (no: string) => `工号“${no}”不存在`,
  nameMismatch: (no: string, name: string) => `工号“${no}”的姓名是“${name}”，与表中不一致`,
  duplicateCourseRow: (first: number) => `与第 ${first} 行的课程编号重复`,
  duplicateRecordRow: (first: number) => `与第 ${first} 行的课程和工号重复`,
  noImport: '还没有导入过',
} as const;

/** The two imports of the page: courses, then who attended them. */
export const TRAINING_IMPORT_KINDS = ['training-courses', 'training-records'] as const;
export type TrainingImportKind = (typeof TRAINING_IMPORT_KINDS)[number];

export const courseSheet = {
  name: '培训课程',
  columns: {
    code: '课程编号',
    name: '课程名称',
    type: '培训类型',
    trainer: '讲师',
    startDate: '开始日期',
    endDate: '结束日期',
    hours: '课时',
    department: '区域或门店',
    location: '培训地点',
    description: '课程说明',
  },
} as const;

export const recordSheet = {
  name: '参训记录',
  columns: {
    courseCode: '课程编号',
    employeeNo: '工号',
    employeeName: '姓名',
    attended: '是否出勤',
    score: '成绩',
    passed: '是否通过',
    remark: '备注',
  },
} as const;

/** 是 and 否, as the sheets write a yes or no. */
export const YES = '是';
export const NO = '否';
