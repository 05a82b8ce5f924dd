/** What the staff routes and the employment service answer about a person (409 and 404 messages). */
export const staffMessages = {
  notFound: '员工不存在',
  phoneTaken: '该手机号码已被在职员工使用',
  idNumberTaken: '该证件号码已被其他员工使用',
  workUserTaken: '该企业微信账号已被其他员工使用',
  birthDateMismatch: '出生日期与身份证号码不一致',
} as const;
