/** Posts (job titles) of the group and the headcount plan per store. */
export interface PostSeed {
  code: string;
  name: string;
  /** Dictionary 27 item code. */
  postTypeCode: string;
  /** Dictionary 42 item code. */
  categoryCode: string;
  isMain: boolean;
  sort: number;
  /** `storeDepartments` code where the post sits; null for store-level posts (总经理) and head-office posts. */
  departmentCode: string | null;
  headOffice: boolean;
  /** Planned headcount per store; 0 for head-office posts and part-time-only posts. */
  plannedPerStore: number;
}

type Row = [
  code: string,
  name: string,
  postTypeCode: string,
  categoryCode: string,
  departmentCode: string | null,
  plannedPerStore: number,
  isMain?: boolean,
];

const storeRows: Row[] = [
  ['general_manager', '总经理', 'management', 'management', null, 1],
  ['sales_director', '销售总监', 'management', 'sales', 'sales', 1],
  ['sales_manager', '销售经理', 'management', 'sales', 'sales', 2],
  ['sales_consultant', '销售顾问', 'sales', 'sales', 'sales', 6],
  ['showroom_receptionist', '展厅接待', 'sales', 'service', 'sales', 1],
  ['used_car_appraiser', '二手车评估师', 'technical', 'sales', 'sales', 1],
  ['finance_specialist', '金融专员', 'sales', 'sales', 'sales', 1],
  ['aftersales_manager', '售后经理', 'management', 'service', 'aftersales', 1],
  ['service_advisor', '服务顾问', 'aftersales', 'service', 'aftersales', 2],
  ['mechanic', '机修技师', 'technical', 'technical', 'aftersales', 3],
  ['body_technician', '钣金技师', 'technical', 'technical', 'aftersales', 1],
  ['paint_technician', '喷漆技师', 'technical', 'technical', 'aftersales', 1],
  ['parts_specialist', '配件专员', 'aftersales', 'service', 'aftersales', 1],
  ['marketing_specialist', '市场专员', 'functional', 'marketing', 'marketing', 1],
  ['finance_manager', '财务经理', 'management', 'finance', 'finance', 1],
  ['accountant', '会计', 'functional', 'finance', 'finance', 1],
  ['cashier', '出纳', 'functional', 'finance', 'finance', 1],
  ['hr_specialist', '人事专员', 'functional', 'admin', 'hr_admin', 1],
  ['admin_specialist', '行政专员', 'functional', 'admin', 'hr_admin', 1],
  ['customer_service_specialist', '客服专员', 'functional', 'service', 'customer_service', 1],
  // Held as a part-time post next to a main post (e.g. a senior consultant who also trains newcomers).
  ['internal_trainer', '内训师', 'functional', 'admin', 'hr_admin', 0, false],
];

const headOfficeRows: Row[] = [
  ['hr_director', '人力资源总监', 'management', 'management', null, 0],
  ['hr_manager', '人事经理', 'management', 'admin', null, 0],
  ['it_engineer', 'IT工程师', 'technical', 'technical', null, 0],
];

const toPost =
  (headOffice: boolean) =>
  ([code, name, postTypeCode, categoryCode, departmentCode, plannedPerStore, isMain]: Row) => ({
    code,
    name,
    postTypeCode,
    categoryCode,
    departmentCode,
    plannedPerStore,
    isMain: isMain ?? true,
    headOffice,
  });

export const posts: PostSeed[] = [...storeRows.map(toPost(false)), ...headOfficeRows.map(toPost(true))].map(
  (post, index) => ({ ...post, sort: (index + 1) * 10 }),
);
