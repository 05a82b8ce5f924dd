// The staff domain's limits, labels and messages (docs/domain.md "Employees"): plain constants, free of
// zod, so the web imports them directly; the zod schemas built on them are in ./contract.

/** What the staff routes and the employment service answer about a person (409 and 404 messages). */
export const staffMessages = {
  notFound: '员工不存在',
  phoneTaken: '该手机号码已被在职员工使用',
  idNumberTaken: '该证件号码已被其他员工使用',
  workUserTaken: '该企业微信账号已被其他员工使用',
  birthDateMismatch: '出生日期与身份证号码不一致',
  /** A new ID number that is no certificate number of any kind. */
  idNumberInvalid: '证件号码格式不正确',
} as const;

export const staffLabels = {
  employee: '员工',
  keyword: '姓名或拼音',
  employeeType: '员工类型',
  hasLicense: '是否有驾照',
  entryDate: '入职日期',
  entryFrom: '入职开始日期',
  entryTo: '入职结束日期',
  birthDate: '出生日期',
  workUserId: '企业微信账号',
} as const;

/** Longest WeCom (企业微信) account id a profile holds. */
export const WORK_USER_ID_MAX = 64;

/**
 * What holds an assignment: the person's own post (main or part-time), a dispatch to another store (the home
 * post is kept meanwhile) or a rotation stage.
 */
export const ASSIGNMENT_KINDS = ['post', 'dispatch', 'rotation'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * The body fields of `user/update` that the profile form requires but a record made before the rule, or
 * imported, may lack (docs/decisions.md "Required fields of an existing record"). Left out while the record
 * has none, they stay empty; once one has a value it cannot be left out. The server refuses leaving out a
 * field that has a value; the web form does not require one the loaded record lacks.
 */
export const FIELDS_KEPT_IF_EMPTY = [
  'email',
  'height',
  'ethnicity_id',
  'marital_status_id',
  'education_id',
  'college',
  'region_id',
  'employee_type_id',
] as const;
export type FieldKeptIfEmpty = (typeof FIELDS_KEPT_IF_EMPTY)[number];
