// Test support only (not part of the app): what the directory's two page tests share, their menu pages,
// the people and the pickers' answers.
import type { MenuPage } from '../../test/fixtures';
import { ok, type Routes } from '../../test/mock-api';
import type { StaffDetail, StaffRow } from './api';

export const LIST_PAGE: MenuPage = { name: 'staffList', title: '员工花名册', path: '/staff/list' };
export const DETAIL_PAGE: MenuPage = {
  name: 'staffDetail',
  title: '员工详情',
  path: '/staff/detail',
  typeId: 4,
  noCache: true,
};

export const staffRow = (id: number, name: string, extra: Partial<StaffRow> = {}): StaffRow => ({
  id,
  employee_no: `E10000${id}`,
  name,
  gender: 'male',
  phone: `1380000000${id}`,
  id_number: `110************23${id}`,
  status: 'regular',
  employee_type_id: 501,
  employee_type_name: '全职',
  entry_date: '2024-03-01',
  left_on: null,
  store_id: 7,
  store_name: '华驰北京朝阳店',
  department_id: 71,
  department_name: '销售部',
  post_id: 5,
  post_name: '销售顾问',
  dispatched_to: null,
  ...extra,
});

export const rows: StaffRow[] = [
  staffRow(1, '张三'),
  // At head office: no store.
  staffRow(2, '李四', {
    gender: 'female',
    status: 'probation',
    store_id: null,
    store_name: null,
    department_id: 3,
    department_name: '人力资源部',
    post_id: 6,
    post_name: '招聘专员',
    employee_type_id: 502,
    employee_type_name: '实习',
  }),
  staffRow(3, '王五', { status: 'resigned', left_on: '2025-12-31' }),
];

/** 张三's whole record. */
export const detail: StaffDetail = {
  ...rows[0]!,
  email: 'zhangsan@huachi-auto.cn',
  id_type_id: 211,
  id_type_name: '居民身份证',
  birth_date: '1990-03-07',
  height: 175,
  ethnicity_id: 231,
  ethnicity_name: '汉族',
  marital_status_id: 242,
  marital_status_name: '已婚',
  education_id: 221,
  education_name: '本科',
  college: '北京交通大学',
  region_id: 11,
  region_name: '华北区',
  has_license_id: 511,
  has_license_name: '有驾照',
  face_url: null,
  work_user_id: 'zhangsan',
  account: { username: 'zhangsan', status: 'active', is_sale: true },
  assignments: [
    {
      id: 33,
      is_main: false,
      kind: 'post',
      store_id: 8,
      store_name: '华驰北京海淀店',
      department_id: 81,
      department_name: '市场部',
      post_id: 9,
      post_name: '活动策划',
      start_date: '2025-06-01',
      end_date: null,
    },
    {
      id: 32,
      is_main: true,
      kind: 'post',
      store_id: 7,
      store_name: '华驰北京朝阳店',
      department_id: 71,
      department_name: '销售部',
      post_id: 5,
      post_name: '销售顾问',
      start_date: '2025-01-01',
      end_date: null,
    },
    {
      id: 31,
      is_main: true,
      kind: 'post',
      store_id: 7,
      store_name: '华驰北京朝阳店',
      department_id: 72,
      department_name: '客服部',
      post_id: 4,
      post_name: '客服专员',
      start_date: '2024-03-01',
      end_date: '2024-12-31',
    },
  ],
  created_at: '2024-03-01T02:00:00.000Z',
  updated_at: '2026-01-05T03:30:00.000Z',
};

/** The pickers' answers: dictionaries, stores, departments and posts. */
export const pickerRoutes: Routes = {
  'GET /api/auth/dictionarie/data': ok({
    '1': [
      { id: 11, name: '华北区' },
      { id: 12, name: '华东区' },
    ],
    '21': [
      { id: 211, name: '居民身份证' },
      { id: 212, name: '护照' },
    ],
    '22': [
      { id: 221, name: '本科' },
      { id: 222, name: '大专' },
    ],
    '23': [
      { id: 231, name: '汉族' },
      { id: 232, name: '回族' },
    ],
    '24': [
      { id: 241, name: '未婚' },
      { id: 242, name: '已婚' },
    ],
    '50': [
      { id: 501, name: '全职' },
      { id: 502, name: '实习' },
    ],
    '51': [
      { id: 511, name: '有驾照' },
      { id: 512, name: '无驾照' },
    ],
  }),
  'GET /api/auth/store/index': ok({
    data: [
      { id: 7, code: 'BJ01', name: '华驰北京朝阳店' },
      { id: 8, code: 'BJ02', name: '华驰北京海淀店' },
    ],
    total: 2,
  }),
  'GET /api/auth/departments/my/tree': ok([
    { id: 3, name: '人力资源部' },
    { id: 71, name: '销售部' },
  ]),
  'GET /api/auth/posts/index': ok({
    data: [
      { id: 5, code: 'sales_consultant', name: '销售顾问' },
      { id: 6, code: 'recruiter', name: '招聘专员' },
    ],
    total: 2,
  }),
};
