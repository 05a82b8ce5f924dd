// The stores domain's limits, labels and messages (docs/domain.md "Form rules"): plain constants, free of
// zod, so the web imports them directly; the zod schemas built on them are in ./contract.
import { fieldLabels, maxLengthMessage, requiredMessage } from '../rules';

/** Labels of the store form; the Chinese messages are built from them (docs/domain.md "Form rules"). */
export const storeLabels = {
  store: '门店',
  region: fieldLabels.districtStore,
  code: fieldLabels.storeCode,
  name: '门店名称',
  storeType: fieldLabels.storeType,
  brand: '品牌',
  category: '门店类别',
  city: '城市',
  address: '地址',
  openedOn: '开业日期',
  status: fieldLabels.status,
  keyword: '门店名称或编码',
  parent: '上级节点',
} as const;

export const STORE_CODE_MAX = 30;
export const STORE_NAME_MAX = 50;
export const CITY_MAX = 30;
export const ADDRESS_MAX = 200;
export const REASON_MAX = 200;

/** A store code: letters, digits, `_` and `-`. */
export const STORE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const storeMessages = {
  codeFormat: '门店编码只能包含字母、数字、下划线和短横线',
  codeTaken: '门店编码已存在',
  regionNotFound: '区域门店不存在或不在您的数据范围内',
  itemNotFound: (label: string) => `${label}不存在或已停用`,
  storeNotFound: '门店不存在',
  statusUnchanged: (active: boolean) => (active ? '门店已是启用状态' : '门店已是停用状态'),
  hasStaff: (count: number) => `门店还有 ${count} 名在职员工，不能删除`,
  hasHistory: '门店有历史任职记录，不能删除，请改为停用',
  hasHeadcount: (planned: number) => `门店还有 ${planned} 人的编制计划，不能删除`,
  invalidId: (label: string) => `${label}格式不正确`,
  disableReason: requiredMessage(fieldLabels.disableReason),
  enableReason: requiredMessage(fieldLabels.enableReason),
  reasonTooLong: maxLengthMessage('原因', REASON_MAX),
} as const;

export const storeStatuses = ['active', 'disabled'] as const;
export type StoreStatus = (typeof storeStatuses)[number];
