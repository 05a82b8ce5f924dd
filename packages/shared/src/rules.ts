/**
 * Validation rules (docs/domain.md "Form rules"): labels, Chinese messages, patterns and the antd form
 * rules. Free of zod so the web app can use them without shipping it; the zod schemas for the server are
 * built on these in validation.ts.
 */
import { isValidMainlandId } from './id-number';

export const fieldLabels = {
  phone: '手机号码',
  personName: '姓名',
  idNumber: '证件号码',
  email: '邮箱',
  height: '身高',
  latitude: '纬度',
  longitude: '经度',
  days: '天数',
  timeRange: '时间范围',
  // Required non-empty text
  name: '名称',
  title: '标题',
  description: '描述',
  content: '内容',
  picture: '图片',
  sortOrder: '排序',
  districtStore: '区域门店',
  storeCode: '门店编码',
  storeType: '门店类型',
  username: '用户名',
  password: '密码',
  // Required selections
  region: '区域',
  store: '门店',
  certificateType: '证件类型',
  education: '学历',
  ethnicity: '民族',
  maritalStatus: '婚姻状况',
  gender: '性别',
  date: '日期',
  type: '类型',
  status: '状态',
  college: '院校',
  post: '岗位',
  // Required reasons and explanations
  disableReason: '禁用原因',
  enableReason: '启用原因',
  quitReason: '离职原因',
  quitDestination: '离职去向',
  explanation: '说明',
} as const;

export type FieldLabel = (typeof fieldLabels)[keyof typeof fieldLabels];

/** Longest college name kept on a person's profile (the roster's form and onboarding's personal step). */
export const COLLEGE_MAX = 60;

/** Largest id a record can have: ids are PostgreSQL `integer`s, and a larger number must find nothing, not fail. */
export const MAX_ID = 2_147_483_647;

export function invalidIdMessage(label: string): string {
  return `${label}格式不正确`;
}

// C0 control characters and DEL, and lone surrogates (text that has no UTF-8 form). Free text (a reason, a
// comment) may keep tab and line breaks; a name or a code is one line and keeps none. PostgreSQL cannot store
// NUL in text at all.
/* eslint-disable no-control-regex -- matching control characters is the point */
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F]|\p{Cs}/u;
/* eslint-enable no-control-regex */

/**
 * Whether text holds a character it may not: a control character (any in a one-line value, all but tab and
 * line breaks elsewhere) or half of a surrogate pair.
 */
export function hasControlCharacters(value: string, { singleLine = false } = {}): boolean {
  return (singleLine ? FORBIDDEN_IN_LINE : FORBIDDEN_IN_TEXT).test(value);
}

export function controlCharactersMessage(label: string): string {
  return `${label}不能包含控制字符或无效字符`;
}

export function requiredMessage(label: string): string {
  return `${label}不能为空`;
}

export function selectMessage(label: string): string {
  return `请选择${label}`;
}

export function maxLengthMessage(label: string, max: number): string {
  return `${label}不能超过${max}个字符`;
}

export const messages = {
  phoneRequired: '手机号码不能为空',
  phoneInvalid: '请输入正确的手机号码',
  nameRequired: '姓名不能为空',
  nameInvalid: '姓名格式不正确',
  idNumberRequired: '证件号码不能为空',
  idNumberInvalid: '身份证号码格式不正确',
  emailRequired: '邮箱不能为空',
  emailInvalid: '请输入正确的邮箱格式',
  heightRequired: '身高不能为空',
  heightInvalid: '请输入正确的身高',
  latitudeRequired: '纬度不能为空',
  latitudeInvalid: '请输入正确的纬度',
  longitudeRequired: '经度不能为空',
  longitudeInvalid: '请输入正确的经度',
  daysInvalid: '天数只能为数字',
  timeRangeRequired: '请选择时间范围',
  timeRangeInvalid: '时间范围格式不正确',
  // Login accounts (this project's own rules, docs/domain.md "Accounts")
  usernameRequired: '用户名不能为空',
  usernameInvalid: '用户名须为 3-32 位字母、数字或 . _ -',
  passwordRequired: '密码不能为空',
  passwordInvalid: '密码须为 8-64 位，且同时包含字母和数字',
  passwordMismatch: '两次输入的密码不一致',
} as const;

const HAN = '\\p{Script=Han}';
// Both the Latin middle dot U+00B7 (the standard separator in transliterated names, e.g. 阿沛·阿旺晋美) and
// the katakana middle dot U+30FB (what several Chinese input methods type) are accepted, only between characters.
const CHINESE_NAME = `${HAN}+(?:[\\u00B7\\u30FB]${HAN}+)*`;
// Latin names need at least one letter, so '..' or a run of spaces is not a name.
const LATIN_NAME = '(?=[^A-Za-z]*[A-Za-z])[A-Za-z. ]{1,20}';

export const patterns = {
  phone: /^1\d{10}$/,
  personName: new RegExp(`^(?:${CHINESE_NAME}|${LATIN_NAME})$`, 'u'),
  email: /^(?!\.)(?!.*\.\.)[\w'+.-]*[\w+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/,
  height: /^[12]\d{1,2}$/,
  latitude: /^[-+]?\d{1,2}(?:\.\d+)?$/,
  longitude: /^[-+]?\d{1,3}(?:\.\d+)?$/,
  days: /^\d+$/,
  /** Any certificate number (mainland ID, passport, permit): 5-30 letters and digits. */
  certificateNumber: /^[A-Za-z0-9]{5,30}$/,
  /** Account names: 3-32 ASCII letters, digits, dots, underscores or dashes (compared without case). */
  username: /^[A-Za-z0-9._-]{3,32}$/,
  /** New passwords: 8-64 characters with at least one letter and one digit. */
  password: /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/u,
} as const;

const LATITUDE_LIMIT = 90;
const LONGITUDE_LIMIT = 180;

type TextOrNumber = string | number;

/** Numbers are checked as their decimal text, so form inputs and JSON numbers pass the same rule. */
function asText(value: TextOrNumber): string {
  return typeof value === 'number' ? String(value) : value.trim();
}

function isCoordinate(value: TextOrNumber, pattern: RegExp, limit: number): boolean {
  const text = asText(value);
  return pattern.test(text) && Math.abs(Number(text)) <= limit;
}

export const isPhone = (value: TextOrNumber): boolean => patterns.phone.test(asText(value));
export const isPersonName = (value: TextOrNumber): boolean => patterns.personName.test(asText(value));
export const isEmail = (value: TextOrNumber): boolean => patterns.email.test(asText(value));
export const isHeight = (value: TextOrNumber): boolean => patterns.height.test(asText(value));
export const isLatitude = (value: TextOrNumber): boolean =>
  isCoordinate(value, patterns.latitude, LATITUDE_LIMIT);
export const isLongitude = (value: TextOrNumber): boolean =>
  isCoordinate(value, patterns.longitude, LONGITUDE_LIMIT);
export const isDays = (value: TextOrNumber): boolean => patterns.days.test(asText(value));
export const isUsername = (value: TextOrNumber): boolean => patterns.username.test(asText(value));
/** Trimmed first, as the server trims the number before keeping it. */
export const isCertificateNumber = (value: TextOrNumber): boolean =>
  patterns.certificateNumber.test(asText(value));
/** Not trimmed: spaces are part of a password. */
export const isPassword = (value: string): boolean => patterns.password.test(value);

/** Absent, null or only whitespace: what a required rule rejects. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** [start, end] of a range picker; either may be empty but not both ("needs the first entry's start or end"). */
export function hasTimeRangeEnd(value: unknown): boolean {
  return Array.isArray(value) && (!isBlank(value[0]) || !isBlank(value[1]));
}

// ---------------------------------------------------------------------------------------------------------------
// antd Form.Item rules for the web (shared does not depend on antd; these objects fit its Rule type)

export interface FormRule {
  required?: boolean;
  whitespace?: boolean;
  message?: string;
  pattern?: RegExp;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

/** The web form waits this long after typing before checking an email (antd Form.Item `validateDebounce`). */
export const EMAIL_VALIDATE_DELAY_MS = 1000;

function requiredRule(message: string): FormRule {
  return { required: true, whitespace: true, message };
}

/** Leaves empty values to the required rule, so an empty field shows one message, not two. */
function formatRule(message: string, isValid: (value: TextOrNumber) => boolean): FormRule {
  return {
    validator: (_rule, value) => {
      if (isBlank(value)) return Promise.resolve();
      const valid = (typeof value === 'string' || typeof value === 'number') && isValid(value);
      return valid ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

function timeRangeRule(): FormRule {
  return {
    validator: (_rule, value) =>
      hasTimeRangeEnd(value) ? Promise.resolve() : Promise.reject(new Error(messages.timeRangeRequired)),
  };
}

/** Each entry is a `rules` array for a Form.Item. */
export const antdRules = {
  phone: [requiredRule(messages.phoneRequired), formatRule(messages.phoneInvalid, isPhone)],
  personName: [requiredRule(messages.nameRequired), formatRule(messages.nameInvalid, isPersonName)],
  email: [requiredRule(messages.emailRequired), formatRule(messages.emailInvalid, isEmail)],
  height: [requiredRule(messages.heightRequired), formatRule(messages.heightInvalid, isHeight)],
  latitude: [requiredRule(messages.latitudeRequired), formatRule(messages.latitudeInvalid, isLatitude)],
  longitude: [requiredRule(messages.longitudeRequired), formatRule(messages.longitudeInvalid, isLongitude)],
  days: [formatRule(messages.daysInvalid, isDays)],
  idNumber: [requiredRule(messages.idNumberRequired)],
  mainlandIdNumber: [
    requiredRule(messages.idNumberRequired),
    formatRule(messages.idNumberInvalid, (value) => isValidMainlandId(String(value).trim())),
  ],
  timeRange: [timeRangeRule()],
  username: [requiredRule(messages.usernameRequired), formatRule(messages.usernameInvalid, isUsername)],
  password: [
    requiredRule(messages.passwordRequired),
    formatRule(messages.passwordInvalid, (value) => typeof value === 'string' && isPassword(value)),
  ],
  required: (label: string): FormRule[] => [requiredRule(requiredMessage(label))],
  select: (label: string): FormRule[] => [{ required: true, message: selectMessage(label) }],
} satisfies Record<string, FormRule[] | ((label: string) => FormRule[])>;
